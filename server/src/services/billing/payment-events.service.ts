/**
 * A verified webhook event from a hosted provider (Stripe), applied exactly once: the event id is
 * recorded in payment_events in the same transaction as its effect, so a redelivered or
 * concurrently delivered event changes nothing the second time; and the checkout completes at
 * most once (checkout-completion.ts), so two different events for one checkout credit it once.
 */
import { and, eq } from 'drizzle-orm';
import type { Db, DbExecutor } from '../../db/database';
import { isUuid } from '../../db/ids';
import { paymentCheckouts, paymentEvents } from '../../db/schema/index';
import type { HostedPaymentProvider, PaymentEvent } from '../../payments/index';
import { completeCheckout } from './checkout-completion';
import { findCheckout, findCheckoutByReference, type CheckoutRecord } from './checkouts';

export type EventOutcome =
  /** Credits or the plan were applied now. */
  | 'completed'
  /** The checkout was completed earlier (by another event): nothing moved. */
  | 'already_completed'
  /** This event id was handled before: nothing moved. */
  | 'duplicate'
  /** Paid later (bank debit, voucher): waiting for async_payment_succeeded. */
  | 'pending'
  | 'failed'
  | 'expired'
  /** Paid amount or currency differ from the checkout's: nothing credited, checkout failed. */
  | 'amount_mismatch'
  | 'unknown_checkout'
  | 'ignored';

export interface EventLog {
  warn: (details: Record<string, unknown>, message: string) => void;
  error: (details: Record<string, unknown>, message: string) => void;
}

type CheckoutEvent = Extract<PaymentEvent, { reference: string }>;

async function checkoutFor(db: DbExecutor, provider: string, event: CheckoutEvent): Promise<CheckoutRecord | undefined> {
  // The session carries Mosaic's checkout id; it must also be the session that checkout opened.
  if (event.checkoutId && isUuid(event.checkoutId)) {
    const byId = await findCheckout(db, event.checkoutId);
    if (byId && byId.provider === provider && byId.providerRef === event.reference) return byId;
  }
  return findCheckoutByReference(db, provider, event.reference);
}

async function closeCheckout(tx: DbExecutor, checkout: CheckoutRecord, status: 'failed' | 'expired'): Promise<void> {
  await tx
    .update(paymentCheckouts)
    .set({ status })
    .where(and(eq(paymentCheckouts.id, checkout.id), eq(paymentCheckouts.status, 'open')));
}

export async function handlePaymentEvent(db: Db, provider: HostedPaymentProvider, event: PaymentEvent, log: EventLog, now = new Date()): Promise<EventOutcome> {
  if (event.outcome === 'ignored') return 'ignored';
  const checkout = await checkoutFor(db, provider.name, event);
  if (!checkout) {
    // Another installation's session on the same Stripe account, or a test event: acknowledged
    // (a 4xx would make Stripe retry for days) and logged.
    log.warn({ eventId: event.id, type: event.type, reference: event.reference }, 'Payment event for an unknown checkout ignored');
    return 'unknown_checkout';
  }

  return db.transaction(async (tx): Promise<EventOutcome> => {
    // A concurrent delivery of the same event waits here for the first one's transaction.
    const [fresh] = await tx
      .insert(paymentEvents)
      .values({ eventId: event.id, provider: provider.name, type: event.type, receivedAt: now })
      .onConflictDoNothing({ target: paymentEvents.eventId })
      .returning({ eventId: paymentEvents.eventId });
    if (!fresh) return 'duplicate';

    if (event.outcome === 'pending') return 'pending';
    if (event.outcome === 'failed' || event.outcome === 'expired') {
      await closeCheckout(tx, checkout, event.outcome);
      return event.outcome;
    }
    if (event.amountMinor !== checkout.amountCents || event.currency?.toLowerCase() !== checkout.currency.toLowerCase()) {
      log.error(
        { eventId: event.id, checkoutId: checkout.id, paid: `${event.amountMinor} ${event.currency}`, expected: `${checkout.amountCents} ${checkout.currency}` },
        'Paid amount differs from the checkout: nothing credited',
      );
      await closeCheckout(tx, checkout, 'failed');
      return 'amount_mismatch';
    }
    const completion = await completeCheckout(tx, checkout, {
      reference: event.reference,
      actor: null,
      eventId: event.id,
      planRenews: false,
      now,
    });
    return completion.kind === 'completed' ? 'completed' : 'already_completed';
  });
}
