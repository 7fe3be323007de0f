import { describe, expect, it } from 'vitest';
import { waitFor, within } from '@testing-library/react';
import { installFakeApi, type FakeApi } from '../app/support/fake-api';
import { renderApp, screen, signInAs } from '../app/support/render-app';
import { prepareScreenTests } from '../app/support/screen-tests';
import { auditEvent, securitySummary } from './fake-admin';

prepareScreenTests();

function serveLog(api: FakeApi) {
  api.on('GET /admin/security', () => ({ status: 200, body: securitySummary() }));
  api.on('GET /admin/audit', (call) => {
    const cursor = call.query.get('cursor');
    if (call.query.get('action') === 'auth.sign_in_failed') {
      return {
        status: 200,
        body: {
          events: [auditEvent('e-9', 'auth.sign_in_failed', { actor: null, details: { email: 'mo@northwind.test', reason: 'wrong_password' }, ip_address: '203.0.113.9' })],
          next_cursor: null,
        },
      };
    }
    if (cursor === 'page-2') {
      return { status: 200, body: { events: [auditEvent('e-1', 'org.created', { target: { type: 'organization', id: 'org-north', label: 'Northwind Studio' } })], next_cursor: null } };
    }
    return {
      status: 200,
      body: {
        events: [
          auditEvent('e-3', 'credits.adjusted', {
            actor: { id: 'u-sam', email: 'sam@mosaic.test', role: 'system_admin' },
            details: { amount: 500, reason: 'Goodwill', balance_after: 2300 },
          }),
          auditEvent('e-2', 'members.role_changed', { target: { type: 'user', id: 'u-mo', label: 'Mo Member (mo@northwind.test)' }, details: { from: 'org_member', to: 'org_admin' } }),
        ],
        next_cursor: 'page-2',
      },
    };
  });
}

describe('Admin Security', () => {
  it('shows the security signals and the audit log, older entries on request', async () => {
    const api = installFakeApi();
    serveLog(api);
    await signInAs(api, 'support_admin', { org_id: null });
    const { user } = renderApp('/admin/security');

    const log = await screen.findByRole('table', { name: 'Activity' }, { timeout: 30_000 });
    expect(within(log).getByText('Credits adjusted by Mosaic')).toBeTruthy();
    expect(within(log).getByText('+500 credits')).toBeTruthy();
    expect(within(log).getByText('Reason: Goodwill')).toBeTruthy();
    expect(within(log).getByText('Mo Member (mo@northwind.test)')).toBeTruthy();
    expect(within(log).getByText('From org_member to org_admin')).toBeTruthy();
    expect(await screen.findByText('203.0.113.9: 11')).toBeTruthy();
    expect(screen.getByText('60 in 7 days')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Load older entries' }));
    expect(await within(screen.getByRole('table', { name: 'Activity' })).findByText('Organisation created')).toBeTruthy();
    expect(api.callsTo('GET /admin/audit').at(-1)!.query.get('cursor')).toBe('page-2');
    expect(screen.queryByRole('button', { name: 'Load older entries' })).toBeNull();
  });

  it('a signal opens the log filtered to it, kept in the address', async () => {
    const api = installFakeApi();
    serveLog(api);
    await signInAs(api, 'system_admin', { org_id: null });
    const { user, location } = renderApp('/admin/security');
    await screen.findByRole('table', { name: 'Activity' }, { timeout: 30_000 });
    await user.click(screen.getByRole('button', { name: 'Show in the log: failed sign-ins' }));
    await waitFor(() => expect(location()).toBe('/admin/security?action=auth.sign_in_failed'));
    const log = screen.getByRole('table', { name: 'Activity' });
    expect(await within(log).findByText('Address typed: mo@northwind.test')).toBeTruthy();
    expect(within(log).getByText('Why: wrong password')).toBeTruthy();
    expect(within(log).getByText('Anonymous')).toBeTruthy();
  });

  it('text and date filters apply together on Apply; a backwards range is refused before asking', async () => {
    const api = installFakeApi();
    serveLog(api);
    await signInAs(api, 'system_admin', { org_id: null });
    const { user } = renderApp('/admin/security');
    await screen.findByRole('table', { name: 'Activity' }, { timeout: 30_000 });
    await user.type(screen.getByLabelText('Who'), 'nora@');
    await user.type(screen.getByLabelText('Organisation'), 'Northwind');
    await user.type(screen.getByLabelText('From'), '2026-03-10');
    await user.type(screen.getByLabelText('To'), '2026-03-01');
    expect(screen.getByText('From must be on or before To')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Apply' }) as HTMLButtonElement).disabled).toBe(true);
    await user.clear(screen.getByLabelText('To'));
    await user.type(screen.getByLabelText('To'), '2026-03-31');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => {
      const query = api.callsTo('GET /admin/audit').at(-1)!.query;
      expect(Object.fromEntries(query)).toEqual({ actor: 'nora@', organization: 'Northwind', from: '2026-03-10', to: '2026-03-31', limit: '50' });
    });
  });
});
