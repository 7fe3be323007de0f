import { beforeEach, describe, expect, it } from 'vitest';
import { RESET_REQUESTED_MESSAGE } from '../../../src/contract/account';
import { installFakeApi, type FakeApi } from '../app/support/fake-api';
import { renderApp, screen, waitForLocation } from '../app/support/render-app';
import { prepareScreenTests } from '../app/support/screen-tests';

let api: FakeApi;

prepareScreenTests();
beforeEach(() => {
  api = installFakeApi();
});

describe('Forgot password', () => {
  it('is reached from the login screen and shows the one answer after sending the address', async () => {
    api.on('POST /auth/password/forgot', () => ({ status: 202, body: { message: RESET_REQUESTED_MESSAGE } }));
    const { user, location } = renderApp('/login');
    await user.click(await screen.findByRole('link', { name: 'Forgot password?' }));
    await waitForLocation(location, '/forgot-password');
    await user.type(await screen.findByLabelText('Email'), ' ada@acme.test ');
    await user.click(screen.getByRole('button', { name: 'Email me a link' }));
    expect(await screen.findByText(RESET_REQUESTED_MESSAGE)).toBeTruthy();
    expect(api.callsTo('POST /auth/password/forgot')[0]?.body).toEqual({ email: 'ada@acme.test' });
  });

  it('asks for an address before sending anything', async () => {
    const { user } = renderApp('/forgot-password');
    await user.click(await screen.findByRole('button', { name: 'Email me a link' }));
    expect(await screen.findByText('Enter the email address you sign in with.')).toBeTruthy();
    expect(api.callsTo('POST /auth/password/forgot')).toHaveLength(0);
  });
});

describe('Reset password', () => {
  it('shows the rule under the field before submit, checks the repetition, then sets the password', async () => {
    api.on('POST /auth/password/reset', () => ({ status: 204 }));
    const { user } = renderApp('/reset-password?token=secret-1');
    expect(await screen.findByText('At least 8 characters (at most 128).')).toBeTruthy();
    await user.type(screen.getByLabelText('New password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText('Password must be at least 8 characters')).toBeTruthy();
    await user.type(screen.getByLabelText('New password'), ' and longer');
    await user.type(screen.getByLabelText('Repeat new password'), 'something else');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText('The two passwords are not the same')).toBeTruthy();
    expect(api.callsTo('POST /auth/password/reset')).toHaveLength(0);

    await user.clear(screen.getByLabelText('Repeat new password'));
    await user.type(screen.getByLabelText('Repeat new password'), 'short and longer');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByRole('heading', { name: 'Password changed' })).toBeTruthy();
    expect(api.callsTo('POST /auth/password/reset')[0]?.body).toEqual({ token: 'secret-1', password: 'short and longer' });
  });

  it("a used or expired link shows the server's words and a way to ask again", async () => {
    const detail = 'This password reset link has expired. Ask for a new link.';
    api.on('POST /auth/password/reset', () => ({ status: 410, body: { detail, code: 'ACCOUNT_LINK_EXPIRED' } }));
    const { user } = renderApp('/reset-password?token=old');
    await user.type(await screen.findByLabelText('New password'), 'long enough now');
    await user.type(screen.getByLabelText('Repeat new password'), 'long enough now');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText(detail)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ask for a new link' }).getAttribute('href')).toBe('/forgot-password');
  });

  it('without a token it says which link is needed', async () => {
    renderApp('/reset-password');
    expect(await screen.findByText(/This page needs the link from your password reset email/)).toBeTruthy();
  });
});
