import type { RouteObject } from 'react-router-dom';
import type { LazyScreen } from '../ui/lazy-screen';
import { matchRoutesOnce } from './route-matches';

/**
 * The first screen's code starts downloading with the app instead of after the session check and
 * the first render, so the two overlap. Later navigations load their screen as usual.
 */
export function preloadScreensFor(routes: RouteObject[], pathname: string): void {
  for (const { route } of matchRoutesOnce(routes, pathname) ?? []) {
    const type = (route.element as { type?: Partial<LazyScreen<object>> } | undefined)?.type;
    void type?.preload?.().catch(() => undefined);
  }
}
