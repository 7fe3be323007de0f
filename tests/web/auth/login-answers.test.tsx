/**
 * What the Login screen says for the server's sign-in refusals: a suspended account and a join
 * request still waiting are told so in the server's words, never "Incorrect email or password".
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { installFakeApi, type FakeApi } from '../app/support/fake-api';
import { renderApp, screen } from '../app/support/render-app';
import { prepareScreenTests } from '../app/support/screen-tests';

const SUSPENDED = 'Your account has been suspended. Contact an owner or admin of your organisation, or Mosaic support, to have it reactivated.';
const PENDING = 'Your request to join Acme is waiting for approval by an owner or admin of Acme. You can sign in once it is approved.';
let api: FakeApi;

prepareScreenTests();
beforeEach(() => {
  api = installFakeApi();
});

async function signInWith(answer: { detail: string; code: string }) {
  api.on('POST /login', () => ({ status: 403, body: answer }));
  const { user, location } = renderApp('/login');
  await screen.findByRole('heading', { name: 'Welcome back' });
  await user.type(screen.getByLabelText('Email'), 'ada@acme.test');
  await user.type(screen.getByLabelText('Password'), 'the right password');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  return { location };
}

describe('Login refusals', () => {
  it('tells a suspended account so', async () => {
    const { location } = await signInWith({ detail: SUSPENDED, code: 'ACCOUNT_SUSPENDED' });
    expect((await screen.findByRole('alert')).textContent).toBe(SUSPENDED);
    expect(location()).toBe('/login');
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('ada@acme.test');
  });

  it('tells a pending joiner which organisation must approve them', async () => {
    await signInWith({ detail: PENDING, code: 'JOIN_REQUEST_PENDING' });
    expect((await screen.findByRole('alert')).textContent).toBe(PENDING);
  });
});
