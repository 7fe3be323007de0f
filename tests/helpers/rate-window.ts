import { vi } from 'vitest';
import { RATE_LIMIT_WINDOW_MS } from '../../server/src/plugins/rate-limit';

let lastWindow = 0;

/**
 * Rate-limit counters use fixed windows of the wall clock (RATE_LIMIT_WINDOW_MS): a test counting
 * up to a limit across a window's end starts again from zero halfway (a busy machine makes that
 * likelier). This moves the clock (Date only; it keeps running) to one second into a window that
 * has not started yet, a later one at each call, so no test straddles a boundary or shares a window
 * with the one before. `vi.useRealTimers()` undoes it.
 */
export function startFreshRateWindow(): void {
  lastWindow = Math.max(Math.floor(Date.now() / RATE_LIMIT_WINDOW_MS) + 1, lastWindow + 1);
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
  vi.setSystemTime(lastWindow * RATE_LIMIT_WINDOW_MS + 1000);
}
