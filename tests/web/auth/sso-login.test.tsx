/**
 * Single sign-on on the sign-in screens: "Sign in with {provider}" once the typed address's
 * domain has it, "Sign in with SSO" asking for the work email, the provider's round trip ending
 * on /login/sso with a hand-over code (a session) or a reason (shown in words).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from '@testing-library/react';
import { authState } from '../../../src/session';
import { installDomShims } from '../app/support/dom';
import { installFakeApi, makeUser, type FakeApi } from '../app/support/fake-api';
import { renderApp, screen, signOut, waitForLocation } from '../app/support/render-app';

let api: FakeApi;
let assign: ReturnType<typeof vi.fn>;

beforeEach(() => {
  installDomShims();
  api = installFakeApi();
  api.on('GET /auth/sso/lookup', (call) => ({
    status: 200,
    body: { sso: call.query.get('email')?.endsWith('@acme.test') ? { provider_name: 'Acme ID', organization_name: 'Acme Marketing' } : null },
  }));
  assign = vi.fn();
  vi.stubGlobal('location', { ...window.location, assign });
});

afterEach(async () => {
  vi.unstubAllGlobals();
  await signOut();
});

describe('Login with single sign-on', () => {
  it('offers "Sign in with Acme ID" for an address of that domain, which goes to the server\'s start', async () => {
    const { user } = renderApp('/login?redirect=%2Fagents');
    await screen.findByRole('heading', { name: 'Welcome back' });
    await user.type(screen.getByLabelText('Email'), 'ada@other.test');
    expect(screen.getByRole('link', { name: /Sign in with SSO/ })).toBeTruthy();
    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'ada@acme.test');
    const button = await screen.findByRole('button', { name: 'Sign in with Acme ID' });
    expect(screen.getByText('Acme Marketing signs in with Acme ID. You can also use your password below.')).toBeTruthy();
    // The password stays usable next to the provider's button.
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeTruthy();
    await user.click(button);
    expect(assign).toHaveBeenCalledWith('/api/v1/auth/sso/start?email=ada%40acme.test&redirect=%2Fagents');
  });

  it('"Sign in with SSO" asks for the work email and says when its domain has no single sign-on', async () => {
    const { user } = renderApp('/login/sso');
    await screen.findByRole('heading', { name: 'Sign in with SSO' });
    await user.type(screen.getByLabelText('Work email'), 'bo@other.test');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(/Single sign-on is not set up for other\.test\./)).toBeTruthy();
    expect(assign).not.toHaveBeenCalled();
    await user.clear(screen.getByLabelText('Work email'));
    await user.type(screen.getByLabelText('Work email'), 'bo@acme.test');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/api/v1/auth/sso/start?email=bo%40acme.test'));
  });

  it('exchanges the hand-over code for a session and opens where the person was going', async () => {
    api.user = makeUser('org_member', { email: 'new@acme.test' });
    api.on('POST /auth/sso/complete', () => ({
      status: 200,
      body: { access_token: 'access-sso', refresh_token: 'refresh-sso', token_type: 'bearer', user: api.user, redirect: '/settings' },
    }));
    const { location } = renderApp('/login/sso?handoff=one-time-code');
    await waitForLocation(location, '/settings');
    expect(api.callsTo('POST /auth/sso/complete')[0]?.body).toEqual({ handoff: 'one-time-code' });
    expect(authState.status).toBe('AUTHENTICATED');
    expect(authState.user?.email).toBe('new@acme.test');
  });

  it("shows why the provider's round trip stopped, with the address to try again", async () => {
    renderApp('/login/sso?error=SSO_EMAIL_NOT_VERIFIED&email=ada%40acme.test');
    expect(await screen.findByText(/Your identity provider has not verified your email address/)).toBeTruthy();
    expect((screen.getByLabelText('Work email') as HTMLInputElement).value).toBe('ada@acme.test');
  });

  it('says so when the hand-over code was already used', async () => {
    api.on('POST /auth/sso/complete', () => ({
      status: 401,
      body: { detail: 'This sign-in attempt has expired or was already used. Start again: it works for 10 minutes, in the browser where you started it.', code: 'SSO_LINK_EXPIRED' },
    }));
    const { location } = renderApp('/login/sso?handoff=spent');
    expect(await screen.findByText(/This sign-in attempt has expired or was already used/)).toBeTruthy();
    await waitForLocation(location, '/login/sso');
    expect(authState.status).toBe('UNAUTHENTICATED');
  });
});
