import { waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { installFakeApi, type FakeApi } from '../app/support/fake-api';
import { renderApp, screen, signInAs, signOut } from '../app/support/render-app';
import { prepareScreenTests } from '../app/support/screen-tests';
import { joinRequest, serveOrg } from '../orgs/fake-org';

let api: FakeApi;

prepareScreenTests();
beforeEach(() => {
  api = installFakeApi();
});

const nav = () => screen.getByRole('navigation', { name: 'Main navigation' });

describe('a waiting join request in the sidebar', () => {
  it('counts on Manage Users for an owner, and goes down as they are answered', async () => {
    serveOrg(api, { joinRequests: [joinRequest('jr-1', 'Eve Park', 'eve@acme.test'), joinRequest('jr-2', 'Finn Lee', 'finn@acme.test')] });
    await signInAs(api, 'org_owner');
    const { user } = renderApp('/settings');

    const manageUsers = await within(await screen.findByRole('navigation', { name: 'Main navigation' })).findByRole('link', {
      name: 'Manage Users, 2 join requests waiting',
    });
    await user.click(manageUsers);
    await user.click(await screen.findByRole('button', { name: 'Approve Eve Park' }));
    await waitFor(() => expect(within(nav()).getByRole('link', { name: 'Manage Users, 1 join request waiting' })).toBeTruthy());
    await user.click(await screen.findByRole('button', { name: 'Deny Finn Lee' }));
    const confirm = screen.queryByRole('alertdialog');
    if (confirm) await user.click(within(confirm).getByRole('button', { name: /Deny/ }));
    await waitFor(() => expect(within(nav()).getByRole('link', { name: 'Manage Users' })).toBeTruthy());
  });

  it('shows nothing when none wait, and asks nothing for a member', async () => {
    serveOrg(api, { joinRequests: [] });
    await signInAs(api, 'org_admin');
    const admin = renderApp('/settings');
    await waitFor(() => expect(api.callsTo('GET /orgs/join-requests')).toHaveLength(1));
    expect(within(nav()).getByRole('link', { name: 'Manage Users' })).toBeTruthy();
    admin.view.unmount();
    await signOut();

    await signInAs(api, 'org_member');
    renderApp('/settings');
    await screen.findByRole('heading', { name: 'Settings', level: 1 });
    expect(api.callsTo('GET /orgs/join-requests')).toHaveLength(1);
  });
});
