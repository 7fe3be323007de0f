import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { creditAccounts, creditTransactions, plans } from '../../server/src/db/schema/index';
import { AppError } from '../../server/src/errors';
import { chargeChat, refundCharge } from '../../server/src/services/billing/chat-billing';
import { chatCost } from '../../src/contract/chat';
import { API, authHeaders, registerOwner, testEngine, type RegisteredOwner, type TestApp } from '../helpers/server';
import { appForSuite } from '../helpers/suite-fixtures';

/** Remaining balance as the ledger tells it: every inflow minus every debit. */
async function ledgerBalance(t: TestApp, orgId: string): Promise<number> {
  const [row] = await t.database.db
    .select({
      balance: sql<number>`coalesce(sum(case when ${creditTransactions.transactionType} = 'debit' then -${creditTransactions.credits} else ${creditTransactions.credits} end), 0)`.mapWith(Number),
    })
    .from(creditTransactions)
    .where(eq(creditTransactions.orgId, orgId));
  return row!.balance;
}

async function accountOf(t: TestApp, orgId: string) {
  const [account] = await t.database.db.select().from(creditAccounts).where(eq(creditAccounts.orgId, orgId));
  return account!;
}

describe(`credits ledger (${testEngine})`, () => {
  const t = appForSuite();

  const deduct = (owner: RegisteredOwner, payload: object, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: `${API}/billing/credits/deduct`,
      headers: { ...authHeaders(owner.access_token, owner.defaultSpace.id), ...headers },
      payload,
    });
  const credits = async (owner: RegisteredOwner) =>
    (await t.app.inject({ method: 'GET', url: `${API}/billing/credits`, headers: authHeaders(owner.access_token, owner.defaultSpace.id) })).json();

  it('starts a new organisation with a trial grant in the ledger that matches the balance', async () => {
    const owner = await registerOwner(t.app);
    expect(await ledgerBalance(t, owner.user.org_id!)).toBe(3000);
    expect(await credits(owner)).toMatchObject({ used: 0, total: 3000, remaining: 3000 });
  });

  it('lets exactly 30 of 100 concurrent deductions through a balance that covers 30, never below zero', async () => {
    const owner = await registerOwner(t.app);
    const orgId = owner.user.org_id!;
    let lowestSeen = Number.POSITIVE_INFINITY;
    let racing = true;
    // Reads the balance while the deductions race, to catch a moment where it dips below zero.
    const watcher = (async () => {
      while (racing) {
        const account = await accountOf(t, orgId);
        lowestSeen = Math.min(lowestSeen, account.total - account.used);
        // PGlite answers within microtasks; yielding a macrotask lets the requests progress.
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    const responses = await Promise.all(
      Array.from({ length: 100 }, (_, index) => deduct(owner, { amount: 100, feature_type: 'chat', description: `Charge ${index}` })),
    );
    racing = false;
    await watcher;

    const succeeded = responses.filter((response) => response.statusCode === 200);
    const refused = responses.filter((response) => response.statusCode === 402);
    expect(succeeded).toHaveLength(30);
    expect(refused).toHaveLength(70);
    expect(refused[0]!.json()).toEqual({ detail: 'Insufficient credits', code: 'INSUFFICIENT_CREDITS' });
    expect(new Set(succeeded.map((response) => response.json().transaction_id)).size).toBe(30);

    const account = await accountOf(t, orgId);
    expect(account).toMatchObject({ used: 3000, total: 3000 });
    expect(lowestSeen).toBeGreaterThanOrEqual(0);
    const debits = await t.database.db.select().from(creditTransactions).where(eq(creditTransactions.orgId, orgId));
    expect(debits.filter((row) => row.transactionType === 'debit')).toHaveLength(30);
    expect(await ledgerBalance(t, orgId)).toBe(account.total - account.used);
    // Each row's balance_after is a distinct step of the way down: 2900, 2800, …, 0.
    const steps = debits.filter((row) => row.transactionType === 'debit').map((row) => row.balanceAfter).sort((a, b) => b - a);
    expect(steps).toEqual(Array.from({ length: 30 }, (_, index) => 2900 - index * 100));
  });

  it('charges an Idempotency-Key once, even when the same request races itself', async () => {
    const owner = await registerOwner(t.app);
    const key = { 'idempotency-key': 'chat_message:5d0c0f0e-1111-4a4a-9b9b-000000000001' };
    const responses = await Promise.all(Array.from({ length: 5 }, () => deduct(owner, { amount: 40 }, key)));
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const ids = new Set(responses.map((response) => response.json().transaction_id));
    expect(ids.size).toBe(1);
    expect(responses.filter((response) => response.json().duplicate === false)).toHaveLength(1);
    expect(await credits(owner)).toMatchObject({ used: 40, remaining: 2960 });
  });

  it('treats the same related_to without a key as the same deduction', async () => {
    const owner = await registerOwner(t.app);
    const payload = { amount: 25, feature_type: 'knowledge', related_to: { type: 'document', id: 'doc-42' } };
    const first = await deduct(owner, payload);
    const second = await deduct(owner, payload);
    expect(first.json()).toMatchObject({ success: true, credits_remaining: 2975, credits_charged: 25, duplicate: false });
    expect(second.json()).toMatchObject({
      success: true,
      credits_remaining: 2975,
      transaction_id: first.json().transaction_id,
      credits_charged: 0,
      duplicate: true,
    });
    const other = await deduct(owner, { ...payload, related_to: { type: 'document', id: 'doc-43' } });
    expect(other.json().credits_remaining).toBe(2950);
  });

  it('answers the client deduct after a server-side chat charge with the same transaction and no second charge', async () => {
    const owner = await registerOwner(t.app);
    const messageId = 'a8f1c3e2-0000-4000-8000-000000000007';
    const charge = await chargeChat(t.database.db, {
      orgId: owner.user.org_id!,
      spaceId: owner.defaultSpace.id,
      userId: owner.user.id,
      agentSlug: 'seo',
      agentName: 'SEO Agent',
      mode: 'medium',
      sessionId: 'session-1',
      messageId,
      activity: 'Write me a long plan for the spring campaign across every channel we have',
      idempotencyKey: `chat_message:${messageId}`,
    });
    expect(charge).toMatchObject({ credits: 30, creditsRemaining: 2970 });
    const replay = await deduct(owner, { amount: 30, feature_type: 'chat' }, { 'idempotency-key': `chat_message:${messageId}` });
    expect(replay.json()).toMatchObject({ success: true, transaction_id: charge.transactionId, credits_remaining: 2970, duplicate: true });
    const [row] = await t.database.db.select().from(creditTransactions).where(eq(creditTransactions.id, charge.transactionId));
    // Spec 001 §5: activity cut to 50 characters in chat transactions.
    expect(row).toMatchObject({ feature: 'chat', mode: 'medium', agentName: 'SEO Agent', baseCredits: 20, relatedType: 'chat_session', relatedId: 'session-1' });
    expect(row!.activity).toHaveLength(50);
  });

  it('prices chats by mode, rounding up', () => {
    expect([chatCost('normal'), chatCost('medium'), chatCost('max')]).toEqual([20, 30, 40]);
    expect(chatCost('medium', 7)).toBe(11);
  });

  it('refuses chats with the agents texts when the plan expired or the balance is short', async () => {
    const owner = await registerOwner(t.app);
    const orgId = owner.user.org_id!;
    const input = {
      orgId,
      spaceId: owner.defaultSpace.id,
      userId: owner.user.id,
      agentSlug: 'cmo',
      agentName: 'CMO',
      mode: 'max' as const,
      sessionId: 's',
      messageId: 'm',
      activity: 'hi',
      idempotencyKey: 'chat_message:short',
    };
    await t.database.db.update(creditAccounts).set({ used: 2970 }).where(eq(creditAccounts.orgId, orgId));
    const short = await chargeChat(t.database.db, input).catch((error: unknown) => error);
    expect(short).toBeInstanceOf(AppError);
    expect(short).toMatchObject({
      statusCode: 402,
      code: 'INSUFFICIENT_CREDITS',
      detail: 'Insufficient credits. This operation requires 40 credits, but you only have 30 remaining.',
    });
    await t.database.db.update(plans).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(plans.orgId, orgId));
    const expired = await chargeChat(t.database.db, { ...input, idempotencyKey: 'chat_message:expired' }).catch((error: unknown) => error);
    expect(expired).toMatchObject({
      statusCode: 402,
      code: 'PLAN_EXPIRED',
      detail: 'Your free plan has expired. Please upgrade your plan to continue using AI agents.',
    });
    const viaHttp = await deduct(owner, { amount: 1 });
    expect(viaHttp.statusCode).toBe(402);
    expect(viaHttp.json().code).toBe('PLAN_EXPIRED');
  });

  it('refunds a charge once however often, and concurrently, it is asked', async () => {
    const owner = await registerOwner(t.app);
    const orgId = owner.user.org_id!;
    const charge = await chargeChat(t.database.db, {
      orgId,
      spaceId: owner.defaultSpace.id,
      userId: owner.user.id,
      agentSlug: 'email',
      agentName: 'Email',
      mode: 'max',
      sessionId: 's2',
      messageId: 'm2',
      activity: 'Draft a newsletter',
      idempotencyKey: 'chat_message:m2',
    });
    await Promise.all([refundCharge(t.database.db, charge.transactionId, 'Reply failed'), refundCharge(t.database.db, charge.transactionId, 'Reply failed')]);
    await refundCharge(t.database.db, charge.transactionId, 'Reply failed again');
    const rows = await t.database.db.select().from(creditTransactions).where(eq(creditTransactions.orgId, orgId));
    expect(rows.filter((row) => row.transactionType === 'refund')).toHaveLength(1);
    expect(rows.find((row) => row.id === charge.transactionId)?.status).toBe('refunded');
    expect(await credits(owner)).toMatchObject({ used: 0, remaining: 3000 });
    expect(await ledgerBalance(t, orgId)).toBe(3000);
    await expect(refundCharge(t.database.db, 'not-a-transaction', 'x')).rejects.toMatchObject({ statusCode: 404 });
  });
});
