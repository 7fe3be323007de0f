import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { waitFor, within } from '@testing-library/react';
import { reportNetworkSuccess } from '../../../src/pwa';
import { installDomShims } from '../app/support/dom';
import { installFakeApi } from '../app/support/fake-api';
import { renderApp, screen, signInAs, signOut } from '../app/support/render-app';
import { joinRequest, member, serveOrg } from './fake-org';

beforeEach(() => {
  installDomShims();
  reportNetworkSuccess();
});

afterEach(async () => {
  await signOut();
});

const FIVE = [
  member('u-org_owner', 'Ada org_owner', 'org_owner', { email: 'org.owner@acme.test' }),
  member('m-cara', 'Cara Diaz', 'org_admin'),
  member('m-bob', 'Bob Stone', 'org_member'),
  member('m-dora', 'Dora Finch', 'org_member'),
  member('m-eli', 'Eli Grant', 'org_member'),
];

async function openWithPagesOfTwo() {
  const api = installFakeApi();
  const org = serveOrg(api, { members: FIVE, membersPageSize: 2 });
  await signInAs(api, 'org_owner');
  const app = renderApp('/org-admin/users');
  const table = await screen.findByRole('table');
  await within(table).findByText('Cara Diaz');
  return { api, org, table, ...app };
}

describe('Manage Users reads the members and join requests a page at a time', () => {
  it('shows the first page with how many people there are, and Show more members reads the rest', async () => {
    const { api, table, user } = await openWithPagesOfTwo();

    // The header row and the first page's two people; the count is the whole organisation's.
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(screen.getByText('5 people')).toBeTruthy();
    expect(screen.getByText('2 of 5 people shown')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Show more members' }));
    await within(table).findByText('Dora Finch');
    expect(api.callsTo('GET /orgs/members').at(-1)!.query.get('cursor')).toBe('m-cara');

    await user.click(screen.getByRole('button', { name: 'Show more members' }));
    await within(table).findByText('Eli Grant');
    expect(within(table).getAllByRole('row')).toHaveLength(6);
    // Everyone is shown: no more button, no "of" line.
    expect(screen.queryByRole('button', { name: 'Show more members' })).toBeNull();
    expect(screen.queryByText(/people shown/)).toBeNull();
  });

  it('keeps the people shown when a page fails, says what to do, and Retry reads it', async () => {
    const { org, table, user } = await openWithPagesOfTwo();
    org.membersDown = true;

    await user.click(screen.getByRole('button', { name: 'Show more members' }));
    expect(
      await screen.findByText('More members could not be loaded: Database unavailable. Check your connection and try again.'),
    ).toBeTruthy();
    expect(within(table).getByText('Cara Diaz')).toBeTruthy();

    org.membersDown = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await within(table).findByText('Dora Finch');
    await waitFor(() => expect(screen.queryByText(/More members could not be loaded/)).toBeNull());
  });

  it('counts owners across the whole organisation, not only the page shown', async () => {
    // The first page holds one owner; the caller, the second owner, is on the next page. Olive is
    // not the last owner, so her role can be changed.
    const api = installFakeApi();
    serveOrg(api, {
      members: [member('m-olive', 'Olive Owner', 'org_owner'), member('u-org_owner', 'Ada org_owner', 'org_owner', { email: 'org.owner@acme.test' }), ...FIVE.slice(1)],
      membersPageSize: 1,
    });
    await signInAs(api, 'org_owner');
    renderApp('/org-admin/users');
    const table = await screen.findByRole('table');
    await within(table).findByText('Olive Owner');
    expect(screen.getByRole('combobox', { name: 'Role of Olive Owner' }).hasAttribute('disabled')).toBe(false);
    expect(screen.queryByText('The organisation must keep at least one owner.')).toBeNull();
  });

  it('shows the first page of join requests with how many wait, and Show more requests reads the rest', async () => {
    const api = installFakeApi();
    const org = serveOrg(api, {
      joinRequests: [joinRequest('jr-1', 'Eve Park', 'eve@acme.test', 5), joinRequest('jr-2', 'Finn Ross', 'finn@acme.test', 4), joinRequest('jr-3', 'Gil Shaw', 'gil@acme.test', 3)],
      joinRequestsPageSize: 2,
    });
    await signInAs(api, 'org_owner');
    const { user } = renderApp('/org-admin/users');
    const requests = await screen.findByRole('list', { name: 'Join requests' });
    await within(requests).findByText('Finn Ross');
    expect(within(requests).queryByText('Gil Shaw')).toBeNull();
    expect(screen.getByText('2 of 3 requests shown, oldest first')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Show more requests' }));
    await within(requests).findByText('Gil Shaw');
    expect(api.callsTo('GET /orgs/join-requests').at(-1)!.query.get('cursor')).toBe('jr-2');
    expect(screen.queryByRole('button', { name: 'Show more requests' })).toBeNull();

    // Deciding one counts down the whole queue's number, not the page's.
    await user.click(screen.getByRole('button', { name: 'Deny Eve Park' }));
    await waitFor(() => expect(within(requests).queryByText('Eve Park')).toBeNull());
    expect(org.joinRequests).toHaveLength(2);
  });
});
