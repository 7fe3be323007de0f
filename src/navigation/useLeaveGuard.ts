/**
 * Keeps unsaved work from being lost by leaving its screen: while `when` is true, a navigation to
 * another screen (a link, a redirect by code, the breadcrumb's back button, the browser's back and
 * forward buttons) waits for the person to choose "Stay" or "Leave", and closing or reloading the
 * tab asks the browser's own question (beforeunload).
 *
 * React Router's useBlocker needs its data router; the app renders its routes with BrowserRouter
 * (the data router costs ~16 KB of the first load, docs/performance.md), so this holds the same
 * navigator React Router navigates with (its NavigationContext) and asks before passing a
 * navigation on. The browser's back and forward are undone before the router sees them (through
 * the popstate gate, whose listener is added before the router's) and redone if the person leaves. A navigation
 * while signed out (logout, an expired session) is never held: the session's redirects win.
 */
import { useCallback, useContext, useEffect, useRef, useState } from 'react';
import { UNSAFE_NavigationContext, useLocation, type To } from 'react-router-dom';
import { authState } from '../session';
import { onPopStateFirst } from './popstate-gate';

interface HistoryNavigator {
  push(to: To, state?: unknown, options?: unknown): void;
  replace(to: To, state?: unknown, options?: unknown): void;
  go(delta: number): void;
}

export interface LeaveGuard {
  /** A navigation is waiting for the person's answer. */
  asking: boolean;
  stay(): void;
  leave(): void;
}

function pathnameOf(to: To, current: string): string {
  if (typeof to === 'string') return new URL(to, `http://app${current}`).pathname;
  return to.pathname ?? current;
}

const signedIn = () => authState.status === 'AUTHENTICATED' || authState.status === 'REFRESHING';

/** React Router's browser history keeps the entry's position in history.state.idx. */
function historyIndex(state: unknown): number | null {
  const idx = (state as { idx?: unknown } | null)?.idx;
  return typeof idx === 'number' ? idx : null;
}

export function useLeaveGuard(when: boolean): LeaveGuard {
  // Held in a ref: the effect below wraps the navigator's methods while it is on (and puts them back).
  const history = useRef((useContext(UNSAFE_NavigationContext) as unknown as { navigator: HistoryNavigator }).navigator);
  const { pathname } = useLocation();
  const [pending, setPending] = useState<(() => void) | null>(null);
  const here = useRef(pathname);
  // Set while the person's "Leave" is carried out, so that navigation is not held again.
  const released = useRef(false);

  useEffect(() => {
    here.current = pathname;
  }, [pathname]);

  useEffect(() => {
    if (!when) return;
    released.current = false;
    const navigator = history.current;
    const { push, replace, go } = navigator;
    const hold = (proceed: () => void) => setPending(() => proceed);
    const letThrough = () => released.current || !signedIn();

    navigator.push = (to, state, options) => {
      if (letThrough() || pathnameOf(to, here.current) === here.current) return push.call(navigator, to, state, options);
      hold(() => push.call(navigator, to, state, options));
    };
    navigator.replace = (to, state, options) => {
      if (letThrough() || pathnameOf(to, here.current) === here.current) return replace.call(navigator, to, state, options);
      hold(() => replace.call(navigator, to, state, options));
    };
    navigator.go = (delta) => {
      if (letThrough()) return go.call(navigator, delta);
      hold(() => go.call(navigator, delta));
    };

    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers ask only when returnValue is set.
      event.returnValue = '';
    };

    const startIndex = historyIndex(window.history.state);
    let undoing = false;
    const onPopState = (event: PopStateEvent): boolean => {
      if (undoing) {
        undoing = false;
        return true;
      }
      const target = historyIndex(event.state);
      if (letThrough() || startIndex === null || target === null || target === startIndex) return false;
      const delta = target - startIndex;
      undoing = true;
      window.history.go(-delta);
      hold(() => window.history.go(delta));
      return true;
    };

    window.addEventListener('beforeunload', onBeforeUnload);
    const stopHearing = onPopStateFirst(onPopState);
    return () => {
      navigator.push = push;
      navigator.replace = replace;
      navigator.go = go;
      window.removeEventListener('beforeunload', onBeforeUnload);
      stopHearing();
    };
  }, [when]);

  const stay = useCallback(() => setPending(null), []);
  const leave = useCallback(() => {
    released.current = true;
    pending?.();
    setPending(null);
  }, [pending]);

  return { asking: pending !== null, stay, leave };
}
