/**
 * Several tabs share one session through localStorage. Rotated tokens need no action here: every
 * request reads the token from storage when it is sent, and the refresh path compares tokens to
 * adopt another tab's rotation. What needs action is a session ending elsewhere: when another tab
 * logs out (or its session expires) this tab ends its session too, without calling the server.
 */
import { ACCESS_TOKEN_KEY, endSessionLocally, getAuthStatus, REFRESH_TOKEN_KEY, setAuthStatus } from '../session';

let installed = false;

function onStorage(event: StorageEvent): void {
  // key === null means another tab cleared the whole storage.
  const sessionKey = event.key === null || event.key === ACCESS_TOKEN_KEY || event.key === REFRESH_TOKEN_KEY;
  if (!sessionKey || event.newValue !== null) return;
  const status = getAuthStatus();
  if (status === 'UNAUTHENTICATED' || status === 'LOGGING_OUT') return;
  // Through LOGGING_OUT so this tab's queued and in-flight calls are cancelled as on a local logout.
  setAuthStatus('LOGGING_OUT');
  void endSessionLocally({ type: 'LOGOUT_COMPLETE' });
}

/** Stops listening (hot module reload, or a test discarding a simulated tab). */
export function uninstallCrossTabSync(): void {
  if (!installed) return;
  installed = false;
  window.removeEventListener('storage', onStorage);
}

/** Idempotent; called once the app starts handling auth. */
export function installCrossTabSync(): void {
  if (installed || typeof window === 'undefined') return;
  installed = true;
  window.addEventListener('storage', onStorage);
}
