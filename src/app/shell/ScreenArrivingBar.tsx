import { Progress } from '@radix-ui/themes';
import { useEffect, useState } from 'react';
import { useScreenArriving } from '../screen-arriving';

/** A screen whose code comes sooner than this needs no sign that it is on its way. */
const REVEAL_AFTER_MS = 200;

/**
 * While a navigation waits for its screen's code, the screen on view stays (useScreenArrival.ts);
 * this bar across the top of the content says the next one is on its way, and a screen reader hears
 * it. It sits over the content's top edge, so showing it moves nothing.
 */
export function ScreenArrivingBar() {
  return useScreenArriving() ? <ArrivingBar /> : null;
}

function ArrivingBar() {
  const [revealed, setRevealed] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setRevealed(true), REVEAL_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, []);
  return (
    <div className="screen-arriving" role="status">
      {revealed ? (
        <>
          <Progress size="1" duration="4s" aria-label="Opening the screen" />
          <span className="visually-hidden">Opening the screen…</span>
        </>
      ) : null}
    </div>
  );
}
