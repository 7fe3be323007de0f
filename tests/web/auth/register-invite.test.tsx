/**
 * The Register screen opened from an invite link (`/register?invite=<secret>`): the invitation is
 * looked up by its secret, the invited address is filled in and locked, no organisation name is
 * asked, and registering sends the secret. A link that cannot be used says why and what to do.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { waitFor } from '@testing-library/react';
import { authState } from '../../../src/session';
import { installFakeApi, makeUser, type FakeApi } from '../app/support/fake-api';
import { renderApp, screen, waitForLocation } from '../app/support/render-app';
import { prepareScreenTests } from '../app/support/screen-tests';

const SECRET = 'Zm9vYmFyLXNlY3JldC1vZi10aGUtaW52aXRlLWxpbms';
const invitation = { organization_name: 'Acme Studio', role: 'org_admin', email: 'ivy@acme.test', expires_at: '2026-06-01T12:00:00.000Z' };
const EXPIRED = 'This invite link has expired. Ask Acme Studio to invite you again.';
const INVALID =
  'This invite link is not valid: it has been used, withdrawn or replaced by a newer invite. If you have already joined, sign in; otherwise ask whoever invited you to invite you again.';

let api: FakeApi;

prepareScreenTests();
beforeEach(() => {
  api = installFakeApi();
});

async function openInviteLink(secret = SECRET) {
  const app = renderApp(`/register?invite=${secret}`);
  await screen.findByRole('heading', { name: 'Create your account' });
  return app;
}

const emailField = () => screen.getByLabelText('Work email') as HTMLInputElement;

describe('Register from an invite link', () => {
  it('says where and as what they join, locks the invited address, asks no organisation name, and registers with the secret', async () => {
    api.on('GET /register/invitation', () => ({ status: 200, body: invitation }));
    api.user = makeUser('org_admin', { name: 'Ivy', email: 'ivy@acme.test' });
    const { user, location } = await openInviteLink();

    expect((await screen.findByText(/You're joining/)).closest('[role="status"]')?.textContent).toBe("You're joining Acme Studio as Admin.");
    expect(api.callsTo('GET /register/invitation')[0]?.query.get('token')).toBe(SECRET);
    expect(emailField().value).toBe('ivy@acme.test');
    expect(emailField().readOnly).toBe(true);
    expect(screen.getByText('Your invitation is for this address.')).toBeTruthy();
    expect(screen.queryByLabelText('Organisation name')).toBeNull();
    expect(screen.queryByRole('radio')).toBeNull();

    await user.type(screen.getByLabelText('Name'), 'Ivy');
    await user.type(emailField(), 'other@elsewhere.test');
    expect(emailField().value).toBe('ivy@acme.test');
    await user.type(screen.getByLabelText('Password'), 'a long passphrase');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    await waitForLocation(location, '/dashboard');
    expect(api.callsTo('POST /register')[0]?.body).toEqual({
      email: 'ivy@acme.test',
      password: 'a long passphrase',
      name: 'Ivy',
      invite_token: SECRET,
    });
    // The invitation decides: the domain is never asked about.
    expect(api.callsTo('GET /register/check-domain')).toHaveLength(0);
    expect(authState.status).toBe('AUTHENTICATED');
  });

  it('an expired link says whom to ask, and the form goes on as an ordinary registration', async () => {
    api.on('GET /register/invitation', () => ({ status: 410, body: { detail: EXPIRED, code: 'INVITE_LINK_EXPIRED' } }));
    const { user, location } = await openInviteLink();

    expect((await screen.findByRole('alert')).textContent).toBe(`${EXPIRED} You can still create an account for a new organisation below.`);
    expect(emailField().readOnly).toBe(false);
    expect(screen.getByLabelText('Organisation name')).toBeTruthy();

    await user.type(screen.getByLabelText('Name'), 'Ivy');
    await user.type(emailField(), 'ivy@acme.test');
    await user.type(screen.getByLabelText('Password'), 'a long passphrase');
    await user.type(screen.getByLabelText('Organisation name'), 'Ivy Studio');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitForLocation(location, '/dashboard');
    expect(api.callsTo('POST /register')[0]?.body).toEqual({
      email: 'ivy@acme.test',
      password: 'a long passphrase',
      name: 'Ivy',
      org_name: 'Ivy Studio',
    });
  });

  it('a used or unknown link says so in the server’s words', async () => {
    api.on('GET /register/invitation', () => ({ status: 404, body: { detail: INVALID, code: 'INVITE_LINK_INVALID' } }));
    await openInviteLink('not-a-real-secret');
    expect((await screen.findByRole('alert')).textContent).toContain(INVALID);
    expect(screen.queryByText(/You're joining/)).toBeNull();
  });

  it('a link that lapses before submitting: says why, keeps everything typed, and asks for an organisation name', async () => {
    api.on('GET /register/invitation', () => ({ status: 200, body: invitation }));
    api.on('POST /register', () => ({ status: 410, body: { detail: EXPIRED, code: 'INVITE_LINK_EXPIRED' } }));
    const { user, location } = await openInviteLink();
    await screen.findByText(/You're joining/);
    await user.type(screen.getByLabelText('Name'), 'Ivy');
    await user.type(screen.getByLabelText('Password'), 'a long passphrase');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect((await screen.findByRole('alert')).textContent).toBe(`${EXPIRED} You can still create an account for a new organisation below.`);
    expect(emailField().value).toBe('ivy@acme.test');
    expect(emailField().readOnly).toBe(false);
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Ivy');
    expect((screen.getByLabelText('Password') as HTMLInputElement).value).toBe('a long passphrase');
    expect(screen.getByLabelText('Organisation name')).toBeTruthy();
    expect(location()).toBe(`/register?invite=${SECRET}`);
    expect(localStorage.getItem('ma_access_token')).toBeNull();
  });

  it('while the invitation cannot be checked, nothing can be sent that would ignore it; checking again works', async () => {
    let reachable = false;
    api.on('GET /register/invitation', () => (reachable ? { status: 200, body: invitation } : { status: 503, body: { detail: 'Service unavailable' } }));
    const { user } = await openInviteLink();

    expect((await screen.findByRole('alert')).textContent).toBe('Your invitation could not be checked. Check your connection and try again.');
    expect((screen.getByRole('button', { name: 'Create account' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByLabelText('Organisation name')).toBeNull();

    reachable = true;
    await user.click(screen.getByRole('button', { name: 'Check the invitation again' }));
    expect(await screen.findByText(/You're joining/)).toBeTruthy();
    await waitFor(() => expect((screen.getByRole('button', { name: 'Create account' }) as HTMLButtonElement).disabled).toBe(false));
  });

  it('an answer that does not say where the link leads is not trusted', async () => {
    api.on('GET /register/invitation', () => ({ status: 200, body: { organization_name: 'Acme Studio' }, offContract: 'a broken server answer' }));
    await openInviteLink();
    expect((await screen.findByRole('alert')).textContent).toBe('Your invitation could not be checked. Check your connection and try again.');
    expect(screen.queryByText(/You're joining/)).toBeNull();
  });
});
