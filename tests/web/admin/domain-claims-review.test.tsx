/**
 * Admin Security → Email domain claims awaiting review (docs/admin.md "Domain claims"): what each
 * claim is and who holds the domain, approving and rejecting with a reason (a refusal shown in the
 * dialog), and support admins reading without acting.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { waitFor, within } from '@testing-library/react';
import { ADMIN_TEXTS } from '../../../src/contract/admin';
import type { AdminDomainClaim } from '../../../src/contract/domain-claims';
import { installFakeApi, type FakeApi } from '../app/support/fake-api';
import { renderApp, screen, signInAs } from '../app/support/render-app';
import { prepareScreenTests } from '../app/support/screen-tests';
import { securitySummary } from './fake-admin';

const CONFLICT: AdminDomainClaim = {
  id: 'claim-1',
  domain: 'northwind.test',
  status: 'pending_review',
  organization: { id: 'org-real', name: 'Northwind Studio' },
  review_reason: 'conflict',
  review_requested_at: '2026-03-10T09:00:00.000Z',
  requested_by: 'nora@northwind.test',
  holder: { id: 'org-squat', name: 'Squat Ltd', verified_at: '2026-03-01T09:00:00.000Z', verification_method: 'admin' },
  conflict_with: { id: 'org-squat', name: 'Squat Ltd' },
  last_checked_at: '2026-03-10T08:59:00.000Z',
  last_check_problem: null,
  created_at: '2026-03-10T08:58:00.000Z',
};
const REQUEST: AdminDomainClaim = {
  ...CONFLICT,
  id: 'claim-2',
  domain: 'quarry.test',
  organization: { id: 'org-quarry', name: 'Quarry Quilts' },
  review_reason: 'owner_request',
  requested_by: 'quinn@quarry.test',
  holder: null,
  conflict_with: null,
  last_checked_at: null,
};

let api: FakeApi;
prepareScreenTests();
beforeEach(() => {
  api = installFakeApi();
  api.on('GET /admin/security', () => ({ status: 200, body: securitySummary() }));
  api.on('GET /admin/audit', () => ({ status: 200, body: { events: [], next_cursor: null } }));
});

function serveClaims(claims: AdminDomainClaim[]) {
  const state = { claims };
  api.on('GET /admin/domain-claims', () => ({ status: 200, body: { claims: state.claims } }));
  return state;
}

const row = async (domain: string) => (await screen.findByRole('heading', { name: domain, level: 3 }, { timeout: 30_000 })).closest('li')!;

describe('Admin Security: email domain claims', () => {
  it('lets a system admin approve a clash with a reason, saying who loses the domain', async () => {
    const state = serveClaims([CONFLICT, REQUEST]);
    api.on('POST /admin/domain-claims/claim-1/approve', () => {
      state.claims = [REQUEST];
      return { status: 200, body: { ...CONFLICT, status: 'verified', review_reason: null, holder: null } };
    });
    await signInAs(api, 'system_admin', { org_id: null });
    const { user } = renderApp('/admin/security');
    const clash = within(await row('northwind.test'));
    expect(clash.getByText('Northwind Studio')).toBeTruthy();
    expect(clash.getByText('Claimed while another organisation holds the domain')).toBeTruthy();
    expect(clash.getByText(/Squat Ltd holds it, verified 1 Mar 2026 by a Mosaic platform admin: approving withdraws it from them\./)).toBeTruthy();
    expect(clash.getByText(/Its TXT record was found/)).toBeTruthy();
    expect(within(await row('quarry.test')).getByText('The owner cannot use DNS and asked for a review')).toBeTruthy();

    await user.click(clash.getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Verify northwind.test for Northwind Studio?' });
    expect(within(dialog).getByText(/Squat Ltd loses the domain/)).toBeTruthy();
    const confirm = within(dialog).getByRole('button', { name: 'Approve claim' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    await user.type(within(dialog).getByLabelText('Reason'), 'Registrar confirmed Northwind');
    await user.click(confirm);
    expect(await screen.findByText('northwind.test is verified for Northwind Studio')).toBeTruthy();
    expect(api.callsTo('POST /admin/domain-claims/claim-1/approve')[0]!.body).toEqual({ reason: 'Registrar confirmed Northwind' });
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'northwind.test', level: 3 })).toBeNull());
    expect(screen.getByRole('heading', { name: 'quarry.test', level: 3 })).toBeTruthy();
  });

  it('keeps a refused rejection in its dialog with the server’s reason', async () => {
    serveClaims([REQUEST]);
    api.on('POST /admin/domain-claims/claim-2/reject', () => ({
      status: 409,
      body: { detail: 'Only claims awaiting review can be approved or rejected: this one was decided or verified meanwhile. Reload the list.', code: 'CONFLICT' },
    }));
    await signInAs(api, 'system_admin', { org_id: null });
    const { user } = renderApp('/admin/security');
    await user.click(within(await row('quarry.test')).getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('alertdialog', { name: "Reject Quarry Quilts's claim to quarry.test?" });
    await user.type(within(dialog).getByLabelText('Reason'), 'No proof of ownership');
    await user.click(within(dialog).getByRole('button', { name: 'Reject claim' }));
    expect(await within(dialog).findByText(/this one was decided or verified meanwhile/)).toBeTruthy();
    expect((within(dialog).getByLabelText('Reason') as HTMLTextAreaElement).value).toBe('No proof of ownership');
  });

  it('shows support admins the claims with the actions disabled and why', async () => {
    serveClaims([REQUEST]);
    await signInAs(api, 'support_admin', { org_id: null });
    renderApp('/admin/security');
    const request = within(await row('quarry.test'));
    expect((request.getByRole('button', { name: 'Approve' }) as HTMLButtonElement).disabled).toBe(true);
    expect((request.getByRole('button', { name: 'Reject' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getAllByText(ADMIN_TEXTS.readOnly).length).toBeGreaterThan(0);
  });

  it('says when nothing awaits review', async () => {
    serveClaims([]);
    await signInAs(api, 'system_admin', { org_id: null });
    renderApp('/admin/security');
    expect(await screen.findByText('No claims await review.', {}, { timeout: 30_000 })).toBeTruthy();
  });
});
