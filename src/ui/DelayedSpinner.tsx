import { Spinner } from '@radix-ui/themes';
import { useEffect, useState } from 'react';

/**
 * A loader's spinner appears only once the wait has lasted `revealAtMs` (a time on the page's
 * clock, `performance.now()`); until then a box of the same size holds its place, so nothing
 * moves when it appears. A short wait shows no animation: no flash on a quick load, and no
 * frames drawn while the page is still downloading and starting up (on a phone every frame of a
 * running animation competes with the start-up for the CPU; docs/performance.md, seventh pass).
 */
export function DelayedSpinner({ size, revealAtMs }: { size: '2' | '3'; revealAtMs: number }) {
  const [revealed, setRevealed] = useState(() => performance.now() >= revealAtMs);
  useEffect(() => {
    if (revealed) return undefined;
    const timer = window.setTimeout(() => setRevealed(true), Math.max(0, revealAtMs - performance.now()));
    return () => window.clearTimeout(timer);
  }, [revealed, revealAtMs]);
  return revealed ? <Spinner size={size} /> : <span className={`delayed-spinner-space delayed-spinner-space--${size}`} aria-hidden="true" />;
}
