/**
 * Start-up wiring of the installable, offline-tolerant layer (src/pwa, src/db) into the app.
 *
 * Everything heavy is imported on demand so the first screen (Login) does not pay for it:
 * the worker registration (workbox-window) waits for the page's load event, and the logout wipe
 * (Dexie) and the storage-full toast (sonner) load only when they are needed. The worker precaches
 * those chunks, so on-demand loading also works offline.
 */
import { subscribe } from 'valtio';
import { callEndpoint, http } from '../api';
import { AUTH_ROUTES } from '../contract/auth-routes';
import { authState, getCurrentSpaceId, onSessionReset, onSpacesEvent } from '../session';
import { onStorageFull } from '../db/quota';
import { startConnectivityTracking } from '../pwa/connectivity.store';
import { listenForInstallPrompt } from '../pwa/install.store';
import { answerWorkerUrlQuestions } from '../pwa/window-url';
import { askReadsAgainWhenWorkerControls, forgetReadsBeforeControl } from '../pwa/reads-before-control';
import { whenIdle } from '../pwa/when-idle';

let started = false;

/** A message written offline waits at most this long after a start before the outbox sends it. */
const OUTBOX_START_WITHIN_MS = 2_000;

/** Call once at start-up, before the first render. Later calls do nothing. */
export function startOfflineLayer(): void {
  if (started) return;
  started = true;

  // Both must listen from the very start: Chromium fires beforeinstallprompt once, early, and a
  // request failing during sign-in must already move the banner.
  listenForInstallPrompt();
  startConnectivityTracking();
  // The worker asks where this window is before it shows a notification or handles its click.
  answerWorkerUrlQuestions();

  // Logout and session expiry: nothing of the user stays on the device (spec 000 §4), i.e. the
  // saved data in IndexedDB, the worker's saved API answers and the notification opt-in.
  onSessionReset(async () => {
    const { clearOfflineData } = await import('../pwa/offline-data');
    await clearOfflineData();
  });

  onStorageFull((message) => {
    void import('sonner').then(({ toast }) => toast.error(message));
  });

  registerWorkerAfterLoad();
  keepSessionSavedForOfflineStart();

  // Chat messages written offline wait in the outbox (Dexie) and go when the connection returns;
  // spaces-ready is the first moment they can be sent after a start (docs/agents.md "Offline outbox").
  // Started when the browser is next idle: loading it (Dexie) would otherwise lengthen the busy
  // moment of a start-up, when the first screen renders.
  onSpacesEvent('spaces-ready', () => {
    whenIdle(() => void import('../features/agents/outbox/outbox-wake').then(({ startOutbox }) => startOutbox()), OUTBOX_START_WITHIN_MS);
  });
}

/**
 * An offline start restores the session from the worker's saved GET /me and spaces (a start the
 * server cannot answer would otherwise have nothing to start from), and a screen reloaded offline
 * shows the worker's saved answers. Sign-in itself never calls /me, and a first visit makes its
 * calls before the worker controls the page (it is registered after the load and claims the page
 * when its first install is done), so: /me is asked after a sign-in, and when the worker first
 * takes control, /me and every read made until then are asked again, through it.
 */
function keepSessionSavedForOfflineStart(): void {
  const saveMe = () => {
    if (authState.status !== 'AUTHENTICATED' || !navigator.serviceWorker?.controller) return;
    void callEndpoint(AUTH_ROUTES.me).catch(() => undefined);
  };
  let lastStatus = authState.status;
  subscribe(authState, () => {
    if (authState.status === lastStatus) return;
    const signedIn = lastStatus !== 'INITIALIZING' && authState.status === 'AUTHENTICATED' && lastStatus !== 'REFRESHING';
    lastStatus = authState.status;
    if (signedIn) saveMe();
  });
  if (typeof navigator !== 'undefined' && navigator.serviceWorker && !navigator.serviceWorker.controller) {
    navigator.serviceWorker.addEventListener('controllerchange', saveMe, { once: true });
  }
  // Options given on purpose: a plain get would take a screen's early answer (src/api/early-gets.ts),
  // which already came from the network without the worker.
  askReadsAgainWhenWorkerControls((path) => http.get(path, {}), getCurrentSpaceId);
  onSessionReset(forgetReadsBeforeControl);
}

/**
 * The worker is registered after the page has loaded so its precache downloads do not compete
 * with the first screen for the network (the usual advice for service workers).
 */
function registerWorkerAfterLoad(): void {
  const register = () => {
    void import('../pwa/register-sw').then(({ registerServiceWorker }) => registerServiceWorker());
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
