import { beforeEach, describe, expect, it } from 'vitest';
import type { AccountSession } from '../../../src/contract/account';
import { installFakeApi, type FakeApi } from '../app/support/fake-api';
import { renderApp, screen, signInAs } from '../app/support/render-app';
import { prepareScreenTests } from '../app/support/screen-tests';

let api: FakeApi;

const SESSIONS: AccountSession[] = [
  {
    id: '11111111-1111-4111-8111-111111111111',
    created_at: '2026-11-20T09:00:00.000Z',
    last_used_at: '2026-11-23T10:00:00.000Z',
    user_agent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) Gecko/20100101 Firefox/130.0',
    ip_address: '203.0.113.5',
    current: true,
  },
  {
    id: '22222222-2222-4222-8222-222222222222',
    created_at: '2026-11-01T09:00:00.000Z',
    last_used_at: '2026-11-22T18:30:00.000Z',
    user_agent: 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/130.0 Mobile Safari/537.36',
    ip_address: '198.51.100.7',
    current: false,
  },
];

prepareScreenTests();
beforeEach(async () => {
  api = installFakeApi();
  let sessions = [...SESSIONS];
  api.on('GET /account/sessions', () => ({ status: 200, body: { sessions } }));
  api.on(`DELETE /account/sessions/${SESSIONS[1]!.id}`, () => {
    sessions = sessions.filter((session) => session.id !== SESSIONS[1]!.id);
    return { status: 204 };
  });
  await signInAs(api, 'org_member', { name: 'Grace Hopper', email: 'grace@acme.test' });
});

describe('Settings: account', () => {
  it('saves a new name and shows it at once', async () => {
    api.on('PUT /account/profile', (call) => ({ status: 200, body: { ...api.user, name: (call.body as { name: string }).name } }));
    const { user } = renderApp('/settings');
    const field = await screen.findByLabelText('Name');
    await user.clear(field);
    await user.type(field, 'Grace B. Hopper ');
    await user.click(screen.getByRole('button', { name: 'Save name' }));
    expect(await screen.findByText('Name saved.')).toBeTruthy();
    expect(api.callsTo('PUT /account/profile')[0]?.body).toEqual({ name: 'Grace B. Hopper' });
    expect(await screen.findByRole('heading', { name: 'Grace B. Hopper' })).toBeTruthy();
  });

  it('changes the password, showing a wrong current password under its field', async () => {
    let attempts = 0;
    api.on('POST /account/password', () =>
      ++attempts === 1
        ? { status: 422, body: { detail: 'Validation error', code: 'VALIDATION_ERROR', errors: [{ field: 'current_password', message: 'Your current password is not correct' }] } }
        : { status: 204 },
    );
    const { user } = renderApp('/settings');
    const form = await screen.findByRole('form', { name: 'Change password' });
    expect(form.textContent).toContain('At least 8 characters (at most 128).');
    await user.type(screen.getAllByLabelText('Current password')[1]!, 'guess');
    await user.type(screen.getByLabelText('New password'), 'a new passphrase');
    await user.type(screen.getByLabelText('Repeat new password'), 'a new passphrase');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Your current password is not correct')).toBeTruthy();
    expect(screen.queryByText('Validation error')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Password changed. Your other devices have been signed out.')).toBeTruthy();
    expect(api.callsTo('POST /account/password')[1]?.body).toEqual({ current_password: 'guess', new_password: 'a new passphrase' });
  });

  it('asks for an email change and shows where the link went', async () => {
    const message = 'We have emailed a confirmation link to new@acme.test. Your email address changes when you use it; until then you sign in with grace@acme.test.';
    api.on('POST /account/email', () => ({ status: 202, body: { message } }));
    const { user } = renderApp('/settings');
    await user.type(await screen.findByLabelText('New email'), 'new@acme.test');
    await user.type(screen.getAllByLabelText('Current password')[0]!, 'my password');
    await user.click(screen.getByRole('button', { name: 'Send confirmation link' }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(api.callsTo('POST /account/email')[0]?.body).toEqual({ new_email: 'new@acme.test', current_password: 'my password' });
  });

  it('lists signed-in devices, this one marked, and signs another out', async () => {
    const { user } = renderApp('/settings');
    expect(await screen.findByText('Firefox on macOS')).toBeTruthy();
    expect(screen.getByText('This device')).toBeTruthy();
    expect(screen.getByText('Chrome on Android')).toBeTruthy();
    const signOutButtons = screen.getAllByRole('button', { name: /^Sign out .*, last active/ });
    expect(signOutButtons).toHaveLength(1);
    await user.click(signOutButtons[0]!);
    await screen.findByText('Firefox on macOS');
    await expect.poll(() => screen.queryByText('Chrome on Android')).toBeNull();
    expect(api.callsTo(`DELETE /account/sessions/${SESSIONS[1]!.id}`)).toHaveLength(1);
  });
});

describe('Confirm email link', () => {
  it('confirms once on opening and shows the new address', async () => {
    api.on('POST /auth/email/confirm', () => ({
      status: 200,
      body: { message: 'Your email address is now new@acme.test. Sign in with it from now on.', email: 'new@acme.test' },
    }));
    renderApp('/confirm-email?token=link-secret');
    expect(await screen.findByText('Your email address is now new@acme.test. Sign in with it from now on.')).toBeTruthy();
    expect(api.callsTo('POST /auth/email/confirm')).toHaveLength(1);
    expect(api.callsTo('POST /auth/email/confirm')[0]?.body).toEqual({ token: 'link-secret' });
  });
});
