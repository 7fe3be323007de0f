import { describe, expect, it } from 'vitest';
import { waitFor, within } from '@testing-library/react';
import { installFakeApi } from '../app/support/fake-api';
import { renderApp, screen, signInAs } from '../app/support/render-app';
import { prepareScreenTests } from '../app/support/screen-tests';
import { adminUser, serveUsers } from './fake-admin';

prepareScreenTests();

const people = () => [adminUser('u-mo', 'Mo Member'), adminUser('u-nora', 'Nora North', { role: 'org_owner' })];

describe('Admin Users', () => {
  it('searches, opens an account, and suspends it with a reason after confirming', async () => {
    const api = installFakeApi();
    serveUsers(api, people());
    await signInAs(api, 'system_admin', { org_id: null });
    const { user, location } = renderApp('/admin/users');

    const table = await screen.findByRole('table', { name: 'Users' }, { timeout: 30_000 });
    expect(within(table).getByText('Mo Member')).toBeTruthy();
    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'nora');
    await waitFor(() => expect(api.callsTo('GET /admin/users').at(-1)?.query.get('q')).toBe('nora'));
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Users' })).queryByText('Mo Member')).toBeNull());
    await user.clear(screen.getByRole('searchbox', { name: 'Search users' }));
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Users' })).queryByText('Mo Member')).not.toBeNull());

    await user.click(screen.getByRole('button', { name: 'Open Mo Member' }));
    const drawer = await screen.findByRole('dialog', { name: 'Mo Member' });
    expect(location()).toContain('user=u-mo');
    expect(await within(drawer).findByText('Chrome on macOS')).toBeTruthy();
    expect(within(drawer).getByText('Signed-in devices (1)')).toBeTruthy();

    await user.click(within(drawer).getByRole('button', { name: /Suspend/ }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Suspend Mo Member?' });
    const suspend = within(confirm).getByRole('button', { name: 'Suspend account' });
    expect((suspend as HTMLButtonElement).disabled).toBe(true);
    await user.type(within(confirm).getByLabelText('Reason'), 'Ticket 812: laptop stolen');
    await user.click(suspend);

    await waitFor(() => expect(api.callsTo('POST /admin/users/u-mo/suspend')).toHaveLength(1));
    expect(api.callsTo('POST /admin/users/u-mo/suspend')[0]!.body).toEqual({ reason: 'Ticket 812: laptop stolen' });
    expect(await within(drawer).findByText(/Suspended .* by sam@mosaic.test: “Ticket 812: laptop stolen”/)).toBeTruthy();
    expect(within(drawer).getByRole('button', { name: /Reactivate/ })).toBeTruthy();
    expect(await screen.findByText('Mo Member is suspended and signed out everywhere')).toBeTruthy();
  });

  it('sends a reset link after a confirmation and shows where it went', async () => {
    const api = installFakeApi();
    serveUsers(api, people());
    await signInAs(api, 'system_admin', { org_id: null });
    const { user } = renderApp('/admin/users?user=u-nora');
    const drawer = await screen.findByRole('dialog', { name: 'Nora North' }, { timeout: 30_000 });
    await user.click(await within(drawer).findByRole('button', { name: /Send reset link/ }));
    await user.click(await screen.findByRole('button', { name: 'Send link' }));
    expect(await screen.findByText('A password reset link was emailed to nora@northwind.test. It works once and expires in 60 minutes.')).toBeTruthy();
    expect(api.callsTo('POST /admin/users/u-nora/password-reset')).toHaveLength(1);
  });

  it('a support admin reads but cannot act, and is told why', async () => {
    const api = installFakeApi();
    serveUsers(api, people());
    await signInAs(api, 'support_admin', { org_id: null });
    renderApp('/admin/users?user=u-mo');
    const drawer = await screen.findByRole('dialog', { name: 'Mo Member' }, { timeout: 30_000 });
    // Said above the actions, and by each disabled button's tooltip.
    expect((await within(drawer).findAllByText('Support admins can look but not act: ask a system admin to do this.')).length).toBeGreaterThanOrEqual(1);
    for (const name of [/Suspend/, /Sign out everywhere/, /Send reset link/]) {
      expect((within(drawer).getByRole('button', { name }) as HTMLButtonElement).disabled).toBe(true);
    }
    expect(api.calls.filter((call) => call.method === 'POST' && call.path.startsWith('/admin'))).toEqual([]);
  });

  it('says when the list cannot load, and retries', async () => {
    const api = installFakeApi();
    let down = true;
    serveUsers(api, people());
    const served = api.callsTo.bind(api);
    api.on('GET /admin/users', () => (down ? { status: 500, body: { detail: 'Internal server error' } } : { status: 200, body: { users: [], total: 0 } }));
    await signInAs(api, 'system_admin', { org_id: null });
    const { user } = renderApp('/admin/users');
    expect(await screen.findByText('Failed to load users: Internal server error. Check your connection and try again.', {}, { timeout: 30_000 })).toBeTruthy();
    down = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No users match')).toBeTruthy();
    expect(served('GET /admin/users').length).toBeGreaterThanOrEqual(2);
  });
});
