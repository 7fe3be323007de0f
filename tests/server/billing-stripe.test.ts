import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEvents, creditAccounts, paymentCheckouts, plans } from '../../server/src/db/schema/index';
import { API, authHeaders, registerOwner, testEngine, type RegisteredOwner } from '../helpers/server';
import { startFakeStripe, type FakeSession } from '../helpers/fake-stripe';
import { appForSuite, startedForSuite } from '../helpers/suite-fixtures';
import { loadConfig } from '../../server/src/config';

const DAY_MS = 24 * 60 * 60 * 1000;
const PUBLIC_URL = 'https://mosaic.example';

describe(`billing with Stripe Checkout (${testEngine})`, () => {
  const stripe = startedForSuite(() => startFakeStripe());
  const t = appForSuite(() => ({ env: { ...stripe.env, PUBLIC_URL }, captureLogs: true }));

  const as = (owner: RegisteredOwner) => ({
    get: (url: string) => t.app.inject({ method: 'GET', url: `${API}${url}`, headers: authHeaders(owner.access_token, owner.defaultSpace.id) }),
    post: (url: string, payload: object, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'POST', url: `${API}${url}`, headers: { ...authHeaders(owner.access_token, owner.defaultSpace.id), ...headers }, payload }),
  });
  const deliver = (payload: string, signature: string | null = stripe.sign(payload)) =>
    t.app.inject({
      method: 'POST',
      url: `${API}/billing/webhooks/stripe`,
      headers: { 'content-type': 'application/json; charset=utf-8', ...(signature ? { 'stripe-signature': signature } : {}) },
      payload,
    });
  const sessionOf = (checkoutUrl: string): FakeSession => stripe.sessions.get(checkoutUrl.split('/').pop()!)!;
  const paid = (session: FakeSession, id?: string) => stripe.event('checkout.session.completed', session, { status: 'complete', payment_status: 'paid', url: null }, id);
  const credits = async (owner: RegisteredOwner) => (await as(owner).get('/billing/credits')).json<{ total: number; used: number; remaining: number }>();
  const purchaseRows = async (owner: RegisteredOwner) => (await as(owner).get('/billing/credits/transactions?type=purchase')).json<{ total: number; transactions: { activity_details: string }[] }>();

  async function startPurchase(owner: RegisteredOwner, headers: Record<string, string> = {}) {
    const response = await as(owner).post('/billing/credits/purchase', { credits: 5000, bonus: 500, price: 50 }, headers);
    expect(response.statusCode).toBe(202);
    return response.json<{ checkout_url: string; checkout: { id: string; status: string } }>();
  }

  it('tells the screens that payments are real, and does not offer the demo provider', async () => {
    const catalogue = await t.app.inject({ method: 'GET', url: `${API}/billing/plans` });
    expect(catalogue.json()).toMatchObject({ currency: 'USD', payments: { provider: 'stripe', checkout: 'hosted', demo: false } });
    const owner = await registerOwner(t.app);
    const mock = await as(owner).post('/billing/credits/purchase', { credits: 1000, payment_method: 'mock' });
    expect(mock.statusCode).toBe(422);
    expect(mock.json().detail).toMatch(/^Unknown payment method 'mock'\. Use one of: stripe/);
    expect(await credits(owner)).toMatchObject({ total: 3000 });
  });

  it('opens a Checkout Session with the catalogue price and adds nothing until the webhook', async () => {
    const owner = await registerOwner(t.app);
    const started = await startPurchase(owner);
    const checkoutId = started.checkout.id;
    expect(started).toMatchObject({ success: true, checkout: { status: 'open', purpose: 'credits', credits: 5000, bonus: 500, amount: 50, currency: 'USD' } });

    const sent = stripe.sessionRequests.at(-1)!;
    expect(sent.authorization).toBe(`Bearer ${stripe.env.STRIPE_SECRET_KEY}`);
    expect(sent.idempotencyKey).toBe(`mosaic-checkout-${checkoutId}`);
    expect(sent.params).toMatchObject({
      mode: 'payment',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][unit_amount]': '5000',
      'line_items[0][price_data][product_data][name]': '5,000 Mosaic credits (+500 bonus)',
      client_reference_id: checkoutId,
      'metadata[checkout_id]': checkoutId,
      'metadata[org_id]': owner.user.org_id,
      success_url: `${PUBLIC_URL}/credits?checkout=success&checkout_id=${checkoutId}`,
      cancel_url: `${PUBLIC_URL}/credits?checkout=cancelled&checkout_id=${checkoutId}`,
      customer_email: owner.email,
    });
    expect(started.checkout_url).toBe(sessionOf(started.checkout_url).url);
    expect(await credits(owner)).toMatchObject({ total: 3000 });
    expect((await as(owner).get(`/billing/checkouts/${checkoutId}`)).json()).toMatchObject({ id: checkoutId, status: 'open', completed_at: null });
  });

  it('credits once when the signed webhook says paid; a wrong signature, a replay and a second event move nothing', async () => {
    const owner = await registerOwner(t.app);
    const started = await startPurchase(owner);
    const session = sessionOf(started.checkout_url);
    const payload = paid(session);

    const forged = await deliver(payload, stripe.sign(payload, 'whsec_someone_else'));
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toEqual({ detail: 'Invalid webhook signature: the body does not match the Stripe-Signature header', code: 'INVALID_SIGNATURE' });
    expect((await deliver(payload, null)).statusCode).toBe(400);
    const tampered = payload.replace('"amount_total":5000', '"amount_total":1');
    expect((await deliver(tampered, stripe.sign(payload))).statusCode).toBe(400);
    expect(await credits(owner)).toMatchObject({ total: 3000 });

    const delivered = await deliver(payload);
    expect(delivered.statusCode).toBe(200);
    expect(delivered.json()).toEqual({ received: true, outcome: 'completed' });
    expect(await credits(owner)).toMatchObject({ total: 8500, remaining: 8500 });

    expect((await deliver(payload)).json()).toEqual({ received: true, outcome: 'duplicate' });
    const asyncSuccess = stripe.event('checkout.session.async_payment_succeeded', session, { payment_status: 'paid' });
    expect((await deliver(asyncSuccess)).json()).toEqual({ received: true, outcome: 'already_completed' });
    expect(await credits(owner)).toMatchObject({ total: 8500 });

    const rows = await purchaseRows(owner);
    expect(rows.total).toBe(1);
    expect(rows.transactions[0]!.activity_details).toBe(`+500 bonus, $50 via stripe (${session.id})`);
    expect((await as(owner).get(`/billing/checkouts/${started.checkout.id}`)).json()).toMatchObject({ status: 'completed', completed_at: expect.any(String) });
    const audit = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'payments.checkout_completed'), eq(auditEvents.targetId, started.checkout.id)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ orgId: owner.user.org_id, actorUserId: null, details: expect.objectContaining({ provider: 'stripe', reference: session.id, amount_minor: 5000 }) });
  });

  it('applies one event delivered many times at once exactly once', async () => {
    const owner = await registerOwner(t.app);
    const session = sessionOf((await startPurchase(owner)).checkout_url);
    const payload = paid(session);
    const answers = await Promise.all(Array.from({ length: 8 }, () => deliver(payload)));
    const outcomes = answers.map((answer) => answer.json<{ outcome: string }>().outcome).sort();
    expect(outcomes).toEqual(['completed', ...Array(7).fill('duplicate')]);
    expect(await credits(owner)).toMatchObject({ total: 8500 });
    expect((await purchaseRows(owner)).total).toBe(1);
  });

  it('acknowledges and logs an event for a checkout it does not know, and ignores other event types', async () => {
    const owner = await registerOwner(t.app);
    const session = sessionOf((await startPurchase(owner)).checkout_url);
    const stranger = { ...session, id: 'cs_test_not_ours', client_reference_id: '7b0b7c1e-0000-4000-8000-000000000000' };
    const answer = await deliver(paid(stranger));
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ received: true, outcome: 'unknown_checkout' });
    expect(t.logs.some((line) => line.includes('Payment event for an unknown checkout ignored') && line.includes('cs_test_not_ours'))).toBe(true);
    expect((await deliver(stripe.event('customer.created', session))).json()).toEqual({ received: true, outcome: 'ignored' });
    expect(await credits(owner)).toMatchObject({ total: 3000 });
  });

  it('waits for async_payment_succeeded when the session completes unpaid; an expired session credits nothing', async () => {
    const owner = await registerOwner(t.app);
    const session = sessionOf((await startPurchase(owner)).checkout_url);
    const unpaid = await deliver(stripe.event('checkout.session.completed', session, { status: 'complete', payment_status: 'unpaid' }));
    expect(unpaid.json()).toEqual({ received: true, outcome: 'pending' });
    expect(await credits(owner)).toMatchObject({ total: 3000 });
    expect((await deliver(stripe.event('checkout.session.async_payment_succeeded', session, { payment_status: 'paid' }))).json().outcome).toBe('completed');
    expect(await credits(owner)).toMatchObject({ total: 8500 });

    const other = await registerOwner(t.app);
    const abandoned = await startPurchase(other);
    const expired = await deliver(stripe.event('checkout.session.expired', sessionOf(abandoned.checkout_url), { status: 'expired', url: null }));
    expect(expired.json().outcome).toBe('expired');
    expect((await as(other).get(`/billing/checkouts/${abandoned.checkout.id}`)).json()).toMatchObject({ status: 'expired' });
    expect(await credits(other)).toMatchObject({ total: 3000 });
  });

  it('credits nothing when the paid amount differs from the checkout', async () => {
    const owner = await registerOwner(t.app);
    const started = await startPurchase(owner);
    const answer = await deliver(stripe.event('checkout.session.completed', sessionOf(started.checkout_url), { payment_status: 'paid', amount_total: 100 }));
    expect(answer.json().outcome).toBe('amount_mismatch');
    expect(await credits(owner)).toMatchObject({ total: 3000 });
    expect((await as(owner).get(`/billing/checkouts/${started.checkout.id}`)).json()).toMatchObject({ status: 'failed' });
  });

  it('opens one session per Idempotency-Key, also when the same purchase races itself', async () => {
    const owner = await registerOwner(t.app);
    const before = stripe.sessionRequests.length;
    const first = await startPurchase(owner, { 'idempotency-key': 'buy-once' });
    const again = await startPurchase(owner, { 'idempotency-key': 'buy-once' });
    expect(again).toMatchObject({ checkout_url: first.checkout_url, checkout: { id: first.checkout.id }, duplicate: true });
    expect(stripe.sessionRequests.length - before).toBe(1);

    const racing = await Promise.all(
      Array.from({ length: 6 }, () => as(owner).post('/billing/credits/purchase', { credits: 1000 }, { 'idempotency-key': 'race' })),
    );
    // The winner opens the page; the others are told it is being started, or get the same page.
    expect(racing.filter((answer) => answer.statusCode === 202 && !answer.json().duplicate)).toHaveLength(1);
    for (const answer of racing) expect([202, 409]).toContain(answer.statusCode);
    expect(stripe.sessionRequests.length - before).toBe(2);
    const rows = await t.database.db.select().from(paymentCheckouts).where(eq(paymentCheckouts.orgId, owner.user.org_id!));
    expect(rows).toHaveLength(2);
  });

  it('answers 502 and keeps nothing when Stripe cannot be reached; a retry with the same key starts afresh', async () => {
    const owner = await registerOwner(t.app);
    stripe.failing = true;
    const failed = await as(owner).post('/billing/credits/purchase', { credits: 1000 }, { 'idempotency-key': 'flaky' });
    stripe.failing = false;
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toEqual({
      detail: 'The payment provider (stripe) could not be reached. Nothing was charged; try again in a moment.',
      code: 'PAYMENT_PROVIDER_UNAVAILABLE',
    });
    expect(await t.database.db.select().from(paymentCheckouts).where(eq(paymentCheckouts.orgId, owner.user.org_id!))).toHaveLength(0);
    const retry = await as(owner).post('/billing/credits/purchase', { credits: 1000 }, { 'idempotency-key': 'flaky' });
    expect(retry.statusCode).toBe(202);
  });

  it('pays a plan for 30 days: it changes only with the webhook, does not renew by itself, and paying again extends it', async () => {
    const owner = await registerOwner(t.app);
    const api = as(owner);
    const upgrade = await api.post('/plan/upgrade', { plan_type: 'pro' });
    expect(upgrade.statusCode).toBe(202);
    const started = upgrade.json<{ checkout_url: string; checkout: { id: string } }>();
    expect(stripe.sessionRequests.at(-1)!.params).toMatchObject({
      'line_items[0][price_data][unit_amount]': '9900',
      'line_items[0][price_data][product_data][name]': 'Mosaic Pro plan, 30 days',
      success_url: `${PUBLIC_URL}/pricing?checkout=success&checkout_id=${started.checkout.id}`,
    });
    expect((await api.get('/billing/plan')).json()).toMatchObject({ type: 'free' });

    expect((await deliver(paid(sessionOf(started.checkout_url)))).json().outcome).toBe('completed');
    const plan = (await api.get('/billing/plan')).json<{ type: string; expires_at: string; days_left: number; is_active: boolean }>();
    expect(plan).toMatchObject({ type: 'pro', is_active: true, days_left: 30 });
    expect(Math.abs(Date.parse(plan.expires_at) - Date.now() - 30 * DAY_MS)).toBeLessThan(60_000);
    expect(await credits(owner)).toMatchObject({ total: 43_000, used: 0 });

    // Paying again before the end adds 30 days after the current end.
    const extend = (await api.post('/billing/plan/upgrade', { plan_type: 'pro' })).json<{ checkout_url: string }>();
    await deliver(paid(sessionOf(extend.checkout_url)));
    const extended = (await api.get('/billing/plan')).json<{ expires_at: string; days_left: number }>();
    expect(extended.days_left).toBe(60);
    expect(await credits(owner)).toMatchObject({ total: 83_000 });

    // Past its end the plan lapses: no free renewal grant, chats are refused.
    const orgId = owner.user.org_id!;
    const past = new Date(Date.now() - DAY_MS);
    await t.database.db.update(plans).set({ expiresAt: past }).where(eq(plans.orgId, orgId));
    await t.database.db.update(creditAccounts).set({ resetDate: past }).where(eq(creditAccounts.orgId, orgId));
    expect((await api.get('/billing/plan')).json()).toMatchObject({ type: 'pro', is_active: false, days_left: 0 });
    expect(await credits(owner)).toMatchObject({ total: 83_000 });
    const grants = (await api.get('/billing/credits/transactions?type=grant')).json<{ total: number }>();
    expect(grants.total).toBe(3);
  });
});

describe('Stripe configuration', () => {
  it('needs both keys, checks their shape and names every problem', () => {
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_abc' })).toThrow(/STRIPE_WEBHOOK_SECRET: required with STRIPE_SECRET_KEY/);
    expect(() => loadConfig({ STRIPE_WEBHOOK_SECRET: 'whsec_abc' })).toThrow(/STRIPE_SECRET_KEY: required with STRIPE_WEBHOOK_SECRET/);
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'pk_test_abc', STRIPE_WEBHOOK_SECRET: 'secret', STRIPE_CURRENCY: 'dollars' })).toThrow(
      /STRIPE_SECRET_KEY must be a Stripe secret key[\s\S]*STRIPE_WEBHOOK_SECRET must be the endpoint's signing secret[\s\S]*STRIPE_CURRENCY must be a three-letter/,
    );
    expect(loadConfig({}).stripe).toBeUndefined();
    expect(loadConfig({ STRIPE_SECRET_KEY: 'sk_live_abc', STRIPE_WEBHOOK_SECRET: 'whsec_abc', STRIPE_CURRENCY: 'EUR' }).stripe).toEqual({
      secretKey: 'sk_live_abc',
      webhookSecret: 'whsec_abc',
      currency: 'eur',
      apiBaseUrl: undefined,
    });
  });
});
