/** Whether a new version of the app is installed and waiting for the user's go-ahead. */
import { proxy } from 'valtio';

export const updateState = proxy({
  /** A new worker is waiting; the page shows "A new version is available". */
  updateAvailable: false,
  /** The user chose Later; the prompt stays hidden until the next new version. */
  dismissed: false,
  /** The user chose Reload; the page reloads as soon as the new worker is in control. */
  applying: false,
});

/**
 * While the new version takes over, the page starts no API request: Chromium swaps the workers
 * only once the old one has gone idle and stopped, and a request arriving while it stops starts it
 * again with its ordinary 30-second idle timer, so Reload would seem to do nothing for that long.
 * Null when no update is being applied (the caller then adds no await at all); otherwise a promise
 * that never resolves, because the page is about to reload, and rejects only when `signal` aborts.
 */
export function holdWhileApplyingUpdate(signal?: AbortSignal): Promise<never> | null {
  if (!updateState.applying) return null;
  return new Promise<never>((_resolve, reject) => {
    // Whatever reason the caller gave, like an abort in flight: the request layer calls it CANCELLED.
    const abort = () => reject(new DOMException('The request was cancelled', 'AbortError'));
    if (signal?.aborted) abort();
    else signal?.addEventListener('abort', abort, { once: true });
  });
}
