/**
 * Web Push into the real built service worker, in real Chromium, against the real server.
 *
 * The message is the server's own: an Agent Mode run asks a question and later finishes, the
 * server encrypts and VAPID-signs each push to a device subscribed at a local push service
 * (tests/helpers/push-endpoint.ts), which verifies and decrypts it as a browser's push service and
 * the browser would. The decrypted text is then handed to the worker the way a push service's
 * message reaches it, through the DevTools protocol: `ServiceWorker.deliverPushMessage`, which
 * fires a trusted `push` event in the registered worker (waking it when it is stopped). Headless
 * Chromium cannot take a real subscription (`pushManager.subscribe` rejects with "Registration
 * failed - permission denied" in a browser context, and the vendor's push service is not
 * reachable), so the device's subscription is posted to the server from the test, as the page
 * posts one.
 *
 * What the worker did is read from the browser itself: `registration.getNotifications()` inside
 * the worker, and the browser's own records of push and notification events (the DevTools
 * "Background services" log: push dispatched/completed with its status, notification
 * displayed/closed), which also give every wait an event to wait for.
 *
 * A click on a notification: headless Chromium has no notification UI to click and no DevTools
 * command for it, so the test dispatches `new NotificationEvent('notificationclick', …)` with the
 * shown notification inside the worker; the worker's real handler runs and drives the real page.
 * Chromium gives a script-made event two refusals a user's click would not get: `waitUntil`
 * throws ("Can not call waitUntil on a script constructed ExtendableEvent") and
 * `WindowClient.focus()` rejects ("Not allowed to focus a window": only a browser-dispatched click
 * grants window interaction). For that one event, the test takes the handler's `waitUntil`
 * promise itself (to wait for it and see it resolve) and records `focus()` calls instead of
 * making them; matching windows, closing the notification and `navigate()` are the browser's own.
 *
 * A shown notification closes after 10 s (the worker's own timer). Nothing the test checks may
 * depend on the test getting there within those 10 s of real time, which a busy machine does not
 * grant: what the browser showed is read inside the worker the moment it was shown, times are the
 * browser's own (shown, closed, the timer asking), and where the test must act on a notification
 * still shown (the click), the worker's close is held until the test has acted, then let through.
 */
import type { BrowserContext, CDPSession, Page, Worker } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentModeRunDetail } from '../../src/contract/agent-mode';
import { NOTIFICATION_AUTO_CLOSE_MS } from '../../src/contract/notification-rules';
import type { PushPayload } from '../../src/contract/notifications';
import { NOTIFICATION_RECEIVED } from '../../sw/messages';
import { LOCAL_PUSH_SERVICE_ENV, startPushEndpoint, type PushEndpoint, type TestDevice } from '../helpers/push-endpoint';
import { until } from '../helpers/wait-until';
import { apiLogin, newContext, registerAccount, signInThroughUi, startAppForFile, uniqueAccount, waitForServiceWorkerControl } from './harness';
import { currentSpaceId } from './pwa-support';

// The local push service: plain http on a loopback address. No model is configured, so runs use
// the offline engine, whose research step asks a question when the knowledge base is empty.
const app = startAppForFile({ env: LOCAL_PUSH_SERVICE_ENV });

let pushService: PushEndpoint;
beforeAll(async () => {
  pushService = await startPushEndpoint();
});
afterAll(async () => {
  await pushService?.close();
});

/** One entry of the browser's "Background services" log (DevTools Application panel). */
interface BrowserRecord {
  service: string;
  name: string;
  /** The notification's tag for notification records; empty for push records. */
  tag: string;
  metadata: Record<string, string>;
  /** Seconds. */
  at: number;
}

interface Records {
  readonly all: readonly BrowserRecord[];
  /** Resolves with what `found` returns once it returns something, checked on every new record. */
  waitFor<T>(what: string, found: (records: readonly BrowserRecord[]) => T | undefined, timeoutMs?: number): Promise<T>;
}

async function recordBackgroundServices(cdp: CDPSession): Promise<Records> {
  const all: BrowserRecord[] = [];
  const waiters = new Set<() => void>();
  cdp.on('BackgroundService.backgroundServiceEventReceived', ({ backgroundServiceEvent: event }) => {
    all.push({
      service: event.service,
      name: event.eventName,
      tag: event.instanceId,
      metadata: Object.fromEntries(event.eventMetadata.map(({ key, value }) => [key, value])),
      at: event.timestamp,
    });
    for (const wake of [...waiters]) wake();
  });
  for (const service of ['pushMessaging', 'notifications'] as const) {
    await cdp.send('BackgroundService.startObserving', { service });
    await cdp.send('BackgroundService.setRecording', { service, shouldRecord: true });
  }
  return {
    all,
    waitFor(what, found, timeoutMs = PLAYWRIGHT_DEFAULT_MS) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const result = found(all);
          if (result === undefined) return;
          settle();
          resolve(result);
        };
        const timer = setTimeout(() => {
          settle();
          reject(new Error(`${what}: not recorded within ${timeoutMs} ms; recorded: ${JSON.stringify(all.map((r) => [r.name, r.tag]))}`));
        }, timeoutMs);
        const settle = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
  };
}

/** Playwright's default wait: the bound of every wait here with nothing else to wait for. */
const PLAYWRIGHT_DEFAULT_MS = 30_000;
/** The worker closes a notification no sooner than this after showing it; a busy machine adds to it. */
const CLOSE_BOUND_MS = NOTIFICATION_AUTO_CLOSE_MS + PLAYWRIGHT_DEFAULT_MS;

const recordedAfter = (mark: number, name: string, tag?: string) => (records: readonly BrowserRecord[]) =>
  records.slice(mark).find((record) => record.name === name && (tag === undefined || record.tag === tag));

function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: not seen within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

interface SignedInApp {
  context: BrowserContext;
  page: Page;
  cdp: CDPSession;
  worker: Worker;
  records: Records;
  /** Errors the worker reported (uncaught exceptions, unhandled rejections). */
  workerErrors: string[];
  /** What a push service does with a message for this browser's registration. */
  deliverPush(data: string): Promise<void>;
}

async function openSignedIn(label: string): Promise<SignedInApp & { accessToken: string; spaceId: string }> {
  const baseUrl = app.server.baseUrl;
  const account = uniqueAccount(label);
  await registerAccount(baseUrl, account);
  const context = await newContext(app.browser);
  // What the person grants through the notifications opt-in; without it showNotification rejects.
  await context.grantPermissions(['notifications'], { origin: baseUrl });
  const page = await context.newPage();
  await signInThroughUi(page, baseUrl, account);
  await waitForServiceWorkerControl(page);
  const spaceId = await currentSpaceId(page);
  if (!spaceId) throw new Error('the app chose no space after sign-in');

  const cdp = await context.newCDPSession(page);
  const workerErrors: string[] = [];
  cdp.on('ServiceWorker.workerErrorReported', ({ errorMessage }) => workerErrors.push(errorMessage.errorMessage));
  // ServiceWorker.enable reports the existing registrations; the push needs the app's registration id.
  const registered = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((registration) => registration.scopeURL === `${baseUrl}/` && !registration.isDeleted);
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  const registrationId = await within(registered, PLAYWRIGHT_DEFAULT_MS, "the app's worker registration");
  const records = await recordBackgroundServices(cdp);
  const scriptUrl = `${baseUrl}/sw.js`;
  const worker =
    context.serviceWorkers().find((candidate) => candidate.url() === scriptUrl) ??
    (await context.waitForEvent('serviceworker', { predicate: (candidate) => candidate.url() === scriptUrl }));
  const { access_token: accessToken } = await apiLogin(baseUrl, account);
  return {
    context,
    page,
    cdp,
    worker,
    records,
    workerErrors,
    accessToken,
    spaceId,
    async deliverPush(data) {
      await cdp.send('ServiceWorker.deliverPushMessage', { origin: baseUrl, registrationId, data });
    },
  };
}

/** Collects the NOTIFICATION_RECEIVED messages the worker posts to this page (until it navigates). */
async function listenToWorker(page: Page): Promise<void> {
  await page.evaluate((type) => {
    const heard: unknown[] = [];
    (window as unknown as { heardFromWorker: unknown[] }).heardFromWorker = heard;
    navigator.serviceWorker.addEventListener('message', (event: MessageEvent<{ type?: unknown; notification?: unknown }>) => {
      if (event.data?.type === type) heard.push(event.data.notification);
    });
  }, NOTIFICATION_RECEIVED);
}

async function heardFromWorker(page: Page, id: string): Promise<unknown> {
  await page.waitForFunction((wanted) => {
    const heard = (window as unknown as { heardFromWorker?: Array<{ id?: unknown }> }).heardFromWorker ?? [];
    return heard.some((notification) => notification.id === wanted);
  }, id);
  return page.evaluate((wanted) => {
    const heard = (window as unknown as { heardFromWorker: Array<{ id?: unknown }> }).heardFromWorker;
    return heard.find((notification) => notification.id === wanted);
  }, id);
}

interface ShownNotification {
  title: string;
  body: string;
  tag: string;
  icon: string;
  badge: string;
  data: unknown;
}

/** The notifications the worker's registration is showing, read inside the worker. */
function shownNotifications(worker: Worker, tag: string): Promise<ShownNotification[]> {
  return worker.evaluate(async (wanted) => {
    const scope = self as unknown as { registration: ServiceWorkerRegistration; ServiceWorkerRegistration: typeof ServiceWorkerRegistration };
    // The browser's list itself, past the watch's hold on the worker's own calls (watchNotifications).
    const shown = await scope.ServiceWorkerRegistration.prototype.getNotifications.call(scope.registration, { tag: wanted });
    return shown.map((notification) => ({
      title: notification.title,
      body: notification.body,
      tag: notification.tag,
      icon: notification.icon,
      badge: notification.badge,
      data: notification.data as unknown,
    }));
  }, tag);
}

interface ClickOutcome {
  found: boolean;
  /** URLs of the windows the handler asked to focus. */
  focused: string[];
  /** Why the handler's promise rejected, or null when it resolved. */
  failure: string | null;
}

/** Clicks the shown notification with this tag: the worker's own notificationclick handler runs. */
function clickNotification(worker: Worker, tag: string): Promise<ClickOutcome> {
  return worker.evaluate(async (wanted): Promise<ClickOutcome> => {
    const scope = self as unknown as {
      registration: ServiceWorkerRegistration;
      ServiceWorkerRegistration: typeof ServiceWorkerRegistration;
      NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
      WindowClient: { prototype: { url: string; focus(): Promise<unknown> } };
      dispatchEvent(event: Event): boolean;
    };
    const [notification] = await scope.ServiceWorkerRegistration.prototype.getNotifications.call(scope.registration, { tag: wanted });
    if (!notification) return { found: false, focused: [], failure: null };
    const windowClient = scope.WindowClient.prototype;
    const realFocus = windowClient.focus;
    const focused: string[] = [];
    // A user's click may focus a window; a script-made event may not (header comment).
    windowClient.focus = async function (this: { url: string }) {
      focused.push(this.url);
      return this;
    };
    const click = new scope.NotificationEvent('notificationclick', { notification });
    let handled: Promise<unknown> = Promise.resolve();
    Object.defineProperty(click, 'waitUntil', {
      value: (work: Promise<unknown>) => {
        handled = work;
      },
    });
    try {
      scope.dispatchEvent(click);
      await handled;
      return { found: true, focused, failure: null };
    } catch (error) {
      return { found: true, focused, failure: String(error) };
    } finally {
      windowClient.focus = realFocus;
    }
  }, tag);
}

interface NotificationWatch {
  /** What the browser listed under the tag the moment each notification was shown; `at` by the worker's clock. */
  shown: Array<{ at: number; notifications: ShownNotification[] }>;
  /** When the worker's own close (its one read of the list, sw/push.ts) asked for it, by the worker's clock. */
  closeAsked: number[];
}

/**
 * Watches the running worker (a stopped worker starts without it): each notification it shows is
 * read from the browser at once, so what was shown is known however late the test looks. With
 * `holdClose`, the worker's own close waits until `releaseClose` (its list read is held), so the
 * test can act on a notification that is still shown however busy the machine is.
 */
function watchNotifications(worker: Worker, holdClose: boolean): Promise<void> {
  return worker.evaluate((hold) => {
    const scope = self as unknown as {
      registration: ServiceWorkerRegistration;
      ServiceWorkerRegistration: typeof ServiceWorkerRegistration;
      notificationWatch?: NotificationWatch & { release(): void };
    };
    const browser = scope.ServiceWorkerRegistration.prototype;
    let release = () => {};
    const released = hold ? new Promise<void>((resolve) => (release = resolve)) : Promise.resolve();
    const watch = { shown: [] as NotificationWatch['shown'], closeAsked: [] as number[], release: () => release() };
    scope.registration.showNotification = async function (this: ServiceWorkerRegistration, title: string, options?: NotificationOptions) {
      await browser.showNotification.call(this, title, options);
      const at = Date.now();
      const listed = await browser.getNotifications.call(this, { tag: options?.tag ?? '' });
      const notifications = listed.map((notification) => ({
        title: notification.title,
        body: notification.body,
        tag: notification.tag,
        icon: notification.icon,
        badge: notification.badge,
        data: notification.data as unknown,
      }));
      watch.shown.push({ at, notifications });
    };
    scope.registration.getNotifications = async function (this: ServiceWorkerRegistration, filter?: GetNotificationOptions) {
      watch.closeAsked.push(Date.now());
      await released;
      return browser.getNotifications.call(this, filter);
    };
    scope.notificationWatch = watch;
  }, holdClose);
}

/** What the watch saw; null when the worker has restarted since it was set up. */
function watched(worker: Worker): Promise<NotificationWatch | null> {
  return worker.evaluate(() => {
    const watch = (self as unknown as { notificationWatch?: NotificationWatch }).notificationWatch;
    return watch ? { shown: watch.shown, closeAsked: watch.closeAsked } : null;
  });
}

/** What the watch saw once the worker has shown `count` notifications and read them back. */
async function watchedShowing(worker: Worker, count: number): Promise<NotificationWatch> {
  let watch: NotificationWatch | null = null;
  await until(
    `the worker reading back notification ${count}`,
    async () => {
      watch = await watched(worker);
      return watch === null || watch.shown.length >= count;
    },
    PLAYWRIGHT_DEFAULT_MS,
  );
  if (!watch) throw new Error('the worker restarted after the watch was set up: it showed the notification without it');
  return watch;
}

/** Lets the worker's held close go ahead (at once if its 10 s have passed). */
function releaseClose(worker: Worker): Promise<void> {
  return worker.evaluate(() => (self as unknown as { notificationWatch?: { release(): void } }).notificationWatch?.release());
}

async function api<T>(path: string, init: { method?: string; token: string; spaceId?: string; body?: unknown }): Promise<T> {
  const res = await fetch(`${app.server.baseUrl}/api/v1${path}`, {
    method: init.method ?? 'GET',
    headers: {
      authorization: `Bearer ${init.token}`,
      ...(init.spaceId ? { 'x-space-id': init.spaceId } : {}),
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

/** The device's subscription, posted to the server as the page posts the browser's PushSubscription. */
async function subscribeDevice(accessToken: string): Promise<TestDevice> {
  const device = pushService.device();
  await api('/notifications/push/subscriptions', { method: 'POST', token: accessToken, body: device.subscription });
  return device;
}

async function pushReceived(device: TestDevice, count: number): Promise<{ text: string; payload: PushPayload }> {
  await until(`push ${count} reaching the device's push service`, () => device.received.length >= count, PLAYWRIGHT_DEFAULT_MS);
  expect(device.rejected).toEqual([]);
  return device.received[count - 1]!;
}

describe('Web Push in the built service worker', () => {
  it("shows the server's push for a run that needs an answer, and a click brings the open page to the run", async () => {
    const baseUrl = app.server.baseUrl;
    const { context, page, cdp, worker, records, workerErrors, accessToken, spaceId, deliverPush } = await openSignedIn('push');
    try {
      const device = await subscribeDevice(accessToken);
      // An empty knowledge base: the offline research step asks what it could not find.
      const plan = await api<AgentModeRunDetail>('/agent-mode/runs', {
        method: 'POST',
        token: accessToken,
        spaceId,
        body: { goal: 'Write launch emails for the garden centre reopening', agents: ['email'] },
      });
      const runId = plan.run.id;
      const tag = `run:${runId}`;
      const runPath = `/agent-mode?run=${runId}`;
      await api(`/agent-mode/runs/${runId}/approve`, { method: 'POST', token: accessToken, spaceId });
      const question = await pushReceived(device, 1);
      expect(question.payload).toMatchObject({ kind: 'run_needs_answer', title: 'Agent Mode needs your answer', url: runPath, tag, space_id: spaceId });

      // Where the person is: on the dashboard. The worker is awake (the page just loaded): the
      // finish, below, comes while it sleeps.
      expect(new URL(page.url()).pathname).toBe('/dashboard');
      await listenToWorker(page);
      // The page loaded before the run asked: its bell has nothing yet (its own refresh is every 60 s).
      await page.getByRole('button', { name: 'Notifications', exact: true }).waitFor();

      // The worker's close is held until the test has clicked (header comment).
      await watchNotifications(worker, true);
      const beforePush = records.all.length;
      await deliverPush(question.text);
      const displayed = await records.waitFor('the notification displayed', recordedAfter(beforePush, 'Notification displayed', tag));
      expect(displayed.metadata).toEqual({ Title: question.payload.title, Body: question.payload.body });
      const shownQuestion = {
        title: 'Agent Mode needs your answer',
        body: question.payload.body,
        tag,
        icon: `${baseUrl}/icons/icon-192.png`,
        badge: `${baseUrl}/icons/icon-192.png`,
        data: { url: runPath, id: question.payload.id, space_id: spaceId },
      };
      const watch = await watchedShowing(worker, 1);
      expect(watch.shown.map(({ notifications }) => notifications)).toEqual([[shownQuestion]]);
      expect(question.payload.body.startsWith(`"${plan.run.title}": `)).toBe(true);
      // The open page is told at once, and its bell counts the notification without waiting for its
      // 60 s refresh (the visually hidden count is a block of its own in the accessible name).
      expect(await heardFromWorker(page, question.payload.id)).toEqual(question.payload);
      await page.getByRole('button', { name: /^Notifications\s*, 1 unread$/ }).waitFor();
      expect(await shownNotifications(worker, tag)).toEqual([shownQuestion]);

      const beforeClick = records.all.length;
      const click = await clickNotification(worker, tag);
      expect(click).toEqual({ found: true, focused: [expect.stringContaining(`${baseUrl}/`)], failure: null });
      // The window moved to the run (the worker adds `?space=`; the app drops it once adopted).
      await page.waitForURL(`${baseUrl}${runPath}`);
      // Closed by the click: the worker's own close is still held.
      expect(await shownNotifications(worker, tag)).toEqual([]);
      await records.waitFor('the notification closed', recordedAfter(beforeClick, 'Notification closed', tag));
      const asks = page.getByRole('form', { name: /asks$/ });
      await asks.waitFor();
      // Let the worker's close go: it finds nothing left to close, and the push event ends well.
      await releaseClose(worker);
      const firstDone = await records.waitFor('the first push event completed', recordedAfter(beforePush, 'Push event completed'), CLOSE_BOUND_MS);
      expect(firstDone.metadata).toEqual({ Status: 'Success' });
      // It asked no sooner than 10 s after the notification was shown, by the worker's own clock.
      const asked = (await watched(worker))?.closeAsked ?? [];
      expect(asked).toHaveLength(1);
      expect(asked[0]! - watch.shown[0]!.at).toBeGreaterThanOrEqual(NOTIFICATION_AUTO_CLOSE_MS);

      // The person answers on the page they were brought to; the run finishes while they watch it.
      await listenToWorker(page);
      await asks.getByLabel('Your answer').fill('We reopen on 5 April with 15% off seedlings for members.');
      await asks.getByRole('button', { name: 'Send answer' }).click();
      const finished = await pushReceived(device, 2);
      expect(finished.payload).toMatchObject({ kind: 'run_finished', title: 'Agent Mode run finished', url: runPath, tag });

      // The person moves on inside the app before the finish arrives. Chromium's Client.url still
      // names the run (the address navigate() loaded), so only the page itself can say where it is
      // now: the worker asks it (sw/window-urls.ts) and shows the notification.
      await page.getByRole('link', { name: 'Knowledge Base' }).click();
      await page.waitForURL(`${baseUrl}/knowledge-base`);
      expect(await page.evaluate(() => document.hasFocus())).toBe(true);
      // The worker asleep, as it mostly is when a push comes: the push wakes it.
      const stopped = new Promise<void>((resolve) => {
        cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
          if (versions.some((version) => version.runningStatus === 'stopped')) resolve();
        });
      });
      await cdp.send('ServiceWorker.stopAllWorkers');
      await within(stopped, PLAYWRIGHT_DEFAULT_MS, 'the worker stopping');
      const beforeFinish = records.all.length;
      await deliverPush(finished.text);
      expect(await heardFromWorker(page, finished.payload.id)).toEqual(finished.payload);
      const finishShown = await records.waitFor('the finish notification displayed', recordedAfter(beforeFinish, 'Notification displayed', tag));
      expect(finishShown.metadata).toEqual({ Title: finished.payload.title, Body: finished.payload.body });
      // Closed by the woken worker's own timer, no sooner than 10 s after it was shown (the
      // browser's timestamps are in seconds), and the push event ends well.
      const finishClosed = await records.waitFor('the finish notification closed', recordedAfter(beforeFinish, 'Notification closed', tag), CLOSE_BOUND_MS);
      expect(finishClosed.at - finishShown.at).toBeGreaterThanOrEqual(NOTIFICATION_AUTO_CLOSE_MS / 1000 - 0.5);
      const finishDone = await records.waitFor('the finish push event completed', recordedAfter(beforeFinish, 'Push event completed'));
      expect(finishDone.metadata).toEqual({ Status: 'Success' });
      expect(await shownNotifications(worker, tag)).toEqual([]);
      expect(workerErrors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);

  it('shows a generic notification for a message it cannot read, closes it after 10 s, and completes the push', async () => {
    const baseUrl = app.server.baseUrl;
    const { context, page, worker, records, workerErrors, deliverPush } = await openSignedIn('unreadable');
    try {
      const fallback = { id: 'unreadable', kind: 'unknown', title: 'Mosaic', body: 'Something finished. Open Mosaic to see it.', url: '/', tag: 'mosaic', space_id: null };
      // Cut-off JSON, then an empty message: one after the other, since both use the fallback's
      // tag and id, and the first one's 10 s close would close the second's notification.
      for (const data of ['{"id":"n1","kind":"run_finished","title":"Agent Mode', '']) {
        await listenToWorker(page);
        await watchNotifications(worker, false);
        const before = records.all.length;
        await deliverPush(data);
        const displayed = await records.waitFor(`the fallback for ${JSON.stringify(data)}`, recordedAfter(before, 'Notification displayed', 'mosaic'));
        expect(displayed.metadata).toEqual({ Title: 'Mosaic', Body: fallback.body });
        const { shown } = await watchedShowing(worker, 1);
        expect(shown.map(({ notifications }) => notifications)).toEqual([
          [{ title: 'Mosaic', body: fallback.body, tag: 'mosaic', icon: `${baseUrl}/icons/icon-192.png`, badge: `${baseUrl}/icons/icon-192.png`, data: { url: '/', id: 'unreadable', space_id: null } }],
        ]);
        expect(await heardFromWorker(page, 'unreadable')).toEqual(fallback);

        const closed = await records.waitFor('the fallback closed', recordedAfter(before, 'Notification closed', 'mosaic'), CLOSE_BOUND_MS);
        // Closed by the worker's own timer, not at once (the browser's timestamps are in seconds),
        // which asked for the list no sooner than 10 s after showing it (the worker's clock).
        expect(closed.at - displayed.at).toBeGreaterThanOrEqual(NOTIFICATION_AUTO_CLOSE_MS / 1000 - 0.5);
        const asked = (await watched(worker))?.closeAsked ?? [];
        expect(asked).toHaveLength(1);
        expect(asked[0]! - shown[0]!.at).toBeGreaterThanOrEqual(NOTIFICATION_AUTO_CLOSE_MS);
        const completed = await records.waitFor('the push event completed', recordedAfter(before, 'Push event completed'));
        expect(completed.metadata).toEqual({ Status: 'Success' });
        expect(await shownNotifications(worker, 'mosaic')).toEqual([]);
      }
      expect(workerErrors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);
});
