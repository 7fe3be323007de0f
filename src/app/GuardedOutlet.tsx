import { Suspense, useDeferredValue, useEffect, useState, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { initAuth } from '../features/auth/auth.store';
import { authState, hasStoredSession, spacesState } from '../session';
import { FullPageLoader } from '../ui/FullPageLoader';
import { decideNavigation } from './guard';
import { classifyPath } from '../navigation/route-access';
import { ScreenLoader } from '../ui/ScreenLoader';
import { useAuthEventRedirects } from './useAuthEventRedirects';
import { lazyScreen } from '../ui/lazy-screen';
import { loadAppShell } from './shell/load-app-shell';

/**
 * The signed-in shell (sidebar, menus, dialogs) is its own chunk: Login and Register never need it.
 * It starts loading as soon as a session is known or restored (load-app-shell.ts), so a signed-in
 * start does not wait for it after the session check.
 */
const AppShell = lazyScreen<{ children: ReactNode }>(
  () => loadAppShell().then((module) => ({ default: module.AppShell })),
  <FullPageLoader />,
);

/**
 * The root of the route tree: restores the session before anything is shown, applies the
 * navigation guard (guard.ts) on every navigation, turns auth events into redirects, and wraps
 * signed-in screens in the application shell.
 */
export function GuardedOutlet() {
  const auth = useSnapshot(authState);
  const spaces = useSnapshot(spacesState);
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  const [admittedPath, setAdmittedPath] = useState<string | null>(null);

  useAuthEventRedirects();
  useEffect(() => {
    // A stored session will most likely be restored: fetch the shell alongside the session check.
    if (hasStoredSession()) void AppShell.preload().catch(() => undefined);
    // initAuth is idempotent; failures leave the store UNAUTHENTICATED and the guard sends to Login.
    void initAuth();
  }, []);
  useEffect(() => {
    if (auth.status === 'AUTHENTICATED') void AppShell.preload().catch(() => undefined);
  }, [auth.status]);

  const ready = auth.initialized && auth.status !== 'INITIALIZING';
  const decision = ready
    ? decideNavigation({
        path: location.pathname,
        search: location.search,
        auth: { status: auth.status, user: auth.user, endReason: auth.endReason, sessionExpired: auth.sessionExpired },
        spaces: {
          initialized: spaces.initialized,
          currentSpaceId: spaces.currentSpaceId,
          count: spaces.spaces.length,
        },
      })
    : null;
  // A token refresh running in the background must not throw the user off the page they are
  // already on. (A navigation made while it runs goes through too: guard.ts.)
  const redirect = decision && auth.status === 'REFRESHING' && admittedPath === here ? null : decision;
  if (ready && !redirect && admittedPath !== here) setAdmittedPath(here);

  // The first screen after the session check (shell, sidebar, the screen) is the biggest render of
  // a visit. The store update that ends the check renders synchronously; deferring `ready` keeps
  // the loader for that pass and renders the app in a transition, in slices that leave the main
  // thread free between them (Lighthouse's total blocking time on a phone, docs/performance.md).
  const shown = useDeferredValue(ready);
  if (!ready || !shown) return <FullPageLoader />;
  // A logout wipes the device before Login shows (features/auth/auth.store.ts): nothing of the
  // person stays on screen meanwhile, and a navigation made now waits for it with the rest.
  if (auth.status === 'LOGGING_OUT' && classifyPath(location.pathname) !== 'auth-page') return SIGNING_OUT_SCREEN;
  if (redirect) return <Navigate to={redirect.redirect} replace />;

  // A token refresh is the same person's session: the shell and the screen in it stay as they are
  // (taking the shell down rebuilt the screen inside, twice per refresh).
  const signedIn = auth.status === 'AUTHENTICATED' || auth.status === 'REFRESHING';
  const showShell = signedIn && auth.user !== null && classifyPath(location.pathname) !== 'auth-page';
  return showShell ? SCREEN_IN_SHELL : SCREEN_ALONE;
}

/** Shown while a logout wipes the device. */
export const SIGNING_OUT = 'Signing out…';
/** A page of its own for those moments (up to the logout call's 5 s): a main landmark and a heading. */
const SIGNING_OUT_SCREEN = (
  <main>
    <h1 className="visually-hidden">Signing out</h1>
    <FullPageLoader label={SIGNING_OUT} />
  </main>
);

/**
 * The same element objects on every render: this component re-renders whenever the auth or spaces
 * store changes (token refresh, plan or space loaded), and React then skips the unchanged shell and
 * screen below instead of rendering the whole signed-in tree again. Navigation still reaches the
 * screen through the router's context.
 */
const SCREEN = (
  <Suspense fallback={<ScreenLoader />}>
    <Outlet />
  </Suspense>
);
const SCREEN_IN_SHELL = <AppShell>{SCREEN}</AppShell>;
/** Outside the shell (Login, Register, Pricing and 404 signed out) the screen itself is the main landmark. */
const SCREEN_ALONE = <main className="screen-alone">{SCREEN}</main>;
