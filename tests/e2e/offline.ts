/**
 * No connection for a browser context: its pages and its service worker alike.
 *
 * Playwright's `setOffline` fails the pages' requests and turns navigator.onLine false, but in
 * Chromium it does not reach the service worker's own fetches: with the page "offline", a chat's
 * read through the worker went to the server and came back (seen in offline-first-session.e2e.ts),
 * so a screen said to come "from the device" could have come from the network. The worker's
 * requests fail here as a lost connection through a route, which Playwright applies to a worker's
 * network too. (network-conditions.e2e.ts reaches the worker through DevTools instead, since it
 * also slows it down.)
 */
import type { BrowserContext, Route } from 'playwright-core';

/** The same function object each time: `unroute` matches the handler it was given. */
const workerDisconnected = (route: Route): Promise<void> =>
  route.request().serviceWorker() ? route.abort('internetdisconnected') : route.fallback();

export async function setOffline(context: BrowserContext, offline: boolean): Promise<void> {
  if (offline) {
    // The worker first: nothing it starts once the page is offline reaches the server.
    await context.route('**', workerDisconnected);
    await context.setOffline(true);
  } else {
    // The worker first again: when the page hears 'online', everything it asks goes through.
    await context.unroute('**', workerDisconnected);
    await context.setOffline(false);
  }
}
