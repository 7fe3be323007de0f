import { createContext, useContext } from 'react';
import type { Params } from 'react-router-dom';

/** One step of the breadcrumb trail; the last step is the current page and has no link. */
export interface Crumb {
  label: string;
  to?: string;
}

/** Data every screen route carries in `handle` (read by the shell through useCurrentRoute). */
export interface RouteHandle {
  /** Stable route name (spec 000 §2), e.g. 'Dashboard', 'AgentChat'. */
  name: string;
  /** Breadcrumb trail after the product name; empty for screens that show no trail. */
  crumbs: (params: Params) => Crumb[];
  /** Full-height, non-scrolling layout (Agent Mode). */
  fullHeight?: boolean;
  /**
   * The plain GETs (no query, no options) the screen makes as it opens. On a signed-in start they
   * begin when the spaces are ready, before the screen's code has loaded (early-screen-gets.ts).
   */
  opensWith?: readonly string[];
}

/** The deepest matched screen route's handle and the URL's params. */
export interface CurrentRoute {
  handle: RouteHandle;
  params: Params;
}

export function isRouteHandle(value: unknown): value is RouteHandle {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as RouteHandle).name === 'string' &&
    typeof (value as RouteHandle).crumbs === 'function'
  );
}

/** The handle of the deepest matched screen route, if any (matches as react-router's matchRoutes gives them). */
export function currentRouteHandle(
  matches: ReadonlyArray<{ route: { handle?: unknown }; params: Params }>,
): CurrentRoute | null {
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const match = matches[i];
    if (match && isRouteHandle(match.route.handle)) return { handle: match.route.handle, params: match.params };
  }
  return null;
}

/** Provided by AppRoutes for the location being shown. */
export const CurrentRouteContext = createContext<CurrentRoute | null>(null);

/** The screen route being shown (name, breadcrumb trail, layout), or null for none. */
export function useCurrentRoute(): CurrentRoute | null {
  return useContext(CurrentRouteContext);
}

/** 'seo-expert' → 'Seo Expert' (agent slugs in breadcrumbs, spec 000 §2). */
export function titleCaseSlug(slug: string): string {
  return slug
    .split(/[-_\s]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase())
    .join(' ');
}
