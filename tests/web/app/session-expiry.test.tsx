/**
 * However a session ends on its own (spec 000 §2, §4: a refused refresh, the third failed refresh,
 * a forced logout), the person lands on /login?redirect=…&expired=true and reads the expired
 * notice. Driven through the real request layer (src/api) and its refresh, against a fake backend
 * that refuses the refresh token, with the real route tree, guard and Login screen.
 */
import { act } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { http } from '../../../src/api';
import { initAuth } from '../../../src/features/auth/auth.store';
import { SESSION_EXPIRED_NOTICE } from '../../../src/features/auth/pages/LoginPage';
import { authState } from '../../../src/session';
import { installDomShims } from './support/dom';
import { installFakeApi, type FakeApi } from './support/fake-api';
import { renderApp, screen, signInAs, signOut, waitForLocation } from './support/render-app';

const EXPIRED_AT_CONNECTIONS = '/login?redirect=%2Fconnections&expired=true';
const tokenExpired = () => ({ status: 401, body: { detail: 'Token expired', code: 'TOKEN_EXPIRED' } });

let api: FakeApi;

beforeEach(() => {
  installDomShims();
  api = installFakeApi();
  // The real app's address bar follows the router; the session's own redirect reads it.
  window.history.replaceState(null, '', '/connections');
});

afterEach(async () => {
  await signOut();
  window.history.replaceState(null, '', '/');
});

/** Signed in and looking at Connections, as after any sign-in. */
async function onConnections() {
  await signInAs(api, 'org_member');
  const rendered = renderApp('/connections');
  await screen.findByRole('heading', { name: 'Connections', level: 1 });
  return rendered;
}

async function expectExpiredLogin(location: () => string): Promise<void> {
  await waitForLocation(location, EXPIRED_AT_CONNECTIONS);
  expect(await screen.findByText(SESSION_EXPIRED_NOTICE)).toBeTruthy();
  expect(authState.status).toBe('UNAUTHENTICATED');
  expect(localStorage.getItem('ma_access_token')).toBeNull();
}

describe('a session that ends on its own lands on Login with the expired notice', () => {
  // First in the file: the session check runs once per page, and this is the page's first.
  it('when the refresh is refused while the app starts, before any screen could hear about it', async () => {
    // A returning visit: the stored access token has expired, and so has the refresh token.
    localStorage.setItem('ma_access_token', 'access-old');
    localStorage.setItem('ma_refresh_token', 'refresh-old');
    localStorage.setItem('ma_auth_user', JSON.stringify(api.user));
    api.on('GET /me', tokenExpired);
    api.on('POST /refresh', () => ({ status: 401, body: { detail: 'Refresh token expired' } }));
    // As src/main.tsx does for a stored session, the check starts before the first render; here
    // it ends before the route tree exists, so the way to Login is the guard's own.
    await act(async () => {
      await initAuth();
    });
    const { location } = renderApp('/connections');
    await expectExpiredLogin(location);
  });

  it('when the server refuses the refresh token', async () => {
    const { location } = await onConnections();
    api.on('GET /kb/documents', tokenExpired);
    api.on('POST /refresh', () => ({ status: 401, body: { detail: 'Refresh token expired' } }));
    await act(async () => {
      await expect(http.get('/kb/documents')).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    });
    expect(api.callsTo('POST /refresh')).toHaveLength(1);
    await expectExpiredLogin(location);
  });

  it('when the third refresh in a row fails', async () => {
    const { location } = await onConnections();
    api.on('GET /kb/documents', tokenExpired);
    api.on('POST /refresh', () => ({ status: 503, body: { detail: 'Service unavailable' } }));
    for (const attempt of [1, 2]) {
      await act(async () => {
        await expect(http.get('/kb/documents')).rejects.toMatchObject({ status: 503 });
      });
      expect(api.callsTo('POST /refresh')).toHaveLength(attempt);
      // A failure that says nothing about the token keeps the person where they are.
      expect(location()).toBe('/connections');
    }
    await act(async () => {
      await expect(http.get('/kb/documents')).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    });
    await expectExpiredLogin(location);
  });

  it('when the session is forced to end (a retried request still refused)', async () => {
    const { location } = await onConnections();
    api.on('GET /kb/documents', tokenExpired);
    await act(async () => {
      await expect(http.get('/kb/documents')).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    });
    // Refreshed once, retried once, refused again: forced logout.
    expect(api.callsTo('GET /kb/documents')).toHaveLength(2);
    await expectExpiredLogin(location);
  });
});
