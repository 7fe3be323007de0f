/**
 * payment_checkouts: one row per payment attempt (a credit package or a plan), whatever the
 * provider. The row is written before any money moves and carries the Idempotency-Key, so two
 * requests with one key can never both pay; its status flips from `open` to `completed` exactly
 * once, in the transaction that credits the organisation.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { DbExecutor } from '../../db/database';
import { isUuid } from '../../db/ids';
import { paymentCheckouts } from '../../db/schema/index';
import { fromMinorUnits } from '../../payments/currency';
import type { Checkout, CheckoutStatus } from '../../../../src/contract/billing';
import type { PaidPlanType } from '../../../../src/contract/billing-catalogue';

export type CheckoutRecord = typeof paymentCheckouts.$inferSelect;

/** What is being paid for. Amounts come from the catalogue, never from the request. */
export interface Order {
  orgId: string;
  spaceId: string;
  userId: string;
  purpose: 'credits' | 'plan';
  /** Package credits (credits) or the plan's credits per cycle (plan). */
  credits: number;
  bonus: number;
  planType: PaidPlanType | null;
  /** Whole units of the currency (the catalogue's price). */
  amount: number;
  /** What the buyer sees on the payment page and in the ledger. */
  description: string;
  /** The caller's Idempotency-Key, namespaced by purpose; null when none was sent. */
  idempotencyKey: string | null;
}

/** A provider reference that is not real yet: the row exists, the provider has not answered. */
export const PENDING_REFERENCE_PREFIX = 'pending:';

export function isPendingReference(reference: string): boolean {
  return reference.startsWith(PENDING_REFERENCE_PREFIX);
}

/**
 * Writes the checkout row, or returns null when this organisation already has one with the same
 * idempotency key. On PostgreSQL a concurrent insert with the same key waits for the first
 * transaction to finish, so a loser never pays while the winner is still paying.
 */
export async function reserveCheckout(db: DbExecutor, order: Order, provider: string, amountMinor: number, currency: string): Promise<CheckoutRecord | null> {
  const [row] = await db
    .insert(paymentCheckouts)
    .values({
      orgId: order.orgId,
      userId: order.userId,
      spaceId: order.spaceId,
      provider,
      providerRef: `${PENDING_REFERENCE_PREFIX}${randomUUID()}`,
      purpose: order.purpose,
      credits: order.credits,
      bonus: order.bonus,
      planType: order.planType,
      amountCents: amountMinor,
      currency,
      status: 'open',
      idempotencyKey: order.idempotencyKey,
    })
    .onConflictDoNothing({ target: [paymentCheckouts.orgId, paymentCheckouts.idempotencyKey] })
    .returning();
  return row ?? null;
}

export async function findCheckoutByKey(db: DbExecutor, orgId: string, key: string): Promise<CheckoutRecord | undefined> {
  const [row] = await db
    .select()
    .from(paymentCheckouts)
    .where(and(eq(paymentCheckouts.orgId, orgId), eq(paymentCheckouts.idempotencyKey, key)))
    .limit(1);
  return row;
}

export async function findCheckout(db: DbExecutor, id: string): Promise<CheckoutRecord | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db.select().from(paymentCheckouts).where(eq(paymentCheckouts.id, id)).limit(1);
  return row;
}

export async function findCheckoutByReference(db: DbExecutor, provider: string, reference: string): Promise<CheckoutRecord | undefined> {
  const [row] = await db
    .select()
    .from(paymentCheckouts)
    .where(and(eq(paymentCheckouts.provider, provider), eq(paymentCheckouts.providerRef, reference)))
    .limit(1);
  return row;
}

/** The ledger's idempotency key of the row a completed checkout wrote: one row per checkout. */
export function ledgerKeyFor(checkoutId: string): string {
  return `checkout:${checkoutId}`;
}

/** A checkout as the API answers it (GET /billing/checkouts/{id}, and inside a purchase's answer). */
export type CheckoutResponse = Checkout;

export function toCheckoutResponse(row: CheckoutRecord): CheckoutResponse {
  return {
    id: row.id,
    status: row.status as CheckoutStatus,
    purpose: row.purpose as 'credits' | 'plan',
    credits: row.credits,
    bonus: row.bonus,
    plan_type: row.planType,
    amount: fromMinorUnits(row.amountCents, row.currency),
    currency: row.currency.toUpperCase(),
    created_at: row.createdAt.toISOString(),
    completed_at: row.completedAt?.toISOString() ?? null,
  };
}
