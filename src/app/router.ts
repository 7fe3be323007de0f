import type { RouteObject } from 'react-router-dom';
import type { LazyScreen } from '../ui/lazy-screen';
import { matchRoutesOnce } from './route-matches';

/** The lazily loaded screens a path renders (its matched routes' elements that load on demand). */
function screensAt(routes: RouteObject[], pathname: string): LazyScreen<object>[] {
  const screens: LazyScreen<object>[] = [];
  for (const { route } of matchRoutesOnce(routes, pathname) ?? []) {
    const type = (route.element as { type?: Partial<LazyScreen<object>> } | undefined)?.type;
    if (typeof type?.preload === 'function' && typeof type.isLoaded === 'function') screens.push(type as LazyScreen<object>);
  }
  return screens;
}

/**
 * The first screen's code starts downloading with the app instead of after the session check and
 * the first render, so the two overlap. Later navigations load their screen as usual. Resolves once
 * every screen of the path can render (rejects when a download failed).
 */
export function preloadScreensFor(routes: RouteObject[], pathname: string): Promise<void> {
  const loading = Promise.all(screensAt(routes, pathname).map((screen) => screen.preload())).then(() => undefined);
  loading.catch(() => undefined);
  return loading;
}

/** Whether every screen of the path has its code in (it renders at once, without its loader). */
export function screensReadyFor(routes: RouteObject[], pathname: string): boolean {
  return screensAt(routes, pathname).every((screen) => screen.isLoaded());
}
