/**
 * Runs work that can wait at the browser's next idle moment (or after `withinMs` at most), so it
 * does not lengthen the busy tasks of a start-up. Returns a function that cancels it.
 */
export function whenIdle(run: () => void, withinMs: number): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(run, { timeout: withinMs });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = window.setTimeout(run, 0);
  return () => window.clearTimeout(timer);
}
