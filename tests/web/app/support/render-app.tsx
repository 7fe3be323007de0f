/**
 * Renders the real route tree (guard, shell, lazy screens) in a memory router, inside the same
 * providers as src/main.tsx, against the fake backend.
 */
import { useLayoutEffect } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router-dom';
import { MemoryRouter, useLocation, useNavigate, type NavigateFunction } from 'react-router-dom';
import { AppProviders } from '../../../../src/app/AppProviders';
import { AppRoutes } from '../../../../src/app/AppRoutes';
import { recordRecoverableError } from '../../../../src/app/recoverable-errors';
import { routeTree, screenRoutes } from '../../../../src/app/routes';
import { preloadScreensFor } from '../../../../src/app/router';
import { loadAppShell } from '../../../../src/app/shell/load-app-shell';

// The app fetches the shell's chunk while the session is checked; here it is loaded up front so
// its one-off module transform does not eat into the first test's findBy time-outs.
await loadAppShell();
import { login, logout } from '../../../../src/features/auth/auth.store';
import { authState } from '../../../../src/session';
import type { Role, User } from '../../../../src/contract/auth';
import type { FakeApi } from './fake-api';
import { makeUser } from './fake-api';

interface RouterProbe {
  navigate: NavigateFunction | null;
  location: string;
}

/** Lets a test navigate and read the location, as the user's address bar would. */
function ProbeRouter({ onRender }: { onRender: (probe: RouterProbe) => void }) {
  const navigate = useNavigate();
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  useLayoutEffect(() => onRender({ navigate, location: here }), [onRender, navigate, here]);
  return null;
}

/**
 * Renders the app at `path`. `extraScreens` adds screen routes next to the real ones (e.g. one that
 * throws), inside the same guard, shell and error boundaries.
 */
export function renderApp(path: string, { extraScreens = [] }: { extraScreens?: RouteObject[] } = {}) {
  const routes = routeTree([...extraScreens, ...screenRoutes]);
  // As the app's own start does (src/main.tsx): the first screen's code loads at once.
  preloadScreensFor(routes, new URL(path, 'http://localhost').pathname);
  let probe: RouterProbe = { navigate: null, location: path };
  const onRender = (latest: RouterProbe) => {
    probe = latest;
  };
  const user = userEvent.setup();
  const view = render(
    <AppProviders>
      <MemoryRouter initialEntries={[path]}>
        <ProbeRouter onRender={onRender} />
        <AppRoutes routes={routes} />
      </MemoryRouter>
    </AppProviders>,
    { onRecoverableError: recordRecoverableError },
  );
  const router = {
    navigate(to: string): void {
      if (!probe.navigate) throw new Error('The router is not rendered');
      void probe.navigate(to);
    },
  };
  const location = () => probe.location;
  return { router, user, view, location };
}

/** Signs in through the real login flow, answered by the fake backend. */
export async function signInAs(api: FakeApi, role: Role, overrides: Partial<User> = {}): Promise<User> {
  api.user = makeUser(role, overrides);
  return login(api.user.email, 'correct horse battery staple');
}

/** Ends any session left by the previous test, through the real logout. */
export async function signOut(): Promise<void> {
  if (authState.status !== 'UNAUTHENTICATED') await logout();
}

/** Waits until the router has settled on `path` (pathname + search). */
export async function waitForLocation(location: () => string, path: string): Promise<void> {
  await waitFor(() => expect(location()).toBe(path));
}

export { screen };
