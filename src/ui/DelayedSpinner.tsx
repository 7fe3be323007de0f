import { Spinner } from '@radix-ui/themes';
import { useEffect, useState } from 'react';

/**
 * A loader's spinner, shown only once the wait has lasted until `revealAtMs` (a time on the page's
 * clock, `performance.now()`); nothing before. A short wait shows no animation: no flash on a quick
 * load, and no frames drawn while the page is still downloading and starting up (on a phone every
 * frame of a running animation competes with the start-up for the CPU; docs/performance.md,
 * seventh pass). The loader places it so that its appearing moves nothing else.
 */
export function DelayedSpinner({ size, revealAtMs }: { size: '2' | '3'; revealAtMs: number }) {
  const [revealed, setRevealed] = useState(() => performance.now() >= revealAtMs);
  useEffect(() => {
    if (revealed) return undefined;
    const timer = window.setTimeout(() => setRevealed(true), Math.max(0, revealAtMs - performance.now()));
    return () => window.clearTimeout(timer);
  }, [revealed, revealAtMs]);
  return revealed ? <Spinner size={size} /> : null;
}
