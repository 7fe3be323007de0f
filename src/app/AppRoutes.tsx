import { useMemo } from 'react';
import type { RouteObject } from 'react-router-dom';
import { useLocation, useRoutes } from 'react-router-dom';
import { CurrentRouteContext, currentRouteHandle } from './route-handle';
import { matchRoutesOnce } from './route-matches';

/**
 * Renders the route tree for the current location and tells the shell which screen route it is
 * (name, breadcrumbs, layout) through CurrentRouteContext.
 */
export function AppRoutes({ routes }: { routes: RouteObject[] }) {
  const location = useLocation();
  const element = useRoutes(routes, location);
  const current = useMemo(() => currentRouteHandle(matchRoutesOnce(routes, location.pathname) ?? []), [routes, location.pathname]);
  return <CurrentRouteContext.Provider value={current}>{element}</CurrentRouteContext.Provider>;
}
