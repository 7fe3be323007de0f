import { useMemo } from 'react';
import type { RouteObject } from 'react-router-dom';
import { useLocation, useRoutes } from 'react-router-dom';
import { CurrentRouteContext, currentRouteHandle } from './route-handle';
import { matchRoutesOnce } from './route-matches';
import { ScreenArrivingContext } from './screen-arriving';
import { useScreenArrival } from './useScreenArrival';

/**
 * Renders the route tree for the location being shown and tells the shell which screen route it is
 * (name, breadcrumbs, layout) through CurrentRouteContext. The location shown is the current one,
 * except while a navigation's screen code is still downloading (useScreenArrival.ts).
 */
export function AppRoutes({ routes }: { routes: RouteObject[] }) {
  const location = useLocation();
  const { shown, arriving } = useScreenArrival(routes, location);
  const element = useRoutes(routes, shown);
  const current = useMemo(() => currentRouteHandle(matchRoutesOnce(routes, shown.pathname) ?? []), [routes, shown.pathname]);
  const arrival = useMemo(() => ({ arriving, requestedPathname: location.pathname }), [arriving, location.pathname]);
  return (
    <CurrentRouteContext.Provider value={current}>
      <ScreenArrivingContext.Provider value={arrival}>{element}</ScreenArrivingContext.Provider>
    </CurrentRouteContext.Provider>
  );
}
