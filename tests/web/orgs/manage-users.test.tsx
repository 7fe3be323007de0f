import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, waitFor, within } from '@testing-library/react';
import { switchSpace } from '../../../src/features/spaces/spaces.store';
import { reportNetworkFailure, reportNetworkSuccess } from '../../../src/pwa';
import { installDomShims, setViewportWidth } from '../app/support/dom';
import { installFakeApi, type FakeApi } from '../app/support/fake-api';
import { renderApp, screen, signInAs, signOut, waitForLocation } from '../app/support/render-app';
import { roleCounts, serveOrg } from './fake-org';


beforeEach(() => {
  installDomShims();
  reportNetworkSuccess();
});

afterEach(async () => {
  reportNetworkSuccess();
  await signOut();
});

// The only table on the screen (Radix puts a table's own label on its scroll wrapper, not the table).
// Generous time-out: the first test of a file also waits for the screen's code to load.
const membersTable = () => screen.findByRole('table');
const roleSelect = (name: string) => screen.getByRole('combobox', { name: `Role of ${name}` });
const row = (name: string) => screen.getByRole('row', { name: new RegExp(name) });

async function openAs(role: 'org_owner' | 'org_admin', setup?: (api: FakeApi) => void) {
  const api = installFakeApi();
  const org = serveOrg(api, { actorRole: role });
  setup?.(api);
  await signInAs(api, role);
  const app = renderApp('/org-admin/users');
  await within(await membersTable()).findByText('Bob Stone');
  return { api, org, ...app };
}

describe('Manage Users', () => {
  it('shows an owner the members, pending invites and join requests', async () => {
    await openAs('org_owner');

    const table = await membersTable();
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    const me = row('Ada org_owner');
    expect(within(me).getByText('You')).toBeTruthy();
    expect(within(me).getByText('org.owner@acme.test')).toBeTruthy();
    expect(within(row('Bob Stone')).getByText('bob@acme.test')).toBeTruthy();
    expect(within(row('Bob Stone')).getByText('4 Mar 2026')).toBeTruthy();
    // The role shows as a badge and as the value of the role select.
    expect(within(row('Cara Diaz')).getAllByText('Admin')).toHaveLength(2);
    expect(roleSelect('Cara Diaz').textContent).toBe('Admin');
    expect(within(row('Bob Stone')).queryByText('You')).toBeNull();

    const invites = screen.getByRole('list', { name: 'Pending invites' });
    expect(within(invites).getByText('dan@acme.test')).toBeTruthy();
    expect(within(invites).getByText(/Expires in 13 days/)).toBeTruthy();

    const requests = screen.getByRole('list', { name: 'Join requests' });
    expect(within(requests).getByText('Eve Park')).toBeTruthy();
    expect(within(requests).getByText('eve@acme.test · asked 2 hours ago')).toBeTruthy();
  });

  it('changes a role with a PUT of the new role and shows it in the table', async () => {
    const { api, user } = await openAs('org_owner');

    await user.click(screen.getByRole('combobox', { name: 'Role of Bob Stone' }));
    await user.click(await screen.findByRole('option', { name: 'Admin' }));

    await waitFor(() => expect(api.callsTo('PUT /orgs/members/m-bob/role')).toHaveLength(1));
    expect(api.callsTo('PUT /orgs/members/m-bob/role')[0]!.body).toEqual({ role: 'org_admin' });
    await waitFor(() => expect(within(row('Bob Stone')).getAllByText('Admin')).toHaveLength(2));
    // The toaster's code loads on demand, so its first toast may take a moment.
    expect(await screen.findByText('Bob Stone is now admin')).toBeTruthy();
  });

  it('does not let anyone change their own role or remove themselves', async () => {
    await openAs('org_owner');

    const me = row('Ada org_owner');
    expect(within(me).getByRole('combobox', { name: 'Role of Ada org_owner' }).hasAttribute('disabled')).toBe(true);
    expect(within(me).getByText("You can't change your own role.")).toBeTruthy();
    expect(within(me).getByRole('button', { name: 'Remove Ada org_owner' }).hasAttribute('disabled')).toBe(true);
    expect(within(me).getByText("You can't remove yourself from the organisation.")).toBeTruthy();
    expect(within(row('Bob Stone')).getByRole('combobox', { name: 'Role of Bob Stone' }).hasAttribute('disabled')).toBe(false);
  });

  it("keeps an admin's hands off owners and off the Owner role", async () => {
    const { user } = await openAs('org_admin');

    const owner = row('Olive Owner');
    expect(within(owner).getByRole('combobox', { name: 'Role of Olive Owner' }).hasAttribute('disabled')).toBe(true);
    expect(within(owner).getByText("Only an owner can change an owner's role.")).toBeTruthy();
    expect(within(owner).getByRole('button', { name: 'Remove Olive Owner' }).hasAttribute('disabled')).toBe(true);

    await user.click(screen.getByRole('combobox', { name: 'Role of Bob Stone' }));
    expect(screen.queryByRole('option', { name: 'Owner' })).toBeNull();
    expect(await screen.findByRole('option', { name: 'Admin' })).toBeTruthy();
  });

  it('asks before removing someone, naming them, and then the row goes', async () => {
    const { api, user } = await openAs('org_owner');

    await user.click(within(row('Bob Stone')).getByRole('button', { name: 'Remove Bob Stone' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove Bob Stone?' });
    expect(within(dialog).getByText(/bob@acme\.test/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(api.callsTo('DELETE /orgs/members/m-bob')).toHaveLength(0);
    expect(row('Bob Stone')).toBeTruthy();

    await user.click(within(row('Bob Stone')).getByRole('button', { name: 'Remove Bob Stone' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Remove member' }));

    await waitFor(() => expect(screen.queryByRole('row', { name: /Bob Stone/ })).toBeNull());
    expect(api.callsTo('DELETE /orgs/members/m-bob')).toHaveLength(1);
    expect(within(await membersTable()).getAllByRole('row')).toHaveLength(3);
  });

  it("shows the server's refusal word for word and keeps the member", async () => {
    const { api, user } = await openAs('org_owner', (fake) => {
      fake.on('DELETE /orgs/members/m-cara', () => ({ status: 409, body: { detail: 'Cara Diaz still owns 3 scheduled agent runs' } }));
      fake.on('PUT /orgs/members/m-bob/role', () => ({ status: 403, body: { detail: 'Only an owner can make someone an owner' } }));
    });

    await user.click(within(row('Cara Diaz')).getByRole('button', { name: 'Remove Cara Diaz' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Remove member' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to remove member: Cara Diaz still owns 3 scheduled agent runs');
    expect(row('Cara Diaz')).toBeTruthy();

    await user.click(screen.getByRole('combobox', { name: 'Role of Bob Stone' }));
    await user.click(await screen.findByRole('option', { name: 'Owner' }));
    await screen.findByText('Failed to update member role: Only an owner can make someone an owner');
    expect(api.callsTo('PUT /orgs/members/m-bob/role')[0]!.body).toEqual({ role: 'org_owner' });
    expect(within(row('Bob Stone')).getAllByText('Member')).toHaveLength(2);
  });

  it('says what failed and offers a retry when the members cannot be loaded', async () => {
    const api = installFakeApi();
    serveOrg(api);
    let down = true;
    api.on('GET /orgs/members', () =>
      down ? { status: 503, body: { detail: 'Database unavailable' } } : { status: 200, body: { members: [], next_cursor: null, role_counts: roleCounts([]) } },
    );
    const { user } = { ...(await signInAs(api, 'org_owner').then(() => renderApp('/org-admin/users'))) };

    expect(
      await screen.findByText('Failed to fetch members: Database unavailable. Check your connection and try again.'),
    ).toBeTruthy();
    // The other lists still load.
    expect(await screen.findByText('Eve Park')).toBeTruthy();

    down = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No members yet')).toBeTruthy();
    expect(screen.queryByText(/Failed to fetch members/)).toBeNull();
  });

  it('approving or denying a join request takes it off the list; approval adds the member', async () => {
    const api = installFakeApi();
    const org = serveOrg(api, {
      joinRequests: [
        { id: 'jr-1', name: 'Eve Park', email: 'eve@acme.test', status: 'pending', created_at: new Date().toISOString(), decided_at: null },
        { id: 'jr-2', name: 'Finn Ross', email: 'finn@acme.test', status: 'pending', created_at: new Date().toISOString(), decided_at: null },
      ],
    });
    await signInAs(api, 'org_owner');
    const { user } = renderApp('/org-admin/users');
    const requests = await screen.findByRole('list', { name: 'Join requests' });
    await within(requests).findByText('Finn Ross');

    await user.click(screen.getByRole('button', { name: 'Approve Eve Park' }));
    await waitFor(() => expect(within(requests).queryByText('Eve Park')).toBeNull());
    expect(api.callsTo('PUT /orgs/join-requests/jr-1/approve')).toHaveLength(1);
    expect(await screen.findByRole('row', { name: /Eve Park/ })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Deny Finn Ross' }));
    expect(await screen.findByText('No join requests')).toBeTruthy();
    expect(api.callsTo('PUT /orgs/join-requests/jr-2/deny')).toHaveLength(1);
    expect(org.members.some((m) => m.name === 'Finn Ross')).toBe(false);
    expect(screen.queryByRole('row', { name: /Finn Ross/ })).toBeNull();
  });

  it("says why a join request could not be approved and keeps it", async () => {
    const { user } = await openAs('org_owner', (fake) =>
      fake.on('PUT /orgs/join-requests/jr-1/approve', () => ({ status: 409, body: { detail: 'This join request was already decided' } })),
    );
    await user.click(await screen.findByRole('button', { name: 'Approve Eve Park' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to approve join request: This join request was already decided');
    expect(within(screen.getByRole('list', { name: 'Join requests' })).getByText('Eve Park')).toBeTruthy();
  });

  it('revokes a pending invite', async () => {
    const { api, user } = await openAs('org_admin');
    await user.click(screen.getByRole('button', { name: 'Revoke invite for dan@acme.test' }));
    expect(await screen.findByText('No pending invites')).toBeTruthy();
    expect(api.callsTo('DELETE /orgs/invites/i-1')).toHaveLength(1);
  });

  it('sends a member to the organisation dashboard, which shows whom to ask and manages nothing', async () => {
    const api = installFakeApi();
    serveOrg(api);
    await signInAs(api, 'org_member');
    const { location } = renderApp('/org-admin/users');
    await waitForLocation(location, '/org-admin/dashboard');
    expect(await screen.findByText(/You are a member\. Owners and admins invite people/)).toBeTruthy();
    expect(await screen.findByRole('list', { name: 'Owners and admins' })).toBeTruthy();
    expect(api.callsTo('GET /orgs/members')).toHaveLength(0);
  });

  it('clears and reloads the organisation data for the new space on a space switch', async () => {
    const { api, org } = await openAs('org_owner');
    expect(api.callsTo('GET /orgs/members').at(-1)!.headers.get('X-Space-Id')).toBe('s1');
    const before = api.callsTo('GET /orgs/members').length;
    org.members = [...org.members, { id: 'm-gus', name: 'Gus Lee', email: 'gus@acme.test', role: 'org_member', joined_at: '2026-05-01T00:00:00.000Z' }];

    act(() => void switchSpace('s2'));

    // Gus is only in the reloaded list.
    expect(await screen.findByRole('row', { name: /Gus Lee/ })).toBeTruthy();
    const after = api.callsTo('GET /orgs/members');
    expect(after.length).toBe(before + 1);
    expect(after.at(-1)!.headers.get('X-Space-Id')).toBe('s2');
    expect(api.callsTo('GET /orgs/join-requests').at(-1)!.headers.get('X-Space-Id')).toBe('s2');
    expect(api.callsTo('GET /orgs/invites').at(-1)!.headers.get('X-Space-Id')).toBe('s2');
  });

  it('disables actions that need the network while offline and says why', async () => {
    const { api } = await openAs('org_owner');
    // Out of reach, not only reported so: a request made meanwhile fails too.
    api.offline = true;
    act(() => reportNetworkFailure());

    await waitFor(() => expect(screen.getByRole('button', { name: /Invite member/ }).hasAttribute('disabled')).toBe(true));
    expect(screen.getByRole('button', { name: 'Approve Eve Park' }).hasAttribute('disabled')).toBe(true);
    expect(within(row('Bob Stone')).getByRole('button', { name: 'Remove Bob Stone' }).hasAttribute('disabled')).toBe(true);
    // Both the role select and the remove button say why.
    expect(within(row('Bob Stone')).getAllByText("You're offline. This needs a connection.")).toHaveLength(2);

    act(() => reportNetworkSuccess());
    await waitFor(() => expect(screen.getByRole('button', { name: /Invite member/ }).hasAttribute('disabled')).toBe(false));
  });

  it('shows members as stacked cards at phone width', async () => {
    setViewportWidth(390);
    const api = installFakeApi();
    serveOrg(api);
    await signInAs(api, 'org_owner');
    renderApp('/org-admin/users');

    const cards = await screen.findByRole('list', { name: 'Members' });
    expect(screen.queryByRole('table')).toBeNull();
    const bob = await within(cards).findByRole('listitem', { name: 'Bob Stone' });
    expect(within(bob).getByText('bob@acme.test')).toBeTruthy();
    expect(within(bob).getByRole('combobox', { name: 'Role of Bob Stone' })).toBeTruthy();
    expect(within(bob).getByRole('button', { name: 'Remove Bob Stone' })).toBeTruthy();
  });
});
