/**
 * Renders the real route tree (guard, shell, lazy screens) in a memory router, inside the same
 * providers as src/main.tsx, against the fake backend.
 */
import { render, screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { AppProviders } from '../../../../src/app/AppProviders';
import { routes } from '../../../../src/app/routes';
import { preloadMatchedScreens } from '../../../../src/app/router';
import { loadAppShell } from '../../../../src/app/shell/load-app-shell';

// The app fetches the shell's chunk while the session is checked; here it is loaded up front so
// its one-off module transform does not eat into the first test's findBy time-outs.
await loadAppShell();
import { authState, login, logout } from '../../../../src/features/auth/auth.store';
import type { Role, User } from '../../../../src/features/auth/auth.types';
import type { FakeApi } from './fake-api';
import { makeUser } from './fake-api';

export function renderApp(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  // As the app's own router does (src/app/router.ts): the first screen's code loads at once.
  preloadMatchedScreens(router.state.matches);
  const user = userEvent.setup();
  const view = render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  const location = () => `${router.state.location.pathname}${router.state.location.search}`;
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
