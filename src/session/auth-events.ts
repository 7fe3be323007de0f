import type { SessionEndReason } from '../contract/account';
import { describeError, logger } from '../lib/logger';

/**
 * Auth events the router turns into redirects to /login (spec 000 §2 "Navigation guard").
 */

export type AuthEvent =
  | { type: 'LOGIN_REQUIRED'; redirect?: string }
  /** `reason`: what the server said ended it (a suspended account), for the Login screen to say. */
  | { type: 'SESSION_EXPIRED'; redirect?: string; reason?: SessionEndReason }
  | { type: 'LOGOUT_COMPLETE' }
  | { type: 'UNAUTHENTICATED' };

type AuthEventListener = (event: AuthEvent) => void;
const listeners = new Set<AuthEventListener>();

export function onAuthEvent(fn: AuthEventListener): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

export function emitAuthEvent(event: AuthEvent): void {
  for (const listener of [...listeners]) {
    try {
      listener(event);
    } catch (error) {
      // One faulty listener must not stop the others (e.g. the router) from reacting.
      logger.error('Auth event listener failed', { error: describeError(error) });
    }
  }
}
