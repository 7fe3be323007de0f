import { updateState } from './update.store';

/**
 * Runs work that can wait at the browser's next idle moment (or after `withinMs` at most), so it
 * does not lengthen the busy tasks of a start-up. Returns a function that cancels it.
 *
 * Work that comes due while a new version is taking over (Reload on "A new version is available")
 * is dropped: the page is about to reload, and the code such work loads would reach the old
 * service worker and keep it from handing over (src/pwa/update.store.ts).
 */
export function whenIdle(run: () => void, withinMs: number): () => void {
  const runUnlessReplaced = () => {
    if (!updateState.applying) run();
  };
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(runUnlessReplaced, { timeout: withinMs });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = window.setTimeout(runUnlessReplaced, 0);
  return () => window.clearTimeout(timer);
}
