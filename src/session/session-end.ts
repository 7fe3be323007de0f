/**
 * Ending a session locally (spec 000 §4): clear storage, reset every store, become
 * UNAUTHENTICATED and announce why. Shared by user logout, forced logout, and a logout seen from
 * another tab. It makes no server call, so the request layer can use it without a cycle.
 */
import type { SessionEndReason } from '../contract/account';
import { authState, getAuthStatus, setAuthStatus } from './auth-status';
import { emitAuthEvent, type AuthEvent } from './auth-events';
import { runSessionResets } from './session-reset';
import { clearSessionStorage, hasStoredSession } from './storage';

export function endSessionLocally(event: AuthEvent): void {
  authState.sessionExpired = event.type === 'SESSION_EXPIRED';
  clearSessionStorage();
  authState.user = null;
  // Store resets are synchronous in practice; async ones (caches, IndexedDB) finish in the background.
  void runSessionResets();
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
  endSessionLocally({ type: 'SESSION_EXPIRED', ...(redirect ? { redirect } : {}), ...(reason ? { reason } : {}) });
}
