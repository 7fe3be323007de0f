import { describe, expect, it } from 'vitest';
import { waitFor } from '@testing-library/react';
import { ACCOUNT_SUSPENDED_MESSAGE } from '../../../src/contract/account';
import { getAccessToken } from '../../../src/session';
import { installFakeApi } from '../app/support/fake-api';
import { renderApp, screen, signInAs } from '../app/support/render-app';
import { prepareScreenTests } from '../app/support/screen-tests';
import { serveOrg } from '../orgs/fake-org';

prepareScreenTests();

const NO_MEMBERS = { members: [], next_cursor: null, role_counts: { org_owner: 0, org_admin: 0, org_member: 0 } };
const suspendedAnswer = { status: 401, body: { detail: ACCOUNT_SUSPENDED_MESSAGE, code: 'ACCOUNT_SUSPENDED' } };

describe('a session whose account was suspended', () => {
  it('ends on its next request: Login says the account is suspended, and no refresh is tried', async () => {
    const api = installFakeApi();
    serveOrg(api);
    let suspended = false;
    api.on('GET /orgs/members', () => (suspended ? suspendedAnswer : { status: 200, body: NO_MEMBERS }));
    api.on('GET /orgs/audit', () => (suspended ? suspendedAnswer : { status: 200, body: { events: [], next_cursor: null } }));
    await signInAs(api, 'org_owner');
    const { location, router } = renderApp('/org-admin/users');
    await screen.findByRole('heading', { name: 'Manage Users', level: 1 }, { timeout: 30_000 });

    suspended = true;
    // The next request: the owner opens the dashboard, which asks for the members again.
    router.navigate('/org-admin/dashboard');

    await waitFor(() => expect(location()).toMatch(/^\/login\?/));
    await waitFor(() => expect(location()).toContain('reason='));
    const params = new URLSearchParams(location().split('?')[1]);
    expect(params.get('reason')).toBe('account_suspended');
    expect(await screen.findByText(ACCOUNT_SUSPENDED_MESSAGE)).toBeTruthy();
    expect(screen.queryByText('Your session expired. Please sign in again.')).toBeNull();
    expect(api.callsTo('POST /refresh')).toEqual([]);
    expect(getAccessToken()).toBeNull();
  });

  it('a refresh refused because of the suspension says so too', async () => {
    const api = installFakeApi();
    serveOrg(api);
    let expired = false;
    api.on('GET /orgs/members', () => (expired ? { status: 401, body: { detail: 'Token expired', code: 'TOKEN_EXPIRED' } } : { status: 200, body: NO_MEMBERS }));
    api.on('POST /refresh', () => suspendedAnswer);
    api.on('GET /orgs/audit', () => ({ status: 200, body: { events: [], next_cursor: null } }));
    await signInAs(api, 'org_owner');
    const { location, router } = renderApp('/org-admin/users');
    await screen.findByRole('heading', { name: 'Manage Users', level: 1 }, { timeout: 30_000 });
    expired = true;
    router.navigate('/org-admin/dashboard');
    await waitFor(() => expect(new URLSearchParams(location().split('?')[1]).get('reason')).toBe('account_suspended'));
    expect(await screen.findByText(ACCOUNT_SUSPENDED_MESSAGE)).toBeTruthy();
  });
});
