import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { paymentCheckouts } from '../../server/src/db/schema/index';
import { registerPaymentProvider } from '../../server/src/payments/index';
import { API, authHeaders, registerOwner, testEngine, type RegisteredOwner } from '../helpers/server';
import { appForSuite } from '../helpers/suite-fixtures';

interface LedgerRow {
  transaction_type: string;
  credits: number;
  balance_after: number;
}

/** An instant provider that counts the money it takes and gives back. */
function countingProvider(name: string) {
  const counts = { charges: 0, refunds: 0 };
  registerPaymentProvider({
    kind: 'instant',
    name,
    demo: true,
    charge: async () => {
      counts.charges += 1;
      return { status: 'succeeded', reference: `${name}_${counts.charges}` };
    },
    refund: async () => {
      counts.refunds += 1;
    },
  });
  return counts;
}

describe(`billing under concurrency (${testEngine})`, () => {
  const t = appForSuite();

  const post = (owner: RegisteredOwner, url: string, payload: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: `${API}${url}`, headers: { ...authHeaders(owner.access_token, owner.defaultSpace.id), ...headers }, payload });
  const get = (owner: RegisteredOwner, url: string) => t.app.inject({ method: 'GET', url: `${API}${url}`, headers: authHeaders(owner.access_token, owner.defaultSpace.id) });

  async function wholeLedger(owner: RegisteredOwner): Promise<LedgerRow[]> {
    const rows: LedgerRow[] = [];
    for (let offset = 0; ; offset += 100) {
      const page = (await get(owner, `/billing/credits/transactions?limit=100&offset=${offset}`)).json<{ transactions: LedgerRow[]; has_more: boolean }>();
      rows.push(...page.transactions);
      if (!page.has_more) return rows;
    }
  }
  const signed = (row: LedgerRow) => (row.transaction_type === 'debit' ? -row.credits : row.credits);

  it('charges once and writes one ledger row for many concurrent purchases with one Idempotency-Key', async () => {
    const counts = countingProvider('test_counting_key');
    const owner = await registerOwner(t.app);
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => post(owner, '/billing/credits/purchase', { credits: 1000, payment_method: 'test_counting_key' }, { 'idempotency-key': 'one-purchase' })),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(12).fill(200));
    const ids = new Set(answers.map((answer) => answer.json().transaction_id));
    expect(ids.size).toBe(1);
    expect(answers.filter((answer) => answer.json().duplicate === false)).toHaveLength(1);
    expect(counts).toEqual({ charges: 1, refunds: 0 });
    expect((await wholeLedger(owner)).filter((row) => row.transaction_type === 'purchase')).toHaveLength(1);
    expect((await get(owner, '/billing/credits')).json()).toMatchObject({ total: 4000, remaining: 4000 });
    expect(await t.database.db.select().from(paymentCheckouts).where(eq(paymentCheckouts.orgId, owner.user.org_id!))).toHaveLength(1);
  });

  it('keeps ledger and balance in agreement, never negative, when purchases race deductions', async () => {
    const owner = await registerOwner(t.app);
    const requests = [
      ...Array.from({ length: 40 }, () => ({ kind: 'deduct', send: () => post(owner, '/billing/credits/deduct', { amount: 100, feature_type: 'chat' }) })),
      ...Array.from({ length: 4 }, () => ({ kind: 'purchase', send: () => post(owner, '/billing/credits/purchase', { credits: 1000 }) })),
    ];
    // Interleave: a purchase every ten deductions.
    const order = requests.map((_, index) => index).sort((a, b) => (a % 11) - (b % 11) || a - b);
    const answers = await Promise.all(order.map(async (index) => ({ kind: requests[index]!.kind, response: await requests[index]!.send() })));
    const purchases = answers.filter((answer) => answer.kind === 'purchase').map((answer) => answer.response);
    const deductions = answers.filter((answer) => answer.kind === 'deduct').map((answer) => answer.response);
    expect(purchases.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200]);
    const accepted = deductions.filter((answer) => answer.statusCode === 200).length;
    expect(deductions.every((answer) => answer.statusCode === 200 || answer.json().code === 'INSUFFICIENT_CREDITS')).toBe(true);

    const credits = (await get(owner, '/billing/credits')).json<{ remaining: number; used: number; total: number }>();
    expect(credits.remaining).toBe(3000 + 4000 - 100 * accepted);
    expect(credits.remaining).toBeGreaterThanOrEqual(0);
    const ledger = await wholeLedger(owner);
    expect(ledger.reduce((sum, row) => sum + signed(row), 0)).toBe(credits.remaining);
    expect(ledger.filter((row) => row.transaction_type === 'debit')).toHaveLength(accepted);
    expect(ledger.every((row) => row.balance_after >= 0)).toBe(true);
  });

  it('lets one of two concurrent upgrades to the same plan through and gives the other payment back', async () => {
    const counts = countingProvider('test_counting_plan');
    const owner = await registerOwner(t.app);
    const answers = await Promise.all([0, 1].map(() => post(owner, '/billing/plan/upgrade', { plan_type: 'pro', payment_method: 'test_counting_plan' })));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    // Either the loser saw the plan changed before paying, or it paid and was refunded.
    expect(counts.charges - counts.refunds).toBe(1);
    expect((await get(owner, '/billing/credits')).json()).toMatchObject({ total: 43_000 });
    expect((await wholeLedger(owner)).filter((row) => row.transaction_type === 'grant')).toHaveLength(2);
  });
});
