/**
 * The auth queue and in-flight tracking (spec 000 §4 "Request queue").
 *
 * - While the status is neither AUTHENTICATED nor REFRESHING, queued calls wait; they run when it
 *   becomes AUTHENTICATED and are rejected with 'Request cancelled due to logout' on LOGGING_OUT.
 * - On LOGGING_OUT every request in flight is aborted with LOGGED_OUT 'Request cancelled - user
 *   logged out'.
 * - A new call while LOGGING_OUT is refused with 'Cannot make API calls during logout'.
 * - A queued call when the state is UNAUTHENTICATED and no token is stored is refused at once
 *   with 'Authentication required': no session exists that could release it, and waiting would
 *   leave the caller hanging until some later login.
 */
import { getAuthStatus, hasStoredSession, onAuthStatusChange } from '../session';
import { ApiError, ERROR_MESSAGES } from './errors';

interface Waiter {
  resolve: () => void;
  reject: (error: ApiError) => void;
}

const waiters = new Set<Waiter>();
const inFlight = new Set<AbortController>();

const loggedOutError = () => new ApiError(ERROR_MESSAGES.loggedOut, null, 'LOGGED_OUT');

onAuthStatusChange((status) => {
  if (status === 'AUTHENTICATED') {
    for (const waiter of drain(waiters)) waiter.resolve();
  } else if (status === 'LOGGING_OUT') {
    for (const waiter of drain(waiters)) {
      waiter.reject(new ApiError(ERROR_MESSAGES.queuedDuringLogout, null, 'LOGGED_OUT'));
    }
    for (const controller of drain(inFlight)) controller.abort(loggedOutError());
  }
});

function drain<T>(set: Set<T>): T[] {
  const items = [...set];
  set.clear();
  return items;
}

/** Refuses a call made while logging out (spec 001 §7: such calls are blocked). */
export function assertNotLoggingOut(): void {
  if (getAuthStatus() === 'LOGGING_OUT') {
    throw new ApiError(ERROR_MESSAGES.callDuringLogout, null, 'LOGGED_OUT');
  }
}

/** Whether a call may use the session now, without waiting. */
export function sessionUsableNow(): boolean {
  const status = getAuthStatus();
  return status === 'AUTHENTICATED' || status === 'REFRESHING';
}

/** Resolves once the session may be used; see the module comment for the rejections. */
export function waitForSession(signal?: AbortSignal): Promise<void> {
  const status = getAuthStatus();
  if (sessionUsableNow()) return Promise.resolve();
  if (status === 'LOGGING_OUT') {
    return Promise.reject(new ApiError(ERROR_MESSAGES.callDuringLogout, null, 'LOGGED_OUT'));
  }
  if (status === 'UNAUTHENTICATED' && !hasStoredSession()) {
    return Promise.reject(new ApiError(ERROR_MESSAGES.unauthorized, null, 'UNAUTHORIZED'));
  }
  return new Promise<void>((resolve, reject) => {
    const cancel = () => {
      waiters.delete(waiter);
      reject(new ApiError(ERROR_MESSAGES.cancelled, null, 'CANCELLED'));
    };
    const waiter: Waiter = {
      resolve: () => {
        signal?.removeEventListener('abort', cancel);
        resolve();
      },
      reject: (error) => {
        signal?.removeEventListener('abort', cancel);
        reject(error);
      },
    };
    if (signal?.aborted) return cancel();
    signal?.addEventListener('abort', cancel, { once: true });
    waiters.add(waiter);
  });
}

/** How many calls are waiting for the session (diagnostics and tests). */
export function queuedRequestCount(): number {
  return waiters.size;
}

/**
 * Runs `send` with an abort signal that fires on the caller's signal (CANCELLED), on the time-out
 * (TIMEOUT_ERROR; 0 means none, spec 000 §9) or on logout (LOGGED_OUT). The abort reason is the
 * ApiError the caller receives.
 */
export async function runAbortable<T>(
  send: (signal: AbortSignal) => Promise<T>,
  options: { signal?: AbortSignal; timeoutMs?: number },
): Promise<T> {
  const controller = new AbortController();
  const onCallerAbort = () => controller.abort(new ApiError(ERROR_MESSAGES.cancelled, null, 'CANCELLED'));
  if (options.signal?.aborted) onCallerAbort();
  options.signal?.addEventListener('abort', onCallerAbort, { once: true });
  const timer =
    options.timeoutMs && options.timeoutMs > 0
      ? setTimeout(
          () => controller.abort(new ApiError(ERROR_MESSAGES.timeout, null, 'TIMEOUT_ERROR')),
          options.timeoutMs,
        )
      : undefined;
  inFlight.add(controller);
  try {
    if (controller.signal.aborted) throw controller.signal.reason;
    return await send(controller.signal);
  } catch (error) {
    if (controller.signal.aborted && controller.signal.reason instanceof ApiError) throw controller.signal.reason;
    throw error;
  } finally {
    inFlight.delete(controller);
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onCallerAbort);
  }
}
