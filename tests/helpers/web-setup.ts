import 'fake-indexeddb/auto';
import { afterEach, inject, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { takeContractDisagreements } from './fake-backend-contract';

/**
 * Screens are waited for, never timed: `findBy…` and `waitFor` end as soon as their condition
 * holds, so these bounds only decide how long a failing test takes to say so. Testing Library's
 * default (1 s) fails tests that are merely slow on a loaded 2-core CI machine; the test bound
 * sits above the longest wait so a wait that runs out reports what it was waiting for.
 */
export const WEB_WAIT_BOUND_MS = 20_000;
configure({ asyncUtilTimeout: WEB_WAIT_BOUND_MS });
vi.setConfig({ testTimeout: 3 * WEB_WAIT_BOUND_MS, hookTimeout: 3 * WEB_WAIT_BOUND_MS });

/**
 * Whether this worker's files share one module graph (the `web` project, `isolate: false`): the
 * app's module state then outlives a file, and is reset after each test below. The `web-fresh`
 * files load the app's modules themselves (some replaced by `vi.mock`, some loaded afresh per test),
 * so nothing of the app is imported from here for them.
 */
const modulesShared = inject('webModulesShared') === true;

/**
 * Files that need object URLs assign them on the URL class itself (`Object.assign(URL, …)`: a
 * class's static methods cannot be stubbed one by one), which outlives `vi.unstubAllGlobals()`.
 * The environment's own are noted once per worker, before any test ran, and put back after each.
 */
type ObjectUrlMethods = Pick<typeof URL, 'createObjectURL' | 'revokeObjectURL'>;
const worker = globalThis as typeof globalThis & { environmentObjectUrls?: ObjectUrlMethods };
worker.environmentObjectUrls ??= { createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL };
const environmentObjectUrls = worker.environmentObjectUrls;

function restoreObjectUrls(): void {
  for (const [name, method] of Object.entries(environmentObjectUrls)) {
    if (method) Object.assign(URL, { [name]: method });
    else Reflect.deleteProperty(URL, name);
  }
}

/**
 * After each test, whatever the order of files: no React tree, no fake clock, no stored keys, no
 * leftover nodes; and in the shared graph, the app as a new person finds it on this device
 * (signed out, every store reset, nothing saved in IndexedDB, no toast, no log entries).
 * Hooks a file registers itself run before these (after-hooks run last-registered first).
 */
afterEach(async () => {
  cleanup();
  vi.useRealTimers();
  if (modulesShared) await resetSharedAppModules();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  restoreObjectUrls();
  localStorage.clear();
  sessionStorage.clear();
  document.body.replaceChildren();
  for (const name of document.body.getAttributeNames()) document.body.removeAttribute(name);
  window.history.replaceState(null, '', '/');
  // A fake backend that answered (or was sent) a body the contract refuses fails the test.
  const disagreements = takeContractDisagreements();
  if (disagreements.length > 0) throw new Error(disagreements.join('\n\n'));
});

/**
 * The product's own sign-out, without the server call: tokens and keys gone, every store's reset
 * (the handlers registered with src/session/session-reset.ts: stores, early GETs, toasts…),
 * UNAUTHENTICATED. The offline layer registers the IndexedDB wipe and the persistent-storage
 * request's reset only once started, so a file that never started it gets them here; and what a
 * sign-out rightly keeps for the page (the log buffer, the connection's state) starts afresh too.
 */
async function resetSharedAppModules(): Promise<void> {
  const [session, { resetRefreshAttempts }, { wipeAll }, { logger }, { reportNetworkSuccess }, { resetPersistentStorageRequest }, { toast }] =
    await Promise.all([
      import('../../src/session'),
      import('../../src/api'),
      import('../../src/db'),
      import('../../src/lib/logger'),
      import('../../src/pwa/connectivity.store'),
      import('../../src/pwa/persistent-storage'),
      import('sonner'),
    ]);
  session.clearSessionStorage();
  session.authState.user = null;
  await session.wipeSessionData();
  session.setAuthStatus('UNAUTHENTICATED');
  Object.assign(session.authState, { error: null, endReason: null, sessionExpired: false });
  session.wipeReport.unsentMessages = 0;
  resetRefreshAttempts();
  await wipeAll();
  resetPersistentStorageRequest();
  toast.dismiss();
  reportNetworkSuccess();
  logger.clear();
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** Set by the `web` project (vite.config.ts): its files share one module graph per worker. */
    webModulesShared: boolean;
  }
}
