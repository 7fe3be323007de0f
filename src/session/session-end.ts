/**
 * Ending a session locally (spec 000 §4): clear storage, reset every store, become
 * UNAUTHENTICATED and announce why. Shared by user logout, forced logout, and a logout seen from
 * another tab. It makes no server call, so the request layer can use it without a cycle. The
 * wipe is marked pending first (device-wipe.ts), so a tab closed before it is done leaves nothing.
 */
import type { SessionEndReason } from '../contract/account';
import { authState, getAuthStatus, setAuthStatus } from './auth-status';
import { emitAuthEvent, type AuthEvent } from './auth-events';
import { markWipePending, wipeSessionData } from './device-wipe';
import { clearSessionStorage, hasStoredSession } from './storage';

/**
 * The longest a user logout waits for the device's data to go before it shows Login anyway (a
 * wipe normally takes milliseconds; the marker still finishes a slower one at the next start).
 */
export const WIPE_WAIT_MS = 10_000;

/** The marker, the tokens and keys at once, then every store's reset; resolves once all are done. */
function wipeDevice(event: AuthEvent): Promise<void> {
  authState.sessionExpired = event.type === 'SESSION_EXPIRED';
  markWipePending();
  clearSessionStorage();
  authState.user = null;
  return wipeSessionData();
}

/**
 * Ends the session at once (UNAUTHENTICATED and the event now), wiping in the background: for
 * the request layer and another tab's logout, which cannot wait. Resolves when the wipe is done.
 */
export function endSessionLocally(event: AuthEvent): Promise<void> {
  const wiped = wipeDevice(event);
  setAuthStatus('UNAUTHENTICATED');
  emitAuthEvent(event);
  return wiped;
}

/**
 * A logout the person asked for: the device is wiped first, and only then does the session end
 * and the event (which shows Login) go out, so Login never shows while a tab closed now would
 * leave anything behind. Waits at most WIPE_WAIT_MS.
 */
export async function endSessionAfterWipe(event: AuthEvent): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const waitedEnough = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, WIPE_WAIT_MS);
  });
  await Promise.race([wipeDevice(event), waitedEnough]);
  clearTimeout(timer);
  setAuthStatus('UNAUTHENTICATED');
  emitAuthEvent(event);
}

/** Where the user was, so Login can send them back; nothing when they were signing in already. */
export function currentRedirectTarget(): string | undefined {
  if (typeof location === 'undefined') return undefined;
  const path = location.pathname;
  if (path === '/login' || path === '/register') return undefined;
  return `${path}${location.search}`;
}

/**
 * The session can no longer be trusted (refresh failed, retried request still 401): end it without
 * a server call and emit SESSION_EXPIRED, with the server's reason when it gave one (a suspension).
 */
export function forceLogout(reason?: SessionEndReason): void {
  const status = getAuthStatus();
  // A user logout already in progress finishes on its own and announces LOGOUT_COMPLETE.
  if (status === 'LOGGING_OUT') return;
  // Several failing requests may all ask for this; only the first has a session left to end.
  if (status === 'UNAUTHENTICATED' && !hasStoredSession() && authState.user === null) return;
  setAuthStatus('LOGGING_OUT');
  authState.endReason = reason ?? null;
  const redirect = currentRedirectTarget();
  void endSessionLocally({ type: 'SESSION_EXPIRED', ...(redirect ? { redirect } : {}), ...(reason ? { reason } : {}) });
}
