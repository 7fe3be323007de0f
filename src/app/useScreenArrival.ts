import { startTransition, useEffect, useState } from 'react';
import type { Location, RouteObject } from 'react-router-dom';
import { classifyPath } from '../navigation/route-access';
import { getAuthStatus } from '../session';
import { preloadScreensFor, screensReadyFor } from './router';

export interface ScreenArrival {
  /** The location to render: the new one, or the one on screen while the new screen's code arrives. */
  shown: Location;
  /** A navigation is waiting for its screen's code (the shell shows that it is on its way). */
  arriving: boolean;
}

/** Signed-in screens, shown in the shell: the ones a navigation may keep on screen for a moment. */
function inShell(pathname: string): boolean {
  const access = classifyPath(pathname);
  return access !== 'auth-page' && access !== 'root';
}

/**
 * Keeps the screen on screen while the next one's code downloads, instead of replacing it with a
 * loader. On a slow network (the first visit, before the service worker holds the code) a screen's
 * chunk took seconds, and every navigation blanked the content area for that long: a new chat's
 * first message vanished into a spinner when its chat opened. What was on screen stays, usable,
 * with the shell saying a screen is on its way, and the new screen replaces it once it can render
 * whole. Only between signed-in screens: a first screen, Login and a sign-out show their loaders
 * as before. A download that fails lets the new screen render, and so its error screen (reload).
 */
export function useScreenArrival(routes: RouteObject[], location: Location): ScreenArrival {
  const [rendered, setRendered] = useState(location);
  const hold =
    rendered.key !== location.key &&
    getAuthStatus() === 'AUTHENTICATED' &&
    inShell(rendered.pathname) &&
    inShell(location.pathname) &&
    !screensReadyFor(routes, location.pathname);
  const shown = hold ? rendered : location;
  // Remembered during render (React's pattern for state that follows props), not in an effect: an
  // effect would leave one render of the loader in between.
  if (shown !== rendered) setRendered(shown);

  useEffect(() => {
    if (!hold) return undefined;
    let current = true;
    const arrive = () => {
      if (current) startTransition(() => setRendered(location));
    };
    preloadScreensFor(routes, location.pathname).then(arrive, arrive);
    return () => {
      current = false;
    };
  }, [hold, routes, location]);

  return { shown, arriving: hold };
}
