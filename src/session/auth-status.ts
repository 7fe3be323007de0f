/**
 * The auth state machine's live state (spec 000 §4). The actions that change it by calling the
 * server (sign-in, /me, logout) live in features/auth/auth.store.ts; the request layer watches the
 * status here and changes it itself during a refresh.
 */
import { proxy } from 'valtio';
import type { SessionEndReason } from '../contract/account';
import type { AuthStatus, User } from './wire-types';

export interface AuthState {
  status: AuthStatus;
  user: User | null;
  error: string | null;
  initialized: boolean;
  /**
   * Why the last session ended, when the server said (a suspended account): the guard's way to
   * Login carries it, so Login can say so whichever redirect gets there first. Cleared at sign-in.
   */
  endReason: SessionEndReason | null;
  /**
   * The last session ended on its own (a refused or thrice-failed refresh, a forced logout), not by
   * the person: every way to Login then carries expired=true, the guard's own redirect included,
   * whichever of it and the SESSION_EXPIRED event gets there first. Cleared at sign-in.
   */
  sessionExpired: boolean;
}

export const authState: AuthState = proxy<AuthState>({
  status: 'INITIALIZING',
  user: null,
  error: null,
  initialized: false,
  endReason: null,
  sessionExpired: false,
});

type StatusListener = (status: AuthStatus, previous: AuthStatus) => void;
const statusListeners = new Set<StatusListener>();

/**
 * Changes the status and tells listeners synchronously. Valtio's own subscriptions are batched,
 * which would hide short-lived states such as LOGGING_OUT (it must abort in-flight requests).
 */
export function setAuthStatus(status: AuthStatus): void {
  const previous = authState.status;
  if (previous === status) return;
  authState.status = status;
  for (const listener of [...statusListeners]) listener(status, previous);
}

export function getAuthStatus(): AuthStatus {
  return authState.status;
}

export function onAuthStatusChange(listener: StatusListener): () => void {
  statusListeners.add(listener);
  return () => statusListeners.delete(listener);
}
