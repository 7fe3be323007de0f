/**
 * The one place a payment turns into credits or a plan: the checkout flips open → completed with
 * a conditional UPDATE (only one caller can win it, however many webhook deliveries or retries
 * race), and in the same transaction the ledger row is written and `payments.checkout_completed`
 * is recorded in the audit log. Call it inside a transaction.
 */
import { and, eq } from 'drizzle-orm';
import type { DbExecutor } from '../../db/database';
import { paymentCheckouts, spaces } from '../../db/schema/index';
import { recordAudit, type AuditActor } from '../audit/audit.service';
import { findCheckout, ledgerKeyFor, type CheckoutRecord } from './checkouts';
import { addToBalance, recordRow, type TransactionRecord } from './ledger';
import { formatAmount } from './payments';
import { applyPlanPayment } from './plan-application';
import { PAID_PLAN_TYPES, type PaidPlanType } from '../../../../src/contract/billing-catalogue';
import { fromMinorUnits } from '../../payments/currency';

export interface CompletionContext {
  /** The provider's reference for the payment (Stripe: the Checkout Session id). */
  reference: string;
  /** Who paid, when known (demo payments); null for webhooks, which nobody signs in for. */
  actor: AuditActor | null;
  ipAddress?: string | null;
  /** The webhook event that reported the payment. */
  eventId?: string | null;
  /** Demo payments renew plans by themselves; a hosted payment buys one 30-day period. */
  planRenews: boolean;
  now: Date;
}

export type Completion =
  | { kind: 'completed'; checkout: CheckoutRecord; row: TransactionRecord }
  /** Someone completed (or closed) it first: nothing moved this time. */
  | { kind: 'already'; checkout: CheckoutRecord };

/** The checkout's space, unless it was deleted since (the ledger row then has none). */
async function existingSpaceId(tx: DbExecutor, spaceId: string | null): Promise<string | null> {
  if (!spaceId) return null;
  const [row] = await tx.select({ id: spaces.id }).from(spaces).where(eq(spaces.id, spaceId)).limit(1);
  return row?.id ?? null;
}

function isPaidPlanType(value: string | null): value is PaidPlanType {
  return value !== null && (PAID_PLAN_TYPES as readonly string[]).includes(value);
}

async function creditPurchase(tx: DbExecutor, checkout: CheckoutRecord, spaceId: string | null, ctx: CompletionContext): Promise<TransactionRecord> {
  const credits = checkout.credits + checkout.bonus;
  const remaining = await addToBalance(tx, checkout.orgId, credits, ctx.now);
  const price = formatAmount(fromMinorUnits(checkout.amountCents, checkout.currency), checkout.currency);
  return recordRow(
    tx,
    'purchase',
    {
      orgId: checkout.orgId,
      spaceId,
      userId: checkout.userId,
      credits,
      baseCredits: checkout.credits,
      feature: 'credits',
      activity: `Bought ${checkout.credits.toLocaleString('en-US')} credits`,
      activityDetails: `${checkout.bonus > 0 ? `+${checkout.bonus.toLocaleString('en-US')} bonus, ` : ''}${price} via ${checkout.provider} (${ctx.reference})`,
      idempotencyKey: ledgerKeyFor(checkout.id),
    },
    remaining,
    ctx.now,
  );
}

export async function completeCheckout(tx: DbExecutor, checkout: CheckoutRecord, ctx: CompletionContext): Promise<Completion> {
  const [claimed] = await tx
    .update(paymentCheckouts)
    .set({ status: 'completed', completedAt: ctx.now, providerRef: ctx.reference })
    .where(and(eq(paymentCheckouts.id, checkout.id), eq(paymentCheckouts.status, 'open')))
    .returning();
  if (!claimed) return { kind: 'already', checkout: (await findCheckout(tx, checkout.id)) ?? checkout };

  const spaceId = await existingSpaceId(tx, claimed.spaceId);
  let row: TransactionRecord;
  if (claimed.purpose === 'plan') {
    if (!isPaidPlanType(claimed.planType)) throw new Error(`Checkout ${claimed.id} is for a plan but names no paid plan type`);
    const price = formatAmount(fromMinorUnits(claimed.amountCents, claimed.currency), claimed.currency);
    row = await applyPlanPayment(tx, {
      orgId: claimed.orgId,
      spaceId,
      userId: claimed.userId,
      planType: claimed.planType,
      renews: ctx.planRenews,
      paymentNote: `${price} ${ctx.planRenews ? 'per month' : 'for 30 days'} via ${claimed.provider} (${ctx.reference})`,
      ledgerKey: ledgerKeyFor(claimed.id),
      now: ctx.now,
    });
  } else {
    row = await creditPurchase(tx, claimed, spaceId, ctx);
  }

  await recordAudit(tx, {
    action: 'payments.checkout_completed',
    actor: ctx.actor,
    orgId: claimed.orgId,
    target: { type: 'payment_checkout', id: claimed.id },
    ipAddress: ctx.ipAddress ?? null,
    details: {
      provider: claimed.provider,
      reference: ctx.reference,
      event_id: ctx.eventId ?? null,
      purpose: claimed.purpose,
      credits: claimed.credits,
      bonus: claimed.bonus,
      plan_type: claimed.planType,
      amount_minor: claimed.amountCents,
      currency: claimed.currency,
      transaction_id: row.id,
    },
  });
  return { kind: 'completed', checkout: claimed, row };
}
