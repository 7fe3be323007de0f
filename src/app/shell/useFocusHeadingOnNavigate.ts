import { useEffect, useRef, type RefObject } from 'react';
import { useLocation } from 'react-router-dom';

/** How long a lazily loaded screen may take to show its heading before focus is left alone. */
const HEADING_WAIT_MS = 10_000;

/**
 * After a navigation (a sidebar link, sign-in, a redirect) focus would stay on the link that was
 * clicked, or fall to the page body when that link went away; a screen-reader or keyboard user then
 * starts from the top. This moves focus to the new screen's level-1 heading once it has rendered.
 * Focus that something on the new screen has already claimed (an autofocused field, the composer
 * after a send) is left where it is. A page opened afresh, before the person has clicked or typed
 * anything on it, is left at its start, where the skip link is the first stop.
 */
export function useFocusHeadingOnNavigate(mainRef: RefObject<HTMLElement | null>): void {
  const { pathname } = useLocation();
  const previousPath = useRef<string | null>(null);

  useEffect(() => {
    const main = mainRef.current;
    if (!main || previousPath.current === pathname) return;
    previousPath.current = pathname;
    if (!personHasActed()) return;

    const focusHeading = (): boolean => {
      const heading = main.querySelector<HTMLElement>('h1');
      if (!heading) return false;
      const active = document.activeElement;
      const claimedOnScreen = active !== null && active !== document.body && main.contains(active);
      // A dialog or menu opened meanwhile keeps focus too.
      const inOverlay = active?.closest('[role="dialog"], [role="menu"], [role="alertdialog"]') != null;
      if (!claimedOnScreen && !inOverlay) {
        if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
        heading.focus({ preventScroll: true });
      }
      return true;
    };
    // Moving focus makes the browser compute styles and layout at once. Run in the render's own
    // task, that work joins the first paint's as one long task (the start-up's longest on a slow
    // phone); a task after the paint finds the layout already done.
    let observer: MutationObserver | null = null;
    let timer: number | undefined;
    const afterPaint = deferPastPaint(() => {
      if (focusHeading()) return;
      observer = new MutationObserver(() => {
        if (focusHeading()) stop();
      });
      timer = window.setTimeout(() => stop(), HEADING_WAIT_MS);
      observer.observe(main, { childList: true, subtree: true });
    });
    function stop() {
      afterPaint.cancel();
      observer?.disconnect();
      window.clearTimeout(timer);
    }
    return stop;
  }, [mainRef, pathname]);
}

/**
 * Whether the person has clicked, tapped or typed on this page since it was opened (the browser's
 * user activation, which counts from the document's start, sign-in included). Browsers without it
 * count as yes: focus then moves as on any navigation.
 */
function personHasActed(): boolean {
  return (navigator as Partial<Pick<Navigator, 'userActivation'>>).userActivation?.hasBeenActive ?? true;
}

/** Runs `work` in a task after the next frame has painted (a frame, then a new task). */
function deferPastPaint(work: () => void): { cancel(): void } {
  let timeout: number | undefined;
  const frame = window.requestAnimationFrame(() => {
    timeout = window.setTimeout(work, 0);
  });
  return {
    cancel() {
      window.cancelAnimationFrame(frame);
      window.clearTimeout(timeout);
    },
  };
}
