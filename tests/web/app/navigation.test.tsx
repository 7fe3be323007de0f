import { act, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { emitAuthEvent } from '../../../src/session';
import { authState, forceLogout } from '../../../src/session';
import type { FakeApi } from './support/fake-api';
import { installFakeApi, makeSpace } from './support/fake-api';
import { prepareScreenTests } from './support/screen-tests';
import { renderApp, screen, signInAs, waitForLocation } from './support/render-app';

let api: FakeApi;

/** A screen that fails while rendering, as a screen with a bug or a failed request would. */
function ThrowsWhileRendering({ error }: { error: Error }): never {
  throw error;
}

prepareScreenTests({ resetAddress: true });
beforeEach(() => {
  api = installFakeApi();
});

describe('first navigation', () => {
  it('restores the session before deciding, then sends a signed-out visitor to Login with the way back', async () => {
    const { location } = renderApp('/knowledge-base?tab=docs');
    expect(screen.getByText('Loading Mosaic…')).toBeTruthy();
    await waitForLocation(location, '/login?redirect=%2Fknowledge-base%3Ftab%3Ddocs');
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeTruthy();
    expect(authState.initialized).toBe(true);
  });
});

describe('routes', () => {
  it('sends / to the dashboard for members', async () => {
    await signInAs(api, 'org_member');
    const { location } = renderApp('/');
    await waitForLocation(location, '/dashboard');
    expect(await screen.findByRole('heading', { name: 'Dashboard', level: 1 })).toBeTruthy();
  });

  it('sends / and /admin to the admin dashboard for system admins', async () => {
    await signInAs(api, 'system_admin');
    const first = renderApp('/');
    await waitForLocation(first.location, '/admin/dashboard');
    first.view.unmount();
    const second = renderApp('/admin');
    await waitForLocation(second.location, '/admin/dashboard');
    expect(await screen.findByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeTruthy();
  });

  it('sends /org-admin to the org-admin dashboard for owners', async () => {
    await signInAs(api, 'org_owner');
    const { location } = renderApp('/org-admin');
    await waitForLocation(location, '/org-admin/dashboard');
    expect(await screen.findByRole('heading', { name: 'Organisation Admin', level: 1 })).toBeTruthy();
  });

  it('shows a friendly page for unknown paths', async () => {
    await signInAs(api, 'org_member');
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Dashboard' }).getAttribute('href')).toBe('/dashboard');
  });

  it('lets signed-out visitors read Pricing', async () => {
    const { location } = renderApp('/pricing');
    expect(await screen.findByRole('heading', { name: 'Pricing', level: 1 })).toBeTruthy();
    expect(location()).toBe('/pricing');
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).toBeNull();
  });

  it('sends organisation members who open the platform admin area to the organisation admin dashboard', async () => {
    await signInAs(api, 'org_member');
    const { location } = renderApp('/admin/users');
    await waitForLocation(location, '/org-admin/dashboard');
  });

  it('sends a signed-in user away from Login to the redirect target', async () => {
    await signInAs(api, 'org_admin');
    const { location } = renderApp('/login?redirect=%2Fcredits');
    await waitForLocation(location, '/credits');
    expect(await screen.findByRole('heading', { name: 'Credits', level: 1 })).toBeTruthy();
  });

  it('sends users without a space to the dashboard error, where Retry recovers', async () => {
    api.spaces = [];
    await signInAs(api, 'org_member').catch(() => undefined);
    // An empty list still signs in; the guard then reports it on the dashboard.
    expect(authState.status).toBe('AUTHENTICATED');
    const { user, location } = renderApp('/agents');
    await waitForLocation(location, '/dashboard?error=space-init-failed');
    expect(await screen.findByText('Your spaces could not be loaded')).toBeTruthy();
    expect(screen.getByText('No spaces available')).toBeTruthy();

    api.spaces = [makeSpace('s9', 'Recovered')];
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitForLocation(location, '/dashboard');
    expect(await screen.findByText('No analytics connected yet')).toBeTruthy();
  });
});

describe('auth events', () => {
  it('a forced logout → Login with the way back and the expired notice', async () => {
    await signInAs(api, 'org_member');
    const { location } = renderApp('/connections');
    expect(await screen.findByRole('heading', { name: 'Connections', level: 1 })).toBeTruthy();
    // The browser's address matches the router's in the real app; forceLogout reads it.
    window.history.replaceState(null, '', '/connections');
    act(() => forceLogout());
    await waitForLocation(location, '/login?redirect=%2Fconnections&expired=true');
    expect(await screen.findByText('Your session expired. Please sign in again.')).toBeTruthy();
  });

  it('login required keeps the redirect path', async () => {
    const { location } = renderApp('/pricing');
    await screen.findByRole('heading', { name: 'Pricing', level: 1 });
    act(() => emitAuthEvent({ type: 'LOGIN_REQUIRED', redirect: '/agents/seo' }));
    await waitForLocation(location, '/login?redirect=%2Fagents%2Fseo');
  });

  it.each(['LOGOUT_COMPLETE', 'UNAUTHENTICATED'] as const)('%s → plain Login', async (type) => {
    const { location } = renderApp('/pricing');
    await screen.findByRole('heading', { name: 'Pricing', level: 1 });
    act(() => emitAuthEvent({ type }));
    await waitForLocation(location, '/login');
  });
});

describe('navigation errors', () => {
  it('a 401 while opening a screen forces logout and goes to Login', async () => {
    await signInAs(api, 'org_member');
    const { router, location } = renderApp('/dashboard', {
      extraScreens: [{ path: 'broken', element: <ThrowsWhileRendering error={new Error('Request failed with status 401')} /> }],
    });
    await screen.findByRole('heading', { name: 'Dashboard', level: 1 });
    act(() => router.navigate('/broken'));
    await waitForLocation(location, '/login?redirect=%2Fbroken&expired=true');
    expect(authState.status).toBe('UNAUTHENTICATED');
    expect(localStorage.getItem('ma_access_token')).toBeNull();
  });
  it('another error shows the error screen inside the shell, and the next navigation recovers', async () => {
    await signInAs(api, 'org_member');
    const { router, location } = renderApp('/dashboard', {
      extraScreens: [{ path: 'broken', element: <ThrowsWhileRendering error={new Error('Cannot read properties of undefined')} /> }],
    });
    await screen.findByRole('heading', { name: 'Dashboard', level: 1 });
    act(() => router.navigate('/broken'));
    expect(await screen.findByText('Something went wrong')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
    expect(location()).toBe('/broken');
    expect(authState.status).toBe('AUTHENTICATED');
    // The shell survived: its navigation is still there to leave the broken screen.
    expect(screen.getAllByRole('link', { name: /Knowledge Base/ }).length).toBeGreaterThan(0);

    act(() => router.navigate('/settings'));
    expect(await screen.findByRole('heading', { name: 'Settings', level: 1 })).toBeTruthy();
    expect(screen.queryByText('Something went wrong')).toBeNull();
  });
});

describe('a token refresh in the background', () => {
  it('leaves the current page alone, and a navigation made meanwhile opens its screen, never Login', async () => {
    let releaseRefresh: () => void = () => undefined;
    const refreshDone = new Promise<void>((resolve) => (releaseRefresh = resolve));
    let planCalls = 0;
    // The plan card's first call finds the access token expired; the refresh then takes a while.
    api.on('GET /billing/plan', () => (++planCalls === 1 ? { status: 401, body: { detail: 'Token expired' } } : { status: 200, body: { id: 'p', name: 'Free', type: 'free', days_left: 3, expires_at: null, is_active: true } }));
    api.on('POST /refresh', async () => {
      await refreshDone;
      return { status: 200, body: { access_token: 'access-2', refresh_token: 'refresh-2', token_type: 'bearer' } };
    });
    await signInAs(api, 'org_owner');
    const { router, location } = renderApp('/connections');
    const heading = await screen.findByRole('heading', { name: 'Connections', level: 1 });
    await waitFor(() => expect(authState.status).toBe('REFRESHING'));
    expect(location()).toBe('/connections');
    // The same screen, still in the shell: nothing was taken down and put up again for the refresh
    // (looked at once the renders the status change causes are done).
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(screen.getByRole('heading', { name: 'Connections', level: 1 })).toBe(heading);
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeTruthy();

    // On a slow network the refresh takes a while: the person is no less signed in meanwhile.
    act(() => router.navigate('/credits'));
    await waitForLocation(location, '/credits');
    expect(await screen.findByRole('heading', { name: 'Credits', level: 1 })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Sign in' })).toBeNull();

    const credits = screen.getByRole('heading', { name: 'Credits', level: 1 });
    releaseRefresh();
    await waitFor(() => expect(authState.status).toBe('AUTHENTICATED'));
    expect(location()).toBe('/credits');
    expect(screen.getByRole('heading', { name: 'Credits', level: 1 })).toBe(credits);
  });
});

