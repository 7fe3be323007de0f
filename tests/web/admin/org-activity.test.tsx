import { describe, expect, it } from 'vitest';
import { within } from '@testing-library/react';
import { installFakeApi } from '../app/support/fake-api';
import { renderApp, screen, signInAs } from '../app/support/render-app';
import { prepareScreenTests } from '../app/support/screen-tests';
import { serveOrg } from '../orgs/fake-org';
import { auditEvent } from './fake-admin';

prepareScreenTests();

describe('Organisation Activity (owners)', () => {
  it('an owner sees the organisation log; Mosaic staff are not named', async () => {
    const api = installFakeApi();
    serveOrg(api);
    api.on('GET /orgs/audit', () => ({
      status: 200,
      body: {
        events: [
          auditEvent('e-2', 'credits.adjusted', { actor: { id: null, email: null, role: 'system_admin' }, details: { amount: -50, reason: 'Double grant', balance_after: 1750 } }),
          auditEvent('e-1', 'spaces.created', { target: { type: 'space', id: 's-9', label: 'Summer campaign' } }),
        ],
        next_cursor: null,
      },
    }));
    await signInAs(api, 'org_owner');
    renderApp('/org-admin/dashboard');
    const log = await screen.findByRole('table', { name: 'Activity' }, { timeout: 30_000 });
    expect(within(log).getByText('Mosaic staff')).toBeTruthy();
    expect(within(log).getByText('−50 credits')).toBeTruthy();
    expect(within(log).getByText('Summer campaign')).toBeTruthy();
    // Owners filter by action, who and dates; the organisation filter is the platform's.
    expect(screen.queryByLabelText('Organisation')).toBeNull();
  });

  it('an organisation admin is told the log is for owners, and it is not asked for', async () => {
    const api = installFakeApi();
    serveOrg(api, { actorRole: 'org_admin' });
    await signInAs(api, 'org_admin');
    renderApp('/org-admin/dashboard');
    expect(await screen.findByText("Only organisation owners can see the organisation's activity log.", {}, { timeout: 30_000 })).toBeTruthy();
    expect(api.callsTo('GET /orgs/audit')).toEqual([]);
  });
});
