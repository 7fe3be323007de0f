import type { FastifyBaseLogger } from 'fastify';

/** How often the watch looks at the clock: fine enough to see a stall, too rare to cost anything. */
const TICK_MS = 250;

/**
 * Logs at warn whenever this process's event loop was held for `thresholdMs` or more. A held loop
 * answers nothing, reads no socket and fires no timer, and no request log shows it: requests that
 * arrived meanwhile are timed by Fastify only from the moment they are read. Synchronous work is
 * the usual cause (the embedded PGlite runs each statement synchronously), or a machine so busy
 * that the process got no CPU. Returns a function that stops the watch.
 */
export function watchEventLoop(log: FastifyBaseLogger, thresholdMs: number): () => void {
  if (thresholdMs <= 0) return () => undefined;
  let expected = performance.now() + TICK_MS;
  const timer = setInterval(() => {
    const now = performance.now();
    const heldMs = Math.round(now - expected);
    expected = now + TICK_MS;
    if (heldMs >= thresholdMs) log.warn({ heldMs }, 'event loop held');
  }, TICK_MS);
  timer.unref();
  return () => clearInterval(timer);
}
