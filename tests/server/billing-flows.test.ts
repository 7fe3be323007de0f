import { desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, creditAccounts, paymentCheckouts } from '../../server/src/db/schema/index';
import { registerPaymentProvider } from '../../server/src/payments/index';
import { API, addMember, authHeaders, registerOwner, testEngine, type RegisteredOwner } from '../helpers/server';
import { appForSuite } from '../helpers/suite-fixtures';

const DAY_MS = 24 * 60 * 60 * 1000;

describe(`billing flows (${testEngine})`, () => {
  const t = appForSuite();
  beforeAll(async () => {
    // A provider that refuses every card, to see what a decline does.
    registerPaymentProvider({
      kind: 'instant',
      name: 'test_declined',
      demo: true,
      charge: async () => ({ status: 'declined', reason: 'card expired' }),
      refund: async () => {},
    });
  });

  const request = (owner: { access_token: string }, spaceId: string, method: 'GET' | 'POST', url: string, payload?: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method, url: `${API}${url}`, headers: { ...authHeaders(owner.access_token, spaceId), ...headers }, ...(payload ? { payload } : {}) });
  const as = (owner: RegisteredOwner) => ({
    get: (url: string) => request(owner, owner.defaultSpace.id, 'GET', url),
    post: (url: string, payload: object, headers?: Record<string, string>) => request(owner, owner.defaultSpace.id, 'POST', url, payload, headers),
  });

  describe('bad input', () => {
    let api: ReturnType<typeof as>;
    beforeAll(async () => {
      api = as(await registerOwner(t.app));
    });

    it.each([
      ['/billing/credits/deduct', { amount: -5 }, 'amount', 'Amount must be greater than 0'],
      ['/billing/credits/deduct', { amount: 2.5 }, 'amount', 'Amount must be a whole number of credits'],
      ['/billing/credits/deduct', { amount: '10' }, 'amount', 'Amount must be a number'],
      ['/billing/credits/deduct', { amount: 0 }, 'amount', 'Amount must be greater than 0'],
      ['/billing/credits/deduct', { amount: 5_000_000 }, 'amount', 'Amount must be at most 1,000,000'],
      ['/billing/credits/deduct', { amount: 5, agent_mode: 'turbo' }, 'agent_mode', 'Agent mode must be normal, medium or max'],
      ['/billing/credits/purchase', { credits: 10.5 }, 'credits', 'Credits must be a whole number of credits'],
      ['/billing/plan/upgrade', { plan_type: 'platinum' }, 'plan_type', 'Unknown plan type: choose starter, pro or business'],
      ['/billing/credits/transactions/bulk-create', { transactions: [] }, 'transactions', 'Send at least one transaction'],
    ])('POST %s %j → 422 on %s', async (url, payload, field, message) => {
      const response = await api.post(url, payload);
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({ detail: 'Validation error', code: 'VALIDATION_ERROR', errors: [{ field, message }] });
    });

    it.each([
      ['limit=101', 'limit', 'Limit must be at most 100'],
      ['limit=0', 'limit', 'Limit must be at least 1'],
      ['offset=-1', 'offset', 'Offset cannot be negative'],
      ['period=yesterday', 'period', 'Period must look like 7d, 30d, 90d or all (at most 366d)'],
      ['status=lost', 'status', 'Status must be one of: completed, refunded'],
    ])('GET transactions?%s → 422 on %s', async (query, field, message) => {
      const response = await api.get(`/billing/credits/transactions?${query}`);
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toEqual([{ field, message }]);
    });

    it('refuses unknown packages, stale prices, unknown payment methods and a restart of the trial', async () => {
      expect((await api.post('/billing/credits/purchase', { credits: 1234 })).json()).toEqual({
        detail: 'Unknown credit package: choose 1,000, 5,000 or 20,000 credits',
        code: 'UNKNOWN_CREDIT_PACKAGE',
      });
      const stale = await api.post('/billing/credits/purchase', { credits: 5000, bonus: 500, price: 1 });
      expect(stale.statusCode).toBe(409);
      const method = await api.post('/billing/credits/purchase', { credits: 1000, payment_method: 'bitcoin' });
      expect(method.statusCode).toBe(422);
      expect(method.json().detail).toMatch(/^Unknown payment method 'bitcoin'\. Use one of: mock/);
      const free = await api.post('/billing/plan/upgrade', { plan_type: 'free' });
      expect(free.json()).toEqual({ detail: 'The free trial cannot be restarted. Choose starter, pro or business.', code: 'PLAN_NOT_AVAILABLE' });
      const key = await api.post('/billing/credits/deduct', { amount: 1 }, { 'idempotency-key': 'has spaces' });
      expect(key.statusCode).toBe(422);
      expect((await api.get('/billing/credits')).json()).toMatchObject({ used: 0, total: 3000 });
    });
  });

  it('buys a package with its bonus, records it, and charges a retried purchase once', async () => {
    const owner = await registerOwner(t.app);
    const api = as(owner);
    const first = await api.post('/billing/credits/purchase', { credits: 5000, bonus: 500, price: 50 }, { 'idempotency-key': 'buy-1' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ success: true, credits_added: 5500, credits_remaining: 8500, duplicate: false });
    const retry = await api.post('/billing/credits/purchase', { credits: 5000, bonus: 500, price: 50 }, { 'idempotency-key': 'buy-1' });
    expect(retry.json()).toMatchObject({ transaction_id: first.json().transaction_id, credits_remaining: 8500, duplicate: true });
    expect((await api.get('/billing/credits')).json()).toMatchObject({ used: 0, total: 8500, remaining: 8500 });
    const list = (await api.get('/billing/credits/transactions?type=purchase')).json();
    expect(list.total).toBe(1);
    expect(list.transactions[0]).toMatchObject({
      transaction_type: 'purchase',
      credits: 5500,
      base_credits: 5000,
      feature: 'credits',
      status: 'completed',
      activity: 'Bought 5,000 credits',
      activity_details: expect.stringMatching(/^\+500 bonus, \$50 via mock \(mock_/),
    });
    // One payment, completed, and the audit log says who paid.
    const checkouts = await t.database.db.select().from(paymentCheckouts).where(eq(paymentCheckouts.orgId, owner.user.org_id!));
    expect(checkouts).toMatchObject([{ status: 'completed', provider: 'mock', amountCents: 5000, idempotencyKey: 'purchase:buy-1' }]);
    const [audit] = await t.database.db.select().from(auditEvents).where(eq(auditEvents.targetId, checkouts[0]!.id));
    expect(audit).toMatchObject({ action: 'payments.checkout_completed', actorUserId: owner.user.id, actorRole: 'org_owner' });
  });

  it('changes nothing when the payment is declined', async () => {
    const owner = await registerOwner(t.app);
    const api = as(owner);
    const declined = await api.post('/billing/credits/purchase', { credits: 1000, payment_method: 'test_declined' });
    expect(declined.statusCode).toBe(402);
    expect(declined.json()).toEqual({ detail: 'Payment declined: card expired', code: 'PAYMENT_DECLINED' });
    const upgrade = await api.post('/billing/plan/upgrade', { plan_type: 'pro', payment_method: 'test_declined' });
    expect(upgrade.statusCode).toBe(402);
    expect((await api.get('/billing/plan')).json()).toMatchObject({ type: 'free' });
    expect((await api.get('/billing/credits')).json()).toMatchObject({ total: 3000 });
    // Not even the attempt is kept: it was rolled back with the decline.
    expect(await t.database.db.select().from(paymentCheckouts).where(eq(paymentCheckouts.orgId, owner.user.org_id!))).toHaveLength(0);
  });

  it('upgrades to a paid plan: credits added, unused ones kept, renewal in 30 days, a second identical upgrade refused', async () => {
    const owner = await registerOwner(t.app);
    const api = as(owner);
    await api.post('/billing/credits/deduct', { amount: 1000 });
    const upgrade = await api.post('/plan/upgrade', { plan_type: 'pro' });
    expect(upgrade.statusCode).toBe(200);
    expect(upgrade.json()).toMatchObject({
      success: true,
      message: 'Your organisation is now on the Pro plan',
      plan: { type: 'pro', name: 'Pro', is_active: true, expires_at: null, days_left: 30 },
      credits: { used: 0, total: 42_000, remaining: 42_000 },
    });
    const resetIn = new Date(upgrade.json().credits.reset_date).getTime() - Date.now();
    expect(Math.abs(resetIn - 30 * DAY_MS)).toBeLessThan(60_000);
    const again = await api.post('/billing/plan/upgrade', { plan_type: 'pro' });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe('Your organisation is already on the Pro plan');
    // Pro → Business mid-cycle: the difference (110,000), not a second full grant.
    const change = await api.post('/billing/plan/upgrade', { plan_type: 'business' });
    expect(change.json()).toMatchObject({ plan: { type: 'business' }, credits: { total: 152_000 } });
  });

  it('mid-cycle, an upgrade adds the credit difference for the price difference and a downgrade adds nothing until the renewal; used and the renewal date stay', async () => {
    const owner = await registerOwner(t.app);
    const api = as(owner);
    await api.post('/billing/plan/upgrade', { plan_type: 'starter' });
    await api.post('/billing/credits/deduct', { amount: 25 });
    const starter = (await api.get('/billing/credits')).json();
    expect(starter).toMatchObject({ used: 25, total: 13_000 });

    const up = await api.post('/billing/plan/upgrade', { plan_type: 'pro' });
    expect(up.statusCode).toBe(200);
    // 30,000 more (40,000 − 10,000), 25 still used, the same renewal date.
    expect(up.json()).toMatchObject({ plan: { type: 'pro' }, credits: { used: 25, total: 43_000, remaining: 42_975, reset_date: starter.reset_date } });
    const upgradeRow = (await api.get('/billing/credits/transactions?type=grant')).json().transactions[0];
    expect(upgradeRow).toMatchObject({ credits: 30_000, activity: 'Upgraded from Starter to Pro' });
    const [order] = await t.database.db.select().from(paymentCheckouts).where(eq(paymentCheckouts.orgId, owner.user.org_id!)).orderBy(desc(paymentCheckouts.createdAt)).limit(1);
    // $99 − $29.
    expect(order!.amountCents).toBe(7000);

    const down = await api.post('/billing/plan/upgrade', { plan_type: 'starter' });
    expect(down.statusCode).toBe(200);
    expect(down.json()).toMatchObject({ plan: { type: 'starter', is_active: true }, credits: { used: 25, total: 43_000, remaining: 42_975, reset_date: starter.reset_date } });
    expect(down.json().message).toMatch(/^Your organisation is now on the Starter plan\. Nothing is charged now and the credits you have stay; its 10,000 credits a month start at the next renewal, on \d{1,2} \w{3} \d{4}\.$/);
    const downgradeRow = (await api.get('/billing/credits/transactions?type=grant')).json().transactions[0];
    expect(downgradeRow).toMatchObject({ credits: 0, activity: 'Changed plan from Pro to Starter' });
    expect(await t.database.db.select().from(paymentCheckouts).where(eq(paymentCheckouts.orgId, owner.user.org_id!))).toHaveLength(2);

    // The renewal grants the Starter plan's credits, on top of what is left.
    await t.database.db.update(creditAccounts).set({ resetDate: new Date(Date.now() - DAY_MS) }).where(eq(creditAccounts.orgId, owner.user.org_id!));
    expect((await api.get('/billing/credits')).json()).toMatchObject({ used: 0, total: 52_975 });
  });

  it('renews a paid plan lazily when its reset date has passed, once even under concurrent reads', async () => {
    const owner = await registerOwner(t.app);
    const api = as(owner);
    await api.post('/billing/plan/upgrade', { plan_type: 'starter' });
    await api.post('/billing/credits/deduct', { amount: 4000 });
    const orgId = owner.user.org_id!;
    await t.database.db
      .update(creditAccounts)
      .set({ resetDate: new Date(Date.now() - DAY_MS) })
      .where(eq(creditAccounts.orgId, orgId));
    const reads = await Promise.all(Array.from({ length: 5 }, () => api.get('/billing/credits')));
    for (const read of reads) expect(read.json()).toMatchObject({ used: 0, total: 19_000, remaining: 19_000 });
    const nextReset = new Date(reads[0]!.json().reset_date).getTime();
    expect(nextReset).toBeGreaterThan(Date.now() + 28 * DAY_MS);
    const grants = (await api.get('/billing/credits/transactions?type=grant')).json();
    expect(grants.transactions.map((row: { activity: string }) => row.activity)).toEqual([
      'Monthly credits: Starter plan',
      'Changed plan to Starter',
      'Free trial credits',
    ]);
  });

  it('does not renew the free trial: past its end the plan is expired and chats are refused', async () => {
    const owner = await registerOwner(t.app);
    const member = await addMember(t.app, t.database, owner);
    const orgId = owner.user.org_id!;
    const { plans } = await import('../../server/src/db/schema/index');
    await t.database.db.update(plans).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(plans.orgId, orgId));
    await t.database.db.update(creditAccounts).set({ resetDate: new Date(Date.now() - 1000) }).where(eq(creditAccounts.orgId, orgId));
    const plan = (await request(member, owner.defaultSpace.id, 'GET', '/billing/plan')).json();
    expect(plan).toMatchObject({ type: 'free', is_active: false, days_left: 0 });
    expect((await as(owner).get('/billing/credits')).json()).toMatchObject({ total: 3000, used: 0 });
    const deduct = await request(member, owner.defaultSpace.id, 'POST', '/billing/credits/deduct', { amount: 1 });
    expect(deduct.json()).toEqual({ detail: 'Your free plan has expired. Please upgrade your plan to continue using AI agents.', code: 'PLAN_EXPIRED' });
  });

  it('pages and filters the ledger, newest first, with total and has_more', async () => {
    const owner = await registerOwner(t.app);
    const api = as(owner);
    for (let index = 0; index < 7; index++) {
      await api.post('/billing/credits/deduct', { amount: 10 + index, feature_type: index % 2 ? 'chat' : 'knowledge', description: `Use ${index}` });
    }
    const page1 = (await api.get('/billing/credits/transactions?limit=3')).json();
    expect(page1).toMatchObject({ total: 8, has_more: true, limit: 3, offset: 0 });
    expect(page1.transactions.map((row: { credits: number }) => row.credits)).toEqual([16, 15, 14]);
    const page3 = (await api.get('/billing/credits/transactions?limit=3&offset=6')).json();
    expect(page3).toMatchObject({ has_more: false });
    expect(page3.transactions.map((row: { credits: number }) => row.credits)).toEqual([10, 3000]);
    const chat = (await api.get('/billing/credits/transactions?feature=chat&period=7d')).json();
    expect(chat.total).toBe(3);
    expect(chat.transactions.every((row: { feature: string }) => row.feature === 'chat')).toBe(true);
    expect(chat.transactions[0]).toMatchObject({ transaction_type: 'debit', status: 'completed', transaction_id: chat.transactions[0].id, user_id: owner.user.id, space_id: owner.defaultSpace.id });
  });

  it('cuts deduct details to 100 characters (spec 001 §5)', async () => {
    const api = as(await registerOwner(t.app));
    const response = await api.post('/billing/credits/deduct', { amount: 1, activity_details: 'x'.repeat(300) });
    const [row] = (await api.get('/billing/credits/transactions?limit=1')).json().transactions;
    expect(row.transaction_id).toBe(response.json().transaction_id);
    expect(row.activity_details).toHaveLength(100);
  });

  it('breaks usage down by feature and by agent, and lists recent activity with who did it', async () => {
    const owner = await registerOwner(t.app);
    const api = as(owner);
    await api.post('/billing/credits/deduct', { amount: 60, feature_type: 'chat', agent_name: 'SEO Agent', description: 'Keyword plan' });
    await api.post('/billing/credits/deduct', { amount: 20, feature_type: 'chat', agent_name: 'CMO', description: 'Strategy' });
    await api.post('/billing/credits/deduct', { amount: 20, feature_type: 'knowledge', description: 'Search' });
    const created = await api.post('/billing/analytics/usage-breakdown/create', { credits: 100, feature: 'import', agent_name: 'CMO' });
    expect(created.statusCode).toBe(201);
    const byFeature = (await api.get('/billing/analytics/usage-breakdown')).json();
    expect(byFeature).toMatchObject({ period: '30d', group_by: 'feature', total_credits_used: 200 });
    expect(byFeature.breakdown).toEqual([
      { key: 'import', label: 'Import', credits: 100, transactions: 1, percentage: 50 },
      { key: 'chat', label: 'AI agent chats', credits: 80, transactions: 2, percentage: 40 },
      { key: 'knowledge', label: 'Knowledge base', credits: 20, transactions: 1, percentage: 10 },
    ]);
    const byAgent = (await api.get('/billing/analytics/usage-breakdown?group_by=agent&period=all')).json();
    expect(byAgent.breakdown.map((item: { label: string; credits: number }) => [item.label, item.credits])).toEqual([
      ['CMO', 120],
      ['SEO Agent', 60],
      ['Without an agent', 20],
    ]);
    await api.post('/billing/analytics/recent-activity/create', { activity: 'Exported the quarterly report' });
    const recent = (await api.get('/billing/analytics/recent-activity?limit=2')).json();
    expect(recent.activities).toHaveLength(2);
    expect(recent.activities[0]).toMatchObject({ activity: 'Exported the quarterly report', credits: 0, user_name: 'Ada Owner', feature: 'general' });
  });

  it('records a bulk of usages all or nothing', async () => {
    const api = as(await registerOwner(t.app));
    const tooMuch = await api.post('/billing/credits/transactions/bulk-create', {
      transactions: [{ credits: 2000, feature: 'import' }, { credits: 1500, feature: 'import' }],
    });
    expect(tooMuch.statusCode).toBe(402);
    expect((await api.get('/billing/credits')).json()).toMatchObject({ used: 0 });
    const fits = await api.post('/billing/credits/transactions/bulk-create', {
      transactions: [{ credits: 2000, feature: 'import' }, { credits: 500, feature: 'import', activity: 'Second' }],
    });
    expect(fits.json()).toMatchObject({ success: true, created_count: 2, credits_remaining: 500 });
  });
});
