import type { Params, UIMatch } from 'react-router-dom';

/** One step of the breadcrumb trail; the last step is the current page and has no link. */
export interface Crumb {
  label: string;
  to?: string;
}

/** Data every screen route carries in `handle` (read by the shell through useMatches). */
export interface RouteHandle {
  /** Stable route name (spec 000 §2), e.g. 'Dashboard', 'AgentChat'. */
  name: string;
  /** Breadcrumb trail after the product name; empty for screens that show no trail. */
  crumbs: (params: Params) => Crumb[];
  /** Full-height, non-scrolling layout (Agent Mode). */
  fullHeight?: boolean;
}

export function isRouteHandle(value: unknown): value is RouteHandle {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as RouteHandle).name === 'string' &&
    typeof (value as RouteHandle).crumbs === 'function'
  );
}

/** The handle of the deepest matched screen route, if any. */
export function currentRouteHandle(matches: UIMatch[]): { handle: RouteHandle; params: Params } | null {
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const match = matches[i];
    if (match && isRouteHandle(match.handle)) return { handle: match.handle, params: match.params };
  }
  return null;
}

/** 'seo-expert' → 'Seo Expert' (agent slugs in breadcrumbs, spec 000 §2). */
export function titleCaseSlug(slug: string): string {
  return slug
    .split(/[-_\s]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase())
    .join(' ');
}
