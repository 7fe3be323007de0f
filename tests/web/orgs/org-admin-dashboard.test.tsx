import { describe, expect, it } from 'vitest';
import { waitFor } from '@testing-library/react';
import { installFakeApi } from '../app/support/fake-api';
import { renderApp, screen, signInAs, waitForLocation } from '../app/support/render-app';
import { prepareScreenTests } from '../app/support/screen-tests';
import { invite, joinRequest, member, serveOrg } from './fake-org';


prepareScreenTests();

describe('Organisation Admin dashboard', () => {
  it('counts members by role, pending invites and join requests, each linking to Manage Users', async () => {
    const api = installFakeApi();
    serveOrg(api, {
      members: [
        member('u-org_owner', 'Ada org_owner', 'org_owner'),
        member('m-2', 'Bea Quinn', 'org_admin'),
        member('m-3', 'Bob Stone', 'org_member'),
        member('m-4', 'Cal Wu', 'org_member'),
        member('m-5', 'Dee Fox', 'org_member'),
      ],
      invites: [invite('i-1', 'x@acme.test'), invite('i-2', 'y@acme.test')],
      joinRequests: [joinRequest('jr-1', 'Eve Park', 'eve@acme.test'), joinRequest('jr-2', 'Finn Ross', 'finn@acme.test'), joinRequest('jr-3', 'Gia Bell', 'gia@acme.test')],
    });
    await signInAs(api, 'org_owner');
    const { user, location } = renderApp('/org-admin/dashboard');

    // Generous time-out: the first test of a file also waits for the screen's code to load.
    const figure = (label: string, value: number) => screen.findByRole('link', { name: `${label}: ${value}` });
    expect(await figure('Everyone', 5)).toBeTruthy();
    expect(await figure('Owners', 1)).toBeTruthy();
    expect(await figure('Admins', 1)).toBeTruthy();
    expect(await figure('Members', 3)).toBeTruthy();
    expect(await figure('Pending invites', 2)).toBeTruthy();
    const requests = await figure('Pending join requests', 3);
    expect(requests.getAttribute('href')).toBe('/org-admin/users');

    await user.click(screen.getByRole('link', { name: /Review 3 join requests/ }));
    await waitForLocation(location, '/org-admin/users');
    // Manage Users' code loads on this first visit.
    expect(await screen.findByRole('list', { name: 'Join requests' })).toBeTruthy();
  });

  it('says which list failed and retries', async () => {
    const api = installFakeApi();
    serveOrg(api);
    let down = true;
    api.on('GET /orgs/join-requests', () =>
      down ? { status: 500, body: { detail: 'Internal server error' } } : { status: 200, body: { join_requests: [], next_cursor: null, pending_count: 0 } },
    );
    await signInAs(api, 'org_admin');
    const { user } = renderApp('/org-admin/dashboard');

    expect(
      await screen.findByText('Failed to fetch join requests: Internal server error. Check your connection and try again.'),
    ).toBeTruthy();
    down = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: 'Pending join requests: 0' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });
});
