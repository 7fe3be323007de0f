import { beforeEach, describe, expect, it } from 'vitest';
import type { FakeApi } from '../app/support/fake-api';
import { installFakeApi, makeUser } from '../app/support/fake-api';
import { renderApp, screen, waitForLocation } from '../app/support/render-app';
import { prepareScreenTests } from '../app/support/screen-tests';

let api: FakeApi;

prepareScreenTests();
beforeEach(() => {
  api = installFakeApi();
});

async function openLogin(path = '/login') {
  const app = renderApp(path);
  await screen.findByRole('heading', { name: 'Welcome back' });
  return app;
}

describe('Login', () => {
  it('signs in and continues to the redirect target', async () => {
    const { user, location } = await openLogin('/login?redirect=%2Fknowledge-base');
    await user.type(screen.getByLabelText('Email'), 'ada@acme.test');
    await user.type(screen.getByLabelText('Password'), 'pw');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitForLocation(location, '/knowledge-base');
    expect(api.callsTo('POST /login')[0]?.body).toEqual({ email: 'ada@acme.test', password: 'pw' });
  });

  it('sends system admins to the admin dashboard', async () => {
    api.user = makeUser('system_admin');
    const { user, location } = await openLogin();
    await user.type(screen.getByLabelText('Email'), 'root@acme.test');
    await user.type(screen.getByLabelText('Password'), 'pw');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitForLocation(location, '/admin/dashboard');
  });

  it('ignores a redirect target on another site', async () => {
    const { user, location } = await openLogin('/login?redirect=%2F%2Fevil.example%2Fx');
    await user.type(screen.getByLabelText('Email'), 'ada@acme.test');
    await user.type(screen.getByLabelText('Password'), 'pw');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitForLocation(location, '/dashboard');
  });

  it("shows the server's message and keeps the email", async () => {
    api.on('POST /login', () => ({ status: 401, body: { detail: 'Invalid email or password' } }));
    const { user, location } = await openLogin();
    await user.type(screen.getByLabelText('Email'), 'ada@acme.test');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Invalid email or password')).toBeTruthy();
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('ada@acme.test');
    expect(location()).toBe('/login');
  });

  it('shows a calm notice after the session expired', async () => {
    await openLogin('/login?redirect=%2Fcredits&expired=true');
    expect(screen.getByText('Your session expired. Please sign in again.')).toBeTruthy();
  });

  it('links to Register', async () => {
    await openLogin();
    expect(screen.getByRole('link', { name: 'Create an account' }).getAttribute('href')).toBe('/register');
  });

  it('tells a person whose join request waits which organisation must approve it', async () => {
    const detail = 'Your request to join Acme is waiting for approval by an owner or admin of Acme. You can sign in once it is approved.';
    api.on('POST /login', () => ({ status: 403, body: { detail, code: 'JOIN_REQUEST_PENDING' } }));
    const { user, location } = await openLogin();
    await user.type(screen.getByLabelText('Email'), 'new@acme.test');
    await user.type(screen.getByLabelText('Password'), 'right password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText(detail)).toBeTruthy();
    expect(location()).toBe('/login');
  });
});
