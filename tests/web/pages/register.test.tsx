import { beforeEach, describe, expect, it } from 'vitest';
import { authState } from '../../../src/session';
import type { FakeApi } from '../app/support/fake-api';
import { installFakeApi, makeUser } from '../app/support/fake-api';
import { renderApp, screen, waitForLocation } from '../app/support/render-app';
import { prepareScreenTests } from '../app/support/screen-tests';

let api: FakeApi;

prepareScreenTests();
beforeEach(() => {
  api = installFakeApi();
});

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

  it('shows each field\'s rule under it before submit, and a short password\'s rule before sending', async () => {
    const { user } = await openRegister();
    expect(screen.getByText('At least 8 characters (at most 128).')).toBeTruthy();
    expect(screen.getByText('Up to 100 characters.')).toBeTruthy();
    await user.type(screen.getByLabelText('Name'), 'Di');
    await user.type(screen.getByLabelText('Work email'), 'di@new.test');
    await user.type(screen.getByLabelText('Password'), 'short');
    await user.type(screen.getByLabelText('Organisation name'), 'Di Co');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Password must be at least 8 characters')).toBeTruthy();
    expect(screen.getByLabelText('Password').getAttribute('aria-describedby')).toBe('register-password-error');
    expect(api.callsTo('POST /register')).toHaveLength(0);
  });

  it("shows the server's named rule under its field instead of 'Validation error'", async () => {
    api.on('POST /register', () => ({
      status: 422,
      body: { detail: 'Validation error', code: 'VALIDATION_ERROR', errors: [{ field: 'email', message: 'Enter a valid email address' }] },
    }));
    const { user } = await openRegister();
    await user.type(screen.getByLabelText('Name'), 'Ed');
    await user.type(screen.getByLabelText('Work email'), 'ed@new.test');
    await user.type(screen.getByLabelText('Password'), 'long enough phrase');
    await user.type(screen.getByLabelText('Organisation name'), 'Ed Co');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Enter a valid email address')).toBeTruthy();
    expect(screen.queryByText('Validation error')).toBeNull();
  });
});
