import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, waitFor } from '@testing-library/react';
import { authState } from '../../../src/features/auth/auth.store';
import { installDomShims } from '../app/support/dom';
import type { FakeApi } from '../app/support/fake-api';
import { installFakeApi, makeUser } from '../app/support/fake-api';
import { renderApp, screen, signOut, waitForLocation } from '../app/support/render-app';

let api: FakeApi;

beforeEach(() => {
  installDomShims();
  api = installFakeApi();
});

afterEach(signOut);

/**
 * Lets every answer the fake server has given be handled to the end: waits until no request is
 * unanswered, then drains the promise callbacks those answers queued (a macrotask runs only once
 * the microtask queue is empty, however slow the machine) inside act(), so their renders are done.
 */
async function settleAnsweredRequests(): Promise<void> {
  await waitFor(() => expect(vi.mocked(fetch).mock.settledResults.filter((result) => result.type === 'incomplete')).toHaveLength(0));
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
}

async function openRegister() {
  const app = renderApp('/register');
  await screen.findByRole('heading', { name: 'Create your account' });
  return app;
}

describe('Register', () => {
  it('offers to join the organisation that owns the email domain, and joining starts no session', async () => {
    api.on('GET /register/check-domain', (call) => ({
      status: 200,
      body: { has_existing_org: call.query.get('email') === 'bo@acme.test', organization_name: 'Acme' },
    }));
    api.on('POST /register/with-domain', () => ({
      status: 202,
      body: { message: 'Your request to join Acme has been sent to its admins.' },
    }));
    const { user, location } = await openRegister();
    await user.type(screen.getByLabelText('Name'), 'Bo Lind');
    await user.type(screen.getByLabelText('Work email'), 'bo@acme.test');
    await user.type(screen.getByLabelText('Password'), 'a long passphrase');

    expect(await screen.findByRole('radio', { name: /Join Acme/ })).toBeTruthy();
    expect(screen.getByRole('radio', { name: /Create a new organisation/ })).toBeTruthy();
    expect(api.callsTo('GET /register/check-domain')[0]?.query.get('email')).toBe('bo@acme.test');
    // Joining needs no organisation name.
    expect(screen.queryByLabelText('Organisation name')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Request to join' }));
    expect(await screen.findByText('Your request to join Acme has been sent to its admins.')).toBeTruthy();
    expect(api.callsTo('POST /register/with-domain')[0]?.body).toEqual({
      email: 'bo@acme.test',
      password: 'a long passphrase',
      name: 'Bo Lind',
      choice: 'join_existing',
    });
    expect(authState.status).toBe('UNAUTHENTICATED');
    expect(localStorage.getItem('ma_access_token')).toBeNull();
    expect(location()).toBe('/register');
  });

  it('can create a new organisation instead, which signs in', async () => {
    api.on('GET /register/check-domain', () => ({ status: 200, body: { has_existing_org: true, organization_name: 'Acme' } }));
    api.user = makeUser('org_owner');
    const { user, location } = await openRegister();
    await user.type(screen.getByLabelText('Name'), 'Bo Lind');
    await user.type(screen.getByLabelText('Work email'), 'bo@acme.test');
    await user.tab();
    await user.click(await screen.findByRole('radio', { name: /Create a new organisation/ }));
    await user.type(screen.getByLabelText('Password'), 'a long passphrase');
    await user.type(screen.getByLabelText('Organisation name'), 'Bo Studio');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitForLocation(location, '/dashboard');
    expect(api.callsTo('POST /register/with-domain')[0]?.body).toMatchObject({ choice: 'create_new', org_name: 'Bo Studio' });
  });

  it('registers a new organisation when the domain is unknown', async () => {
    const { user, location } = await openRegister();
    await user.type(screen.getByLabelText('Name'), 'Cy');
    await user.type(screen.getByLabelText('Work email'), 'cy@new.test');
    await user.tab();
    await user.type(screen.getByLabelText('Password'), 'secret phrase');
    await user.type(screen.getByLabelText('Organisation name'), 'New Co');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitForLocation(location, '/dashboard');
    expect(api.callsTo('POST /register')[0]?.body).toEqual({
      email: 'cy@new.test',
      password: 'secret phrase',
      name: 'Cy',
      org_name: 'New Co',
    });
    expect(screen.queryByRole('radio')).toBeNull();
  });

  describe('an invited address', () => {
    const invitedAnswer = { has_existing_org: false, invited: true, organization_name: 'Acme Studio', role: 'org_admin' };

    it('asks for no organisation name, says where and as what they join, and registers without org_name', async () => {
      api.on('GET /register/check-domain', () => ({ status: 200, body: invitedAnswer }));
      api.user = makeUser('org_admin', { name: 'Ivy', email: 'ivy@acme.test' });
      const { user, location } = await openRegister();
      expect(screen.getByLabelText('Organisation name')).toBeTruthy();
      await user.type(screen.getByLabelText('Name'), 'Ivy');
      await user.type(screen.getByLabelText('Work email'), 'ivy@acme.test');
      await user.tab();

      const notice = await screen.findByRole('status');
      expect(notice.textContent).toBe("You've been invited to join Acme Studio as Admin. Create your account to join.");
      expect(screen.queryByLabelText('Organisation name')).toBeNull();
      expect(screen.queryByRole('radio')).toBeNull();

      await user.type(screen.getByLabelText('Password'), 'a long passphrase');
      await user.click(screen.getByRole('button', { name: 'Create account' }));
      await waitForLocation(location, '/dashboard');
      expect(api.callsTo('POST /register')[0]?.body).toEqual({ email: 'ivy@acme.test', password: 'a long passphrase', name: 'Ivy' });
      expect(api.callsTo('POST /register/with-domain')).toHaveLength(0);
      expect(authState.status).toBe('AUTHENTICATED');
      expect(localStorage.getItem('ma_access_token')).toBeTruthy();
    });

    it('names the member role too, even when the domain has an organisation', async () => {
      api.on('GET /register/check-domain', () => ({ status: 200, body: { ...invitedAnswer, organization_name: 'Beta', role: 'org_member' } }));
      const { user } = await openRegister();
      await user.type(screen.getByLabelText('Work email'), 'mo@beta.test');
      await user.tab();
      expect((await screen.findByRole('status')).textContent).toBe("You've been invited to join Beta as Member. Create your account to join.");
      expect(screen.queryByRole('radio', { name: /Join Beta/ })).toBeNull();
    });

    it('the answer for the latest email wins: editing the address brings the organisation name back', async () => {
      api.on('GET /register/check-domain', (call) => ({
        status: 200,
        body: call.query.get('email') === 'ivy@acme.test' ? invitedAnswer : { has_existing_org: false },
      }));
      const { user } = await openRegister();
      const email = screen.getByLabelText('Work email');
      await user.type(email, 'ivy@acme.test');
      await user.tab();
      await screen.findByRole('status');
      await user.clear(email);
      await user.type(email, 'ivy@elsewhere.test');
      // As soon as the address changes, the invitation no longer applies.
      expect(screen.queryByRole('status')).toBeNull();
      expect(screen.getByLabelText('Organisation name')).toBeTruthy();
      await user.tab();
      await waitFor(() => expect(api.callsTo('GET /register/check-domain')).toHaveLength(2));
      expect(screen.queryByRole('status')).toBeNull();
      expect(screen.getByLabelText('Organisation name')).toBeTruthy();
    });

    it('a slower answer for an earlier address does not bring the invitation back', async () => {
      let answerFirst: (reply: { status: number; body: unknown }) => void = () => {};
      api.on('GET /register/check-domain', (call) =>
        call.query.get('email') === 'ivy@acme.test'
          ? new Promise((resolve) => {
              answerFirst = resolve;
            })
          : { status: 200, body: { has_existing_org: false } },
      );
      const { user } = await openRegister();
      const email = screen.getByLabelText('Work email');
      await user.type(email, 'ivy@acme.test');
      await user.tab();
      await user.clear(email);
      await user.type(email, 'ivy@elsewhere.test');
      await user.tab();
      await waitFor(() => expect(api.callsTo('GET /register/check-domain')).toHaveLength(2));
      answerFirst({ status: 200, body: invitedAnswer });
      await settleAnsweredRequests();
      expect(screen.queryByRole('status')).toBeNull();
      expect(screen.getByLabelText('Organisation name')).toBeTruthy();
    });

    it('an invitation that lapsed before submitting: says so and asks for an organisation name, keeping the form', async () => {
      let invited = true;
      api.on('GET /register/check-domain', () => ({ status: 200, body: invited ? invitedAnswer : { has_existing_org: false } }));
      api.on('POST /register', () => ({
        status: 422,
        body: { detail: 'Validation error', code: 'VALIDATION_ERROR', errors: [{ field: 'org_name', message: 'Organisation name is required' }] },
      }));
      const { user, location } = await openRegister();
      await user.type(screen.getByLabelText('Name'), 'Ivy');
      await user.type(screen.getByLabelText('Work email'), 'ivy@acme.test');
      await user.tab();
      await screen.findByRole('status');
      await user.type(screen.getByLabelText('Password'), 'a long passphrase');
      invited = false;
      await user.click(screen.getByRole('button', { name: 'Create account' }));

      expect(
        await screen.findByText('Your invitation has expired or was withdrawn. Enter an organisation name to create your own.'),
      ).toBeTruthy();
      expect(screen.getByLabelText('Organisation name')).toBeTruthy();
      expect((screen.getByLabelText('Work email') as HTMLInputElement).value).toBe('ivy@acme.test');
      expect((screen.getByLabelText('Password') as HTMLInputElement).value).toBe('a long passphrase');
      expect(location()).toBe('/register');
      expect(localStorage.getItem('ma_access_token')).toBeNull();
    });

    it('an answer that claims an invitation without saying where is not trusted: the organisation name is asked', async () => {
      api.on('GET /register/check-domain', () => ({ status: 200, body: { has_existing_org: false, invited: true } }));
      const { user } = await openRegister();
      await user.type(screen.getByLabelText('Work email'), 'ivy@acme.test');
      await user.tab();
      await waitFor(() => expect(api.callsTo('GET /register/check-domain')).toHaveLength(1));
      await settleAnsweredRequests();
      expect(screen.queryByRole('status')).toBeNull();
      expect(screen.getByLabelText('Organisation name')).toBeTruthy();
    });
  });

  it('shows the server error and keeps the form', async () => {
    api.on('POST /register', () => ({ status: 409, body: { detail: 'Email already registered' } }));
    const { user } = await openRegister();
    await user.type(screen.getByLabelText('Name'), 'Cy');
    await user.type(screen.getByLabelText('Work email'), 'cy@new.test');
    await user.type(screen.getByLabelText('Password'), 'secret phrase');
    await user.type(screen.getByLabelText('Organisation name'), 'New Co');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Email already registered')).toBeTruthy();
    expect((screen.getByLabelText('Organisation name') as HTMLInputElement).value).toBe('New Co');
  });

  it('says what is missing before sending anything', async () => {
    const { user } = await openRegister();
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(screen.getByText('Enter your name.')).toBeTruthy();
    expect(api.callsTo('POST /register')).toHaveLength(0);
  });
});
