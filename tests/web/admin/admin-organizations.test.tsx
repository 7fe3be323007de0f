import { describe, expect, it } from 'vitest';
import { waitFor, within } from '@testing-library/react';
import { installFakeApi } from '../app/support/fake-api';
import { renderApp, screen, signInAs } from '../app/support/render-app';
import { prepareScreenTests } from '../app/support/screen-tests';
import { organisation, serveOrganisations, serveUsers } from './fake-admin';

prepareScreenTests();

describe('Admin Organisations', () => {
  it('opens an organisation with its plan, credits, ledger, spaces and members', async () => {
    const api = installFakeApi();
    serveOrganisations(api);
    await signInAs(api, 'support_admin', { org_id: null });
    const { user } = renderApp('/admin/organizations');
    const table = await screen.findByRole('table', { name: 'Organisations' }, { timeout: 30_000 });
    expect(within(table).getByText('1,800')).toBeTruthy();
    await user.click(within(table).getByRole('button', { name: 'Open Northwind Studio' }));
    const drawer = await screen.findByRole('dialog', { name: 'Northwind Studio' });
    expect(await within(drawer).findByText(/left of 3,000 this cycle/)).toBeTruthy();
    const ledger = within(drawer).getByRole('table', { name: 'Latest ledger entries' });
    expect(within(ledger).getByText('−30')).toBeTruthy();
    expect(within(ledger).getByText('+3,000')).toBeTruthy();
    expect(within(drawer).getByText('Archived')).toBeTruthy();
    expect(within(drawer).getByRole('link', { name: 'Mo Member' }).getAttribute('href')).toBe('/admin/users?user=u-mo');
    // Support admins look; the adjustment is disabled and says why.
    expect((within(drawer).getByRole('button', { name: /Adjust credits/ }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('a system admin adjusts credits with a reason; the drawer shows the new balance and ledger entry', async () => {
    const api = installFakeApi();
    serveOrganisations(api);
    await signInAs(api, 'system_admin', { org_id: null });
    const { user } = renderApp('/admin/organizations?org=org-north');
    const drawer = await screen.findByRole('dialog', { name: 'Northwind Studio' }, { timeout: 30_000 });
    await user.click(await within(drawer).findByRole('button', { name: /Adjust credits/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Adjust credits of Northwind Studio' });

    // Removing more than is left is refused before anything is sent.
    await user.click(within(dialog).getByRole('radio', { name: 'Remove credits' }));
    await user.type(within(dialog).getByLabelText('Credits'), '5000');
    expect(within(dialog).getByText('The organisation has 1,800 credits left: remove at most that')).toBeTruthy();
    await user.click(within(dialog).getByRole('radio', { name: 'Add credits' }));
    await user.clear(within(dialog).getByLabelText('Credits'));
    await user.type(within(dialog).getByLabelText('Credits'), '500');
    const submit = within(dialog).getByRole('button', { name: 'Add credits' });
    expect((submit as HTMLButtonElement).disabled).toBe(true);
    await user.type(within(dialog).getByLabelText('Reason'), 'Goodwill after the outage');
    expect(within(dialog).getByText('After this: 2,300 credits left.')).toBeTruthy();
    await user.click(submit);

    await waitFor(() => expect(api.callsTo('POST /admin/organizations/org-north/credits')).toHaveLength(1));
    expect(api.callsTo('POST /admin/organizations/org-north/credits')[0]!.body).toEqual({ amount: 500, reason: 'Goodwill after the outage' });
    expect(await screen.findByText('Northwind Studio now has 2,300 credits left')).toBeTruthy();
    expect(await within(drawer).findByText('Goodwill after the outage (Sam Sysadmin, platform admin)')).toBeTruthy();
    expect(within(drawer).getByText('+500')).toBeTruthy();
  });

  it('keeps the dialog open with the server refusal and what was typed', async () => {
    const api = installFakeApi();
    serveOrganisations(api);
    api.on('POST /admin/organizations/org-north/credits', () => ({
      status: 422,
      body: { detail: 'This correction would take the balance below zero: the organisation has 10 credits left', code: 'ADJUSTMENT_BELOW_USED' },
    }));
    await signInAs(api, 'system_admin', { org_id: null });
    const { user } = renderApp('/admin/organizations?org=org-north');
    const drawer = await screen.findByRole('dialog', { name: 'Northwind Studio' }, { timeout: 30_000 });
    await user.click(await within(drawer).findByRole('button', { name: /Adjust credits/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Adjust credits of Northwind Studio' });
    await user.click(within(dialog).getByRole('radio', { name: 'Remove credits' }));
    await user.type(within(dialog).getByLabelText('Credits'), '100');
    await user.type(within(dialog).getByLabelText('Reason'), 'Double grant');
    await user.click(within(dialog).getByRole('button', { name: 'Remove credits' }));
    expect(
      await within(dialog).findByText('The credits were not changed: This correction would take the balance below zero: the organisation has 10 credits left'),
    ).toBeTruthy();
    expect((within(dialog).getByLabelText('Reason') as HTMLTextAreaElement).value).toBe('Double grant');
  });

  it('an organisation with more people than its detail holds links to all of them in Users', async () => {
    const api = installFakeApi();
    // The detail holds the first members; the organisation has 130.
    serveOrganisations(api, organisation({ members: 130, spaces: 75 }));
    serveUsers(api, []);
    await signInAs(api, 'support_admin', { org_id: null });
    const { user } = renderApp('/admin/organizations?org=org-north');
    const drawer = await screen.findByRole('dialog', { name: 'Northwind Studio' }, { timeout: 30_000 });
    expect(await within(drawer).findByRole('heading', { name: 'Members (130)' })).toBeTruthy();
    expect(within(drawer).getByText(/The first 2 of 75 spaces/)).toBeTruthy();
    const all = within(drawer).getByRole('link', { name: 'See all 130 members in Users' });
    expect(all.getAttribute('href')).toBe('/admin/users?organization=org-north');

    await user.click(all);
    await waitFor(() => expect(api.callsTo('GET /admin/users').at(-1)?.query.get('organization')).toBe('org-north'));
    // The filter shows, and clearing it lists everyone's people again.
    await user.click(await screen.findByRole('button', { name: "One organisation's people: show everyone's" }));
    await waitFor(() => expect(api.callsTo('GET /admin/users').at(-1)?.query.get('organization')).toBeNull());
  });
});
