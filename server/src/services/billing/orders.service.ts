/**
 * Paying for an order (a credit package or a plan), whichever kind of provider takes the money:
 *
 * - instant (demo payments): in ONE transaction the checkout row is written (it holds the
 *   Idempotency-Key), the provider charges, and the checkout completes — credits or plan, ledger
 *   row, audit entry. A declined charge or any failure rolls all of it back (and gives a taken
 *   payment back), so nothing is half-done. A second request with the same key waits for the
 *   first and answers with its result: one charge, one ledger row.
 * - hosted (Stripe Checkout): the checkout row is written, the provider opens a payment page and
 *   the answer carries its URL. Nothing moves until the signed webhook says it was paid
 *   (payment-events.service.ts).
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { paymentCheckouts } from '../../db/schema/index';
import { AppError, MESSAGES, PAYMENT_MESSAGES, conflict, paymentRequired } from '../../errors';
import { toMinorUnits, type HostedPaymentProvider, type InstantPaymentProvider, type PaymentProvider, type PaymentProviders } from '../../payments/index';
import type { AuditActor } from '../audit/audit.service';
import { completeCheckout } from './checkout-completion';
import { findCheckoutByKey, isPendingReference, ledgerKeyFor, reserveCheckout, type CheckoutRecord, type Order } from './checkouts';
import { applyDueRenewal } from './credits.service';
import { findByIdempotencyKey, type TransactionRecord } from './ledger';
import { currencyOf } from './payments';
import { API_ERROR_CODES } from '../../../../src/contract/errors';

export interface PayContext {
  providers: PaymentProviders;
  actor: AuditActor;
  ipAddress: string | null;
  /** Where the hosted payment page sends the buyer back to, per checkout. */
  returnUrls: (checkoutId: string, purpose: Order['purpose']) => { successUrl: string; cancelUrl: string };
  customerEmail?: string | undefined;
  /** Told why a provider call failed (the caller only sees that it did). */
  onProviderError?: (error: unknown) => void;
  now: Date;
}

export type Settlement =
  | { kind: 'completed'; checkout: CheckoutRecord; row: TransactionRecord; duplicate: boolean }
  /** A hosted checkout: pay at `url` (null once the checkout is closed). */
  | { kind: 'checkout'; checkout: CheckoutRecord; url: string | null; duplicate: boolean };

/** A repeated Idempotency-Key: the first attempt's outcome, nothing new. */
async function answerSeen(db: Db, providers: PaymentProviders, seen: CheckoutRecord): Promise<Settlement> {
  if (seen.status === 'completed') {
    const row = await findByIdempotencyKey(db, seen.orgId, ledgerKeyFor(seen.id));
    if (row) return { kind: 'completed', checkout: seen, row, duplicate: true };
  }
  if (seen.status === 'open' && isPendingReference(seen.providerRef)) throw new AppError(409, PAYMENT_MESSAGES.checkoutInProgress, API_ERROR_CODES.checkoutInProgress);
  const provider = providers.find(seen.provider);
  const url = seen.status === 'open' && provider?.kind === 'hosted' ? await provider.checkoutUrl(seen.providerRef) : null;
  return { kind: 'checkout', checkout: seen, url, duplicate: true };
}

async function payInstantly(db: Db, provider: InstantPaymentProvider, order: Order, ctx: PayContext): Promise<Settlement | null> {
  const currency = currencyOf(provider);
  const taken: { reference?: string } = {};
  try {
    return await db.transaction(async (tx) => {
      const checkout = await reserveCheckout(tx, order, provider.name, toMinorUnits(order.amount, currency), currency);
      if (!checkout) return null;
      const charge = await provider.charge({
        orgId: order.orgId,
        userId: order.userId,
        amount: order.amount,
        currency: currency.toUpperCase(),
        description: order.description,
        idempotencyKey: checkout.id,
      });
      if (charge.status === 'declined') throw paymentRequired(MESSAGES.paymentDeclined(charge.reason), 'PAYMENT_DECLINED');
      taken.reference = charge.reference;
      const completion = await completeCheckout(tx, checkout, {
        reference: charge.reference,
        actor: ctx.actor,
        ipAddress: ctx.ipAddress,
        planRenews: true,
        now: ctx.now,
      });
      if (completion.kind !== 'completed') throw conflict(PAYMENT_MESSAGES.checkoutInProgress);
      return { kind: 'completed' as const, checkout: completion.checkout, row: completion.row, duplicate: false };
    });
  } catch (error) {
    // Taken but not recorded (a conflict, a failed write or commit): nobody pays for nothing.
    if (taken.reference) await provider.refund(taken.reference);
    throw error;
  }
}

async function startHostedCheckout(db: Db, provider: HostedPaymentProvider, order: Order, ctx: PayContext): Promise<Settlement | null> {
  const checkout = await reserveCheckout(db, order, provider.name, toMinorUnits(order.amount, provider.currency), provider.currency);
  if (!checkout) return null;
  let started;
  try {
    started = await provider.createCheckout({
      checkoutId: checkout.id,
      orgId: order.orgId,
      purpose: order.purpose,
      description: order.description,
      amountMinor: checkout.amountCents,
      currency: provider.currency,
      ...ctx.returnUrls(checkout.id, order.purpose),
      customerEmail: ctx.customerEmail,
    });
  } catch (error) {
    // No page was opened: forget the attempt so a retry with the same key starts afresh.
    await db.delete(paymentCheckouts).where(and(eq(paymentCheckouts.id, checkout.id), eq(paymentCheckouts.status, 'open')));
    ctx.onProviderError?.(error);
    throw new AppError(502, PAYMENT_MESSAGES.providerUnavailable(provider.name), 'PAYMENT_PROVIDER_UNAVAILABLE');
  }
  const [opened] = await db.update(paymentCheckouts).set({ providerRef: started.reference }).where(eq(paymentCheckouts.id, checkout.id)).returning();
  return { kind: 'checkout', checkout: opened ?? checkout, url: started.url, duplicate: false };
}

/** Pays for `order` through `provider`; a seen Idempotency-Key answers with the first attempt. */
export async function payForOrder(db: Db, provider: PaymentProvider, order: Order, ctx: PayContext): Promise<Settlement> {
  if (order.idempotencyKey) {
    const seen = await findCheckoutByKey(db, order.orgId, order.idempotencyKey);
    if (seen) return answerSeen(db, ctx.providers, seen);
  }
  let settled: Settlement | null;
  if (provider.kind === 'instant') {
    await applyDueRenewal(db, order.orgId, ctx.now);
    settled = await payInstantly(db, provider, order, ctx);
  } else {
    settled = await startHostedCheckout(db, provider, order, ctx);
  }
  if (settled) return settled;
  // Lost the race for the key to a concurrent request, which has finished by now.
  const seen = await findCheckoutByKey(db, order.orgId, order.idempotencyKey!);
  if (!seen) throw new AppError(409, PAYMENT_MESSAGES.checkoutInProgress, API_ERROR_CODES.checkoutInProgress);
  return answerSeen(db, ctx.providers, seen);
}
