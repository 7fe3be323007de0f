import { matchRoutes, type RouteMatch, type RouteObject } from 'react-router-dom';

/** Paths remembered per route table: a start-up asks for one path several times, a session for a handful. */
const REMEMBERED_PATHS = 16;

const matchesByTable = new WeakMap<RouteObject[], Map<string, RouteMatch[] | null>>();

/**
 * react-router's `matchRoutes` for a route table that does not change, remembered per path. Each
 * call flattens and ranks the whole table and compiles a regular expression per route (~50 ms at
 * Lighthouse's 4× CPU slow-down on this machine, docs/performance.md), and a signed-in start asks
 * for the same path three times before the router's own match: the first screen's code preload,
 * its early GETs and the shell's current route. The matches returned are shared: read them only.
 */
export function matchRoutesOnce(routes: RouteObject[], pathname: string): RouteMatch[] | null {
  let byPath = matchesByTable.get(routes);
  if (!byPath) {
    byPath = new Map();
    matchesByTable.set(routes, byPath);
  }
  if (byPath.has(pathname)) return byPath.get(pathname) ?? null;
  const matches = matchRoutes(routes, pathname);
  const oldest = byPath.size >= REMEMBERED_PATHS ? byPath.keys().next() : null;
  if (oldest && !oldest.done) byPath.delete(oldest.value);
  byPath.set(pathname, matches);
  return matches;
}
