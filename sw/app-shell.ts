/**
 * The app shell: every built file is precached at install, and page navigations are answered
 * with the precached index.html, so the app opens offline and every client-side route survives a
 * reload. A new build arrives as a new worker, which waits for the user's consent (sw.ts).
 */
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { routeFor } from './routing-table';

/** The precache key of the page every navigation resolves to. */
export const APP_SHELL_URL = 'index.html';

/**
 * @param workerUrl the worker script's own URL: precache entries are relative to it. The shell URL
 * is resolved to an absolute one here so the handler never depends on relative-URL resolution.
 */
export function installAppShell(manifest: ReadonlyArray<PrecacheEntry | string>, workerUrl: string): void {
  const appOrigin = new URL(workerUrl).origin;
  precacheAndRoute([...manifest]);
  // Precaches of earlier Workbox versions are dead weight on the device.
  cleanupOutdatedCaches();
  // routeFor never sends /api/ navigations here: those are API documents, not app pages.
  registerRoute(
    ({ request }) => routeFor(request, appOrigin) === 'app-shell',
    createHandlerBoundToURL(new URL(APP_SHELL_URL, workerUrl).href),
  );
}
