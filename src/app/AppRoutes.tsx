import { useMemo } from 'react';
import type { RouteObject } from 'react-router-dom';
import { NavigationType, renderMatches, UNSAFE_LocationContext as LocationContext, useLocation } from 'react-router-dom';
import { CurrentRouteContext, currentRouteHandle } from './route-handle';
import { matchRoutesOnce } from './route-matches';
import { ScreenArrivingContext } from './screen-arriving';
import { useScreenArrival } from './useScreenArrival';

/**
 * Renders the route tree for the location being shown and tells the shell which screen route it is
 * (name, breadcrumbs, layout) through CurrentRouteContext. The location shown is the current one,
 * except while a navigation's screen code is still downloading (useScreenArrival.ts).
 *
 * This is `useRoutes(routes, shown)` without its own `matchRoutes` call on every render (each one
 * flattens and ranks the whole table and compiles a pattern per route: ~50 ms at Lighthouse's 4×
 * CPU slow-down, re-run by every render of this component during a start-up). The matches come from
 * `matchRoutesOnce`, which the start-up has already asked for this path; the tree below sees the
 * shown location as `useRoutes` gives it (docs/performance.md, ninth pass).
 */
export function AppRoutes({ routes }: { routes: RouteObject[] }) {
  const location = useLocation();
  const { shown, arriving } = useScreenArrival(routes, location);
  const matches = matchRoutesOnce(routes, shown.pathname);
  const element = useMemo(() => renderMatches(matches), [matches]);
  // What `useRoutes(routes, location)` gives the tree below when it is handed a location.
  const shownLocation = useMemo(() => ({ location: shown, navigationType: NavigationType.Pop }), [shown]);
  const current = useMemo(() => currentRouteHandle(matches ?? []), [matches]);
  const arrival = useMemo(() => ({ arriving, requestedPathname: location.pathname }), [arriving, location.pathname]);
  return (
    <LocationContext.Provider value={shownLocation}>
      <CurrentRouteContext.Provider value={current}>
        <ScreenArrivingContext.Provider value={arrival}>{element}</ScreenArrivingContext.Provider>
      </CurrentRouteContext.Provider>
    </LocationContext.Provider>
  );
}
