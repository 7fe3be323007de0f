/**
 * The admin Organisations area: search, one organisation in detail (plan, credits and ledger,
 * spaces, members), and a system admin's manual credit adjustment, which is a ledger entry with
 * the reason and the admin's name, audited — the same adjustment as POST /billing/credits/add.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AdminOrganizationDetail, AdminOrganizationPage } from '../../src/contract/admin';
import { auditEvents } from '../../server/src/db/schema/index';
import { API, authHeaders, testEngine } from '../helpers/server';
import { appForSuite, preparedForSuite } from '../helpers/suite-fixtures';
import { addPerson, call, newOrganisation } from './org-helpers';
import { adminCall, signInPlatformAdmin } from './admin-helpers';

describe(`admin: organisations (${testEngine})`, () => {
  const t = appForSuite();
  const system = preparedForSuite(() => signInPlatformAdmin(t, 'system_admin', 'Grace Hopper'));
  const support = preparedForSuite(() => signInPlatformAdmin(t, 'support_admin'));

  const detailOf = async (orgId: string) => (await adminCall(t, 'GET', `/admin/organizations/${orgId}`, support.access_token)).json<AdminOrganizationDetail>();
  const adjust = (orgId: string, body: object, headers: Record<string, string> = {}) => adminCall(t, 'POST', `/admin/organizations/${orgId}/credits`, system.access_token, body, headers);

  it('finds an organisation by name or domain and shows its plan, size and balance', async () => {
    const owner = await newOrganisation(t, 'Bluebell Bakery', 'Bea Baker');
    await addPerson(t, owner, 'Ben Bun');
    const domain = owner.email.split('@')[1]!;
    for (const q of ['bluebell', domain.toUpperCase()]) {
      const page = (await adminCall(t, 'GET', `/admin/organizations?q=${encodeURIComponent(q)}`, support.access_token)).json<AdminOrganizationPage>();
      expect(page.total).toBe(1);
      expect(page.organizations[0]).toMatchObject({
        id: owner.user.org_id,
        name: 'Bluebell Bakery',
        email_domain: domain,
        plan: { type: 'free', name: 'Free Trial', is_active: true },
        members: 2,
        spaces: 1,
        credits_remaining: 3000,
      });
    }
    expect((await adminCall(t, 'GET', '/admin/organizations?q=no-such-organisation', support.access_token)).json<AdminOrganizationPage>().total).toBe(0);
  });

  it('opens an organisation: credits and ledger, spaces with their documents, members with role and status', async () => {
    const owner = await newOrganisation(t, 'Cobalt Coffee', 'Cal Cobalt');
    const member = await addPerson(t, owner, 'Mia Member');
    await call(t, 'POST', '/spaces/', owner.access_token, { name: 'Launch', slug: 'launch' });
    await adminCall(t, 'POST', `/admin/users/${member.user.id}/suspend`, system.access_token, { reason: 'Left the company' });

    const detail = await detailOf(owner.user.org_id!);
    expect(detail.credits).toMatchObject({ used: 0, total: 3000, remaining: 3000 });
    expect(detail.ledger).toEqual([expect.objectContaining({ transaction_type: 'grant', credits: 3000, balance_after: 3000 })]);
    expect(detail.space_list.map((space) => [space.name, space.is_default, space.documents])).toEqual([
      ['General', true, 0],
      ['Launch', false, 0],
    ]);
    expect(detail.member_list.map((person) => [person.name, person.role, person.status])).toEqual([
      ['Cal Cobalt', 'org_owner', 'active'],
      ['Mia Member', 'org_member', 'suspended'],
    ]);
    expect((await adminCall(t, 'GET', '/admin/organizations/00000000-0000-4000-8000-000000000000', support.access_token)).statusCode).toBe(404);
  });

  it('a credit adjustment is a ledger entry with the reason and the admin name, audited, and the organisation sees it', async () => {
    const owner = await newOrganisation(t, 'Dune Digital');
    const orgId = owner.user.org_id!;
    const added = await adjust(orgId, { amount: 750, reason: 'Goodwill after the outage of 3 March' });
    expect(added.statusCode).toBe(200);
    expect(added.json()).toEqual({ transaction_id: expect.any(String), credits_added: 750, credits_remaining: 3750 });

    const [entry] = (await detailOf(orgId)).ledger;
    expect(entry).toMatchObject({
      id: added.json().transaction_id,
      transaction_type: 'credit',
      credits: 750,
      balance_after: 3750,
      feature: 'adjustment',
      activity: 'Credits added by Grace Hopper',
      activity_details: 'Goodwill after the outage of 3 March (Grace Hopper, platform admin)',
    });
    const audit = await t.database.db.select().from(auditEvents).where(and(eq(auditEvents.orgId, orgId), eq(auditEvents.action, 'credits.adjusted')));
    expect(audit).toEqual([
      expect.objectContaining({ actorUserId: system.user.id, actorEmail: system.email, details: expect.objectContaining({ amount: 750, reason: 'Goodwill after the outage of 3 March' }) }),
    ]);
    // What the organisation's own Credits screen reads.
    const seen = await t.app.inject({ method: 'GET', url: `${API}/billing/credits`, headers: authHeaders(owner.access_token, owner.defaultSpace.id) });
    expect(seen.json()).toMatchObject({ total: 3750, remaining: 3750 });

    const removed = await adjust(orgId, { amount: -50, reason: 'Double grant corrected' });
    expect(removed.json()).toMatchObject({ credits_added: -50, credits_remaining: 3700 });
    expect((await detailOf(orgId)).ledger[0]).toMatchObject({ transaction_type: 'debit', credits: -50, balance_after: 3700 });
  });

  it('an Idempotency-Key adjusts once; wrong input is refused with the rule and changes nothing', async () => {
    const owner = await newOrganisation(t);
    const orgId = owner.user.org_id!;
    const key = { 'idempotency-key': 'ticket-9001' };
    await adjust(orgId, { amount: 100, reason: 'Ticket 9001' }, key);
    const again = await adjust(orgId, { amount: 100, reason: 'Ticket 9001' }, key);
    expect(again.json()).toMatchObject({ credits_remaining: 3100 });

    const belowZero = await adjust(orgId, { amount: -5000, reason: 'Too much' });
    expect(belowZero.statusCode).toBe(422);
    expect(belowZero.json().detail).toBe('This correction would take the balance below zero: the organisation has 3,100 credits left');
    const zero = await adjust(orgId, { amount: 0, reason: 'Nothing' });
    expect(zero.json().errors).toEqual([{ field: 'amount', message: 'Amount cannot be 0' }]);
    const noReason = await adjust(orgId, { amount: 10 });
    expect(noReason.json().errors).toEqual([{ field: 'reason', message: 'Give a reason: it is kept in the audit log' }]);
    expect((await detailOf(orgId)).credits).toMatchObject({ remaining: 3100 });
    expect((await adjust('not-an-id', { amount: 10, reason: 'Lost id' })).statusCode).toBe(404);
  });
});
