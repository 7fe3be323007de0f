/**
 * Signed-in devices in Settings: a long list shows this device and the latest others until "Show
 * all", and "Sign out all other devices" (asked first) ends every session but this one.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { waitFor, within } from '@testing-library/react';
import type { AccountSession } from '../../../src/contract/account';
import { DEVICES_SHOWN_FIRST } from '../../../src/features/account/components/SessionsCard';
import { installFakeApi, type FakeApi } from '../app/support/fake-api';
import { renderApp, screen, signInAs } from '../app/support/render-app';
import { prepareScreenTests } from '../app/support/screen-tests';

const session = (index: number): AccountSession => ({
  id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
  created_at: '2026-11-01T09:00:00.000Z',
  // This device first, then the others from the most recently active (as the server sends them).
  last_used_at: new Date(Date.UTC(2026, 10, 23, 12) - index * 60_000).toISOString(),
  user_agent: index === 0 ? 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) Gecko/20100101 Firefox/130.0' : 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/130.0 Mobile Safari/537.36',
  ip_address: `198.51.100.${index}`,
  current: index === 0,
});

let api: FakeApi;
let sessions: AccountSession[];

prepareScreenTests();
beforeEach(async () => {
  api = installFakeApi();
  sessions = Array.from({ length: 41 }, (_, index) => session(index));
  api.on('GET /account/sessions', () => ({ status: 200, body: { sessions } }));
  api.on('POST /account/sessions/sign-out-others', () => {
    const revoked = sessions.filter((entry) => !entry.current).length;
    sessions = sessions.filter((entry) => entry.current);
    return { status: 200, body: { revoked } };
  });
  await signInAs(api, 'org_member');
});

const deviceList = () => screen.findByRole('list', { name: 'Signed-in devices' });

describe('signed-in devices', () => {
  it('shows this device and the latest others, all of them once asked', async () => {
    const { user } = renderApp('/settings');
    const list = await deviceList();
    expect(within(list).getAllByRole('listitem')).toHaveLength(DEVICES_SHOWN_FIRST);
    expect(within(list).getByText('This device')).toBeTruthy();
    expect(screen.getByText('41 devices signed in')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Show all 41 devices' }));
    expect(within(list).getAllByRole('listitem')).toHaveLength(41);
    expect(screen.queryByRole('button', { name: /Show all/ })).toBeNull();
  });

  it('signs out every other device after asking; Cancel signs out none', async () => {
    const { user } = renderApp('/settings');
    await deviceList();
    await user.click(screen.getByRole('button', { name: 'Sign out all other devices' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Sign out all other devices?' });
    expect(within(dialog).getByText(/40 other devices will be signed out at once/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(api.callsTo('POST /account/sessions/sign-out-others')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Sign out all other devices' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Sign out all other devices?' });
    await user.click(within(dialog).getByRole('button', { name: 'Sign out 40 other devices' }));
    expect(await screen.findByText('Signed out 40 other devices.')).toBeTruthy();
    expect(api.callsTo('POST /account/sessions/sign-out-others')).toHaveLength(1);
    // The list read again: this device alone, and nothing left to sign out.
    await waitFor(async () => expect(within(await deviceList()).getAllByRole('listitem')).toHaveLength(1));
    expect(screen.queryByRole('button', { name: 'Sign out all other devices' })).toBeNull();
  });
});
