/**
 * Registers the service worker (sw/sw.ts, built to /sw.js) and runs the update flow: a new version
 * installs in the background and waits; the page says so; the new worker takes over only when the
 * user presses Reload (docs/pwa.md).
 */
import { Workbox } from 'workbox-window';
import type { WorkboxLifecycleEvent } from 'workbox-window';
import { describeError, logger } from '../lib/logger';
import { updateState } from './update.store';

/** The parts of workbox-window's Workbox this module uses (a fake can stand in for tests). */
export type WorkboxLike = Pick<Workbox, 'register' | 'update' | 'messageSkipWaiting' | 'addEventListener'>;

export interface RegisterServiceWorkerOptions {
  /** Defaults to production builds only: the dev server serves no worker. */
  enabled?: boolean;
  workbox?: WorkboxLike;
  document?: Document;
  reload?: () => void;
}

/**
 * How long Reload waits for the new version to take over before reloading the page anyway. The
 * swap normally takes under a second; when the browser holds on to the old worker longer, the
 * reload itself asks it again to swap, and the page comes back under whichever version is active.
 */
export const TAKEOVER_FALLBACK_MS = 8_000;

let activeWorkbox: WorkboxLike | null = null;
let takeoverFallback: ReturnType<typeof setTimeout> | undefined;
let reloadPage: () => void = () => window.location.reload();
let userAgreed = false;
/** Another tab already let the new version take over; Reload then only needs a page reload. */
let takenOverElsewhere = false;

/** Call once at start-up. Resolves with the registration, or undefined when there is no worker. */
export async function registerServiceWorker(
  options: RegisterServiceWorkerOptions = {},
): Promise<ServiceWorkerRegistration | undefined> {
  const enabled = options.enabled ?? import.meta.env.PROD;
  if (!enabled) return undefined;
  if (!options.workbox && !('serviceWorker' in navigator)) return undefined;
  const workbox = options.workbox ?? new Workbox('/sw.js', { scope: '/' });
  const doc = options.document ?? document;
  activeWorkbox = workbox;
  reloadPage = options.reload ?? (() => window.location.reload());
  userAgreed = false;
  takenOverElsewhere = false;
  clearTimeout(takeoverFallback);

  workbox.addEventListener('waiting', () => {
    updateState.updateAvailable = true;
    updateState.dismissed = false;
  });
  workbox.addEventListener('controlling', (event: WorkboxLifecycleEvent) => {
    if (userAgreed) {
      clearTimeout(takeoverFallback);
      reloadPage();
      return;
    }
    // A Reload pressed in another tab activated the new version under this page too. Only when the
    // page already ran under a worker (isUpdate): on a first install a worker registered by another
    // tab claiming this page is "external" too, yet there is no older version to replace.
    if (event.isUpdate) {
      takenOverElsewhere = true;
      updateState.updateAvailable = true;
      updateState.dismissed = false;
    }
  });
  // A tab left open for days should still learn about new versions: check whenever it is shown.
  doc.addEventListener('visibilitychange', () => {
    if (doc.visibilityState !== 'visible') return;
    workbox.update().catch((error: unknown) => logger.warn('Service worker update check failed', { error: describeError(error) }));
  });

  try {
    return await workbox.register();
  } catch (error) {
    // The app works without a worker, only not offline.
    logger.warn('Service worker registration failed', { error: describeError(error) });
    return undefined;
  }
}

/**
 * Reload: the waiting worker takes over and the page reloads under it. Meanwhile `applying` holds
 * every new API request (update.store.ts), which lets the old worker go idle so the swap can happen.
 */
export function applyUpdate(): void {
  if (!activeWorkbox || !updateState.updateAvailable) return;
  userAgreed = true;
  updateState.applying = true;
  if (takenOverElsewhere) {
    reloadPage();
    return;
  }
  // Armed first: the worker may take over before messageSkipWaiting returns.
  takeoverFallback = setTimeout(reloadPage, TAKEOVER_FALLBACK_MS);
  activeWorkbox.messageSkipWaiting();
}

/** Later: hide the prompt; the new version still takes over on the next visit after all tabs close. */
export function dismissUpdate(): void {
  updateState.dismissed = true;
}
