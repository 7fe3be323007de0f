import { createBrowserRouter } from 'react-router-dom';
import type { LazyScreen } from './lazy-screen';
import { routes } from './routes';

/** The app's data router (react-router-dom 7). */
export function createAppRouter() {
  const router = createBrowserRouter(routes);
  preloadMatchedScreens(router.state.matches);
  return router;
}

/**
 * The first screen's code starts downloading with the app instead of after the session check and
 * the first render, so the two overlap. Later navigations load their screen as usual.
 */
export function preloadMatchedScreens(matches: ReadonlyArray<{ route: { element?: unknown } }>): void {
  for (const { route } of matches) {
    const type = (route.element as { type?: Partial<LazyScreen<object>> } | undefined)?.type;
    void type?.preload?.().catch(() => undefined);
  }
}
