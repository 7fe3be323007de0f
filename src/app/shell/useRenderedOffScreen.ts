import { startTransition, useEffect, useState } from 'react';
import { whenIdle } from '../../pwa/when-idle';

/** How long off-screen content waits for the screen's heading before it renders anyway. */
export const OFF_SCREEN_WAIT_FOR_SCREEN_MS = 5_000;
/** Once the screen is shown, the latest the off-screen content renders if the browser is never idle. */
const OFF_SCREEN_IDLE_WITHIN_MS = 2_000;

/**
 * Whether to render content that is not on screen yet (the phone's closed sidebar). On a signed-in
 * start its render competed with the first screen's: on a phone the sidebar's space selector,
 * navigation, plan card and menus are ~100 components drawn off-canvas before the Dashboard's text.
 * So while `offScreen` it renders once the screen's heading is in `#main-content` and the browser
 * is idle (in a transition, in slices), and at once when it comes on screen (`offScreen` false).
 * Once rendered it stays rendered: what it starts (the notifications' sync) keeps running, and
 * opening it again shows it as it was.
 */
export function useRenderedOffScreen(offScreen: boolean): boolean {
  const [rendered, setRendered] = useState(!offScreen);
  // Shown once, it stays rendered (set while rendering, as React allows for state derived from props).
  if (!offScreen && !rendered) setRendered(true);

  useEffect(() => {
    if (rendered || !offScreen) return;
    let cancelIdle = () => {};
    const main = document.getElementById('main-content');
    const observer = new MutationObserver(() => {
      if (main?.querySelector('h1')) renderWhenIdle();
    });
    const timer = window.setTimeout(() => renderWhenIdle(), OFF_SCREEN_WAIT_FOR_SCREEN_MS);
    function stopWaiting() {
      observer.disconnect();
      window.clearTimeout(timer);
    }
    function renderWhenIdle() {
      stopWaiting();
      cancelIdle();
      cancelIdle = whenIdle(() => startTransition(() => setRendered(true)), OFF_SCREEN_IDLE_WITHIN_MS);
    }
    if (!main || main.querySelector('h1')) renderWhenIdle();
    else observer.observe(main, { childList: true, subtree: true });
    return () => {
      stopWaiting();
      cancelIdle();
    };
  }, [offScreen, rendered]);

  return rendered || !offScreen;
}
