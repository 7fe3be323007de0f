import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../server/src/db/schema/index';
import { upsertPlatformAdmin } from '../../server/src/services/admins.service';
import { API, TEST_PASSWORD, authHeaders, login, registerOwner, testEngine, uniqueEmail, type RegisteredOwner, type SignedIn } from '../helpers/server';
import { appForSuite } from '../helpers/suite-fixtures';

describe(`credit adjustments by platform admins (${testEngine})`, () => {
  const t = appForSuite();
  let systemAdmin: SignedIn;

  beforeAll(async () => {
    const email = uniqueEmail();
    await upsertPlatformAdmin(t.database.db, { email, name: 'Grace Hopper', password: TEST_PASSWORD, role: 'system_admin' });
    systemAdmin = await login(t.app, email);
  });

  const adjust = (payload: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: `${API}/billing/credits/add`, headers: { ...authHeaders(systemAdmin.access_token), ...headers }, payload });
  const asOwner = (owner: RegisteredOwner) => ({
    get: (url: string) => t.app.inject({ method: 'GET', url: `${API}${url}`, headers: authHeaders(owner.access_token, owner.defaultSpace.id) }),
    post: (url: string, payload: object) => t.app.inject({ method: 'POST', url: `${API}${url}`, headers: authHeaders(owner.access_token, owner.defaultSpace.id), payload }),
  });

  it('adds credits with a reason: a ledger row naming the admin and the reason, and an audit entry', async () => {
    const owner = await registerOwner(t.app);
    const orgId = owner.user.org_id!;
    const response = await adjust({ org_id: orgId, amount: 1500, description: 'Refund for the outage on 3 March' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ success: true, credits_added: 1500, credits_remaining: 4500, duplicate: false });
    expect((await asOwner(owner).get('/billing/credits')).json()).toMatchObject({ total: 4500, used: 0 });

    const ledger = (await asOwner(owner).get('/billing/credits/transactions?feature=adjustment')).json();
    expect(ledger.transactions).toEqual([
      expect.objectContaining({
        transaction_id: response.json().transaction_id,
        transaction_type: 'credit',
        credits: 1500,
        activity: 'Credits added by Grace Hopper',
        activity_details: 'Refund for the outage on 3 March (Grace Hopper, platform admin)',
        balance_after: 4500,
        user_id: systemAdmin.user.id,
      }),
    ]);
    const audit = await t.database.db.select().from(auditEvents).where(and(eq(auditEvents.orgId, orgId), eq(auditEvents.action, 'credits.adjusted')));
    expect(audit).toEqual([
      expect.objectContaining({
        action: 'credits.adjusted',
        actorUserId: systemAdmin.user.id,
        actorEmail: systemAdmin.email,
        actorRole: 'system_admin',
        targetType: 'organization',
        targetId: orgId,
        details: { amount: 1500, reason: 'Refund for the outage on 3 March', transaction_id: response.json().transaction_id, balance_after: 4500 },
      }),
    ]);
  });

  it('corrects downwards, never below what is used, and a correction is not usage', async () => {
    const owner = await registerOwner(t.app);
    const orgId = owner.user.org_id!;
    await asOwner(owner).post('/billing/credits/deduct', { amount: 1000, feature_type: 'chat' });

    const tooMuch = await adjust({ org_id: orgId, amount: -2001, description: 'Mistaken grant' });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json()).toEqual({
      detail: 'This correction would take the balance below zero: the organisation has 2,000 credits left',
      code: 'ADJUSTMENT_BELOW_USED',
    });
    expect((await asOwner(owner).get('/billing/credits')).json()).toMatchObject({ total: 3000, used: 1000 });
    expect(await t.database.db.select().from(auditEvents).where(and(eq(auditEvents.orgId, orgId), eq(auditEvents.action, 'credits.adjusted')))).toHaveLength(0);

    const exact = await adjust({ org_id: orgId, amount: -2000, description: 'Mistaken grant' });
    expect(exact.json()).toMatchObject({ credits_added: -2000, credits_remaining: 0 });
    expect((await asOwner(owner).get('/billing/credits')).json()).toMatchObject({ total: 1000, used: 1000, remaining: 0 });
    const row = (await asOwner(owner).get('/billing/credits/transactions?feature=adjustment')).json().transactions[0];
    expect(row).toMatchObject({ transaction_type: 'debit', credits: 2000, activity: 'Credits removed by Grace Hopper', balance_after: 0 });
    const usage = (await asOwner(owner).get('/billing/analytics/usage-breakdown?period=all')).json();
    expect(usage).toMatchObject({ total_credits_used: 1000, breakdown: [{ key: 'chat', credits: 1000 }] });
  });

  it('adds once per Idempotency-Key', async () => {
    const owner = await registerOwner(t.app);
    const payload = { org_id: owner.user.org_id, amount: 250, description: 'Goodwill' };
    const first = await adjust(payload, { 'idempotency-key': 'ticket-4711' });
    const again = await adjust(payload, { 'idempotency-key': 'ticket-4711' });
    expect(again.json()).toMatchObject({ transaction_id: first.json().transaction_id, credits_added: 250, duplicate: true });
    expect((await asOwner(owner).get('/billing/credits')).json()).toMatchObject({ total: 3250 });
  });

  it.each([
    [{ amount: 10, description: 'No organisation named' }, 'org_id', 'org_id must be the id of an organisation'],
    [{ org_id: 'acme', amount: 10, description: 'Reason' }, 'org_id', 'org_id must be the id of an organisation'],
    [{ org_id: '00000000-0000-4000-8000-000000000000', amount: 0, description: 'Nothing' }, 'amount', 'Amount cannot be 0'],
    [{ org_id: '00000000-0000-4000-8000-000000000000', amount: 2.5, description: 'Half' }, 'amount', 'Amount must be a whole number of credits'],
    [{ org_id: '00000000-0000-4000-8000-000000000000', amount: -2_000_000, description: 'Too much' }, 'amount', 'Amount must be at least -1,000,000'],
    [{ org_id: '00000000-0000-4000-8000-000000000000', amount: 10 }, 'description', 'Description is required: give the reason for the adjustment'],
    [
      { org_id: '00000000-0000-4000-8000-000000000000', amount: 10, description: '  ' },
      'description',
      'Description is required: give the reason for the adjustment (at least 3 characters)',
    ],
  ])('refuses %j with 422 on %s', async (payload, field, message) => {
    const response = await adjust(payload);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ detail: 'Validation error', code: 'VALIDATION_ERROR', errors: [{ field, message }] });
  });

  it('answers 404 for an organisation that does not exist', async () => {
    const response = await adjust({ org_id: '00000000-0000-4000-8000-000000000000', amount: 10, description: 'Goodwill' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: 'Organisation not found', code: 'NOT_FOUND' });
  });
});
