/**
 * A small billing backend for the fake API: a plan, a balance and a ledger in memory, answering
 * the billing calls the way the real server does (shapes of spec 001 §3).
 */
import type { FakeApi, RecordedCall } from '../app/support/fake-api';
import type { Checkout, Credits, Plan, Transaction } from '../../../src/contract/billing';
import { CREDIT_PACKAGES, PLAN_CATALOGUE, cataloguePlan } from '../../../src/contract/billing-catalogue';

export interface FakeBilling {
  plan: Plan;
  credits: Credits;
  ledger: Transaction[];
  addTransaction: (input: Partial<Transaction> & Pick<Transaction, 'credits' | 'transaction_type'>) => Transaction;
  /** Checkouts opened with Stripe, by id (GET /billing/checkouts/{id} answers from here). */
  checkouts: Map<string, Checkout>;
  /** A checkout as the server would have it (e.g. one the buyer returns from). */
  addCheckout: (input: Partial<Checkout> & Pick<Checkout, 'id'>) => Checkout;
  /** What the signed webhook does: the checkout completes and its credits or plan are applied. */
  completeCheckout: (id: string) => void;
}

export interface FakeBillingOptions {
  plan?: Partial<Plan>;
  credits?: Partial<Credits>;
  /** demo: purchases and plan changes apply at once; stripe: they answer 202 with a payment page. */
  payments?: 'demo' | 'stripe';
}

let sequence = 0;

export function installFakeBilling(api: FakeApi, overrides: FakeBillingOptions = {}): FakeBilling {
  const stripe = overrides.payments === 'stripe';
  const billing: FakeBilling = {
    plan: { id: 'plan-1', name: 'Free Trial', type: 'free', days_left: 12, expires_at: '2099-01-01T00:00:00.000Z', is_active: true, ...overrides.plan },
    credits: { used: 1200, total: 3000, remaining: 1800, reset_date: '2099-01-01T00:00:00.000Z', last_updated: '2026-01-01T00:00:00.000Z', ...overrides.credits },
    ledger: [],
    addTransaction: (input) => {
      sequence += 1;
      const id = `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`;
      const row: Transaction = {
        id,
        transaction_id: id,
        feature: 'chat',
        activity: `Activity ${sequence}`,
        agent_name: null,
        mode: null,
        base_credits: null,
        status: 'completed',
        activity_details: null,
        related_to: null,
        balance_after: billing.credits.remaining,
        space_id: 's1',
        user_id: 'u-1',
        created_at: new Date(Date.UTC(2026, 0, 1, 0, sequence)).toISOString(),
        ...input,
      };
      billing.ledger.unshift(row);
      return row;
    },
    checkouts: new Map(),
    addCheckout: (input) => {
      const checkout: Checkout = {
        status: 'open',
        purpose: 'credits',
        credits: 5000,
        bonus: 500,
        plan_type: null,
        amount: 50,
        currency: 'USD',
        created_at: '2026-01-01T00:00:00.000Z',
        completed_at: null,
        ...input,
      };
      billing.checkouts.set(checkout.id, checkout);
      api.on(`GET /billing/checkouts/${checkout.id}`, () => ok(billing.checkouts.get(checkout.id)));
      return checkout;
    },
    completeCheckout: (id) => {
      const checkout = billing.checkouts.get(id)!;
      billing.checkouts.set(id, { ...checkout, status: 'completed', completed_at: '2026-01-01T00:01:00.000Z' });
      if (checkout.purpose === 'plan') return applyPlan(checkout.plan_type!, true);
      const added = checkout.credits + checkout.bonus;
      billing.credits = { ...billing.credits, total: billing.credits.total + added, remaining: billing.credits.remaining + added };
      billing.addTransaction({ credits: added, transaction_type: 'purchase', feature: 'credits', activity: `Bought ${checkout.credits.toLocaleString('en-US')} credits` });
    },
  };
  let checkoutSequence = 0;
  const openCheckout = (input: Partial<Checkout>) => {
    checkoutSequence += 1;
    const checkout = billing.addCheckout({ id: `chk-${checkoutSequence}`, ...input });
    return { status: 202, body: { success: true, checkout_url: `https://checkout.stripe.test/c/pay/cs_${checkoutSequence}`, checkout, duplicate: false } };
  };
  const applyPlan = (type: string, paidOnce: boolean) => {
    const offer = cataloguePlan(type)!;
    billing.plan = { ...billing.plan, type: offer.type, name: offer.name, expires_at: paidOnce ? '2099-02-01T00:00:00.000Z' : null, days_left: 30 };
    billing.credits = { ...billing.credits, used: 0, total: billing.credits.remaining + offer.credits, remaining: billing.credits.remaining + offer.credits };
    billing.addTransaction({ credits: offer.credits, transaction_type: 'grant', feature: 'plan', activity: `Changed plan to ${offer.name}` });
  };
  const ok = (body: unknown) => ({ status: 200, body });

  api.on('GET /billing/plans', () =>
    ok({
      plans: PLAN_CATALOGUE,
      credit_packages: CREDIT_PACKAGES,
      currency: 'USD',
      payments: stripe ? { provider: 'stripe', checkout: 'hosted', demo: false } : { provider: 'mock', checkout: 'instant', demo: true },
    }),
  );
  api.on('GET /billing/plan', () => ok(billing.plan));
  api.on('GET /billing/credits', () => ok(billing.credits));
  api.on('GET /billing/credits/transactions', (call: RecordedCall) => {
    const limit = Number(call.query.get('limit') ?? 20);
    const offset = Number(call.query.get('offset') ?? 0);
    const feature = call.query.get('feature');
    const type = call.query.get('type');
    const rows = billing.ledger.filter((row) => (!feature || row.feature === feature) && (!type || row.transaction_type === type));
    return ok({ transactions: rows.slice(offset, offset + limit), total: rows.length, has_more: offset + limit < rows.length, limit, offset });
  });
  api.on('GET /billing/analytics/usage-breakdown', (call) => {
    const group = call.query.get('group_by') ?? 'feature';
    const debits = billing.ledger.filter((row) => row.transaction_type === 'debit');
    const groups = new Map<string | null, number>();
    for (const row of debits) {
      const key = group === 'agent' ? row.agent_name : row.feature;
      groups.set(key, (groups.get(key) ?? 0) + row.credits);
    }
    const total = [...groups.values()].reduce((a, b) => a + b, 0);
    return ok({
      period: call.query.get('period') ?? '30d',
      group_by: group,
      total_credits_used: total,
      breakdown: [...groups.entries()].map(([key, credits]) => ({ key, label: key ?? 'Without an agent', credits, transactions: 1, percentage: Math.round((credits / total) * 1000) / 10 })),
    });
  });
  api.on('GET /billing/analytics/recent-activity', () =>
    ok({
      activities: billing.ledger.slice(0, 6).map((row) => ({
        id: row.id,
        activity: row.activity ?? row.feature,
        feature: row.feature,
        agent_name: row.agent_name,
        credits: row.credits,
        transaction_type: row.transaction_type,
        status: row.status,
        user_name: 'Ada',
        created_at: row.created_at,
      })),
    }),
  );
  api.on('POST /billing/credits/purchase', (call) => {
    const body = call.body as { credits: number; bonus: number; price: number };
    const pack = CREDIT_PACKAGES.find((item) => item.credits === body.credits);
    if (!pack || pack.bonus !== body.bonus || pack.price !== body.price) return { status: 409, body: { detail: 'stale', code: 'CREDIT_PACKAGE_CHANGED' } };
    if (stripe) return openCheckout({ purpose: 'credits', credits: pack.credits, bonus: pack.bonus, amount: pack.price });
    const added = pack.credits + pack.bonus;
    billing.credits = { ...billing.credits, total: billing.credits.total + added, remaining: billing.credits.remaining + added };
    const row = billing.addTransaction({ credits: added, transaction_type: 'purchase', feature: 'credits', activity: `Bought ${pack.credits.toLocaleString('en-US')} credits` });
    return ok({ success: true, transaction_id: row.id, credits_added: added, credits_remaining: billing.credits.remaining, duplicate: false });
  });
  api.on('POST /billing/plan/upgrade', (call) => {
    const { plan_type } = call.body as { plan_type: string };
    const offer = cataloguePlan(plan_type);
    if (!offer) return { status: 422, body: { detail: 'Validation error', code: 'VALIDATION_ERROR' } };
    if (stripe) return openCheckout({ purpose: 'plan', credits: offer.credits, bonus: 0, plan_type: offer.type, amount: offer.price_monthly });
    applyPlan(offer.type, false);
    return ok({ success: true, message: `Your organisation is now on the ${offer.name} plan`, transaction_id: 'x', plan: billing.plan, credits: billing.credits });
  });
  return billing;
}
