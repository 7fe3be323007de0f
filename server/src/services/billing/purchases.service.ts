import type { DbExecutor } from '../../db/database';
import { AppError, MESSAGES } from '../../errors';
import { applyDueRenewal } from './credits.service';
import { findByIdempotencyKey, recordCredit, remainingCredits, type TransactionRecord } from './ledger';
import { dollars, providerFor, recordOrRefund, takePayment } from './payments';
import { creditPackageFor } from './plan-catalogue';

export interface PurchaseInput {
  orgId: string;
  spaceId: string;
  userId: string;
  credits: number;
  /** Optional echo of the package's bonus and price the buyer saw; must match the catalogue. */
  bonus?: number | undefined;
  price?: number | undefined;
  paymentMethod: string;
  idempotencyKey?: string | undefined;
}

export interface CreditChangeResponse {
  success: true;
  transaction_id: string;
  credits_added: number;
  credits_remaining: number;
  /** True when the Idempotency-Key was seen before: nothing new was charged or added. */
  duplicate: boolean;
}

async function responseFor(db: DbExecutor, row: TransactionRecord, duplicate: boolean): Promise<CreditChangeResponse> {
  return {
    success: true,
    transaction_id: row.id,
    credits_added: row.credits,
    credits_remaining: await remainingCredits(db, row.orgId),
    duplicate,
  };
}

/**
 * Buys a credit package (POST /billing/credits/purchase). Prices come from the server's catalogue,
 * never from the request: `bonus` and `price`, when sent, must match it (a stale page gets 409).
 * Money is taken first; the credits and the `purchase` row are then written atomically, and the
 * payment is refunded if that fails. An Idempotency-Key makes a retried purchase charge once.
 */
export async function purchaseCredits(db: DbExecutor, input: PurchaseInput, now = new Date()): Promise<CreditChangeResponse> {
  const pack = creditPackageFor(input.credits);
  if (!pack) throw new AppError(422, MESSAGES.unknownCreditPackage, 'UNKNOWN_CREDIT_PACKAGE');
  if ((input.bonus !== undefined && input.bonus !== pack.bonus) || (input.price !== undefined && input.price !== pack.price)) {
    throw new AppError(409, MESSAGES.creditPackageChanged, 'CREDIT_PACKAGE_CHANGED');
  }
  const key = input.idempotencyKey ? `purchase:${input.idempotencyKey}` : undefined;
  if (key) {
    const seen = await findByIdempotencyKey(db, input.orgId, key);
    if (seen) return responseFor(db, seen, true);
  }
  const provider = providerFor(input.paymentMethod);
  await applyDueRenewal(db, input.orgId, now);
  const payment = await takePayment(provider, {
    orgId: input.orgId,
    userId: input.userId,
    amount: pack.price,
    currency: 'USD',
    description: `${pack.credits.toLocaleString('en-US')} Mosaic credits`,
    idempotencyKey: key ?? `purchase:${input.orgId}:${now.getTime()}`,
  });
  const outcome = await recordOrRefund(payment, () =>
    recordCredit(
      db,
      'purchase',
      {
        orgId: input.orgId,
        spaceId: input.spaceId,
        userId: input.userId,
        credits: pack.credits + pack.bonus,
        baseCredits: pack.credits,
        feature: 'credits',
        activity: `Bought ${pack.credits.toLocaleString('en-US')} credits`,
        activityDetails: `${pack.bonus > 0 ? `+${pack.bonus.toLocaleString('en-US')} bonus, ` : ''}${dollars(pack.price)} via ${provider.name} (${payment.reference})`,
        idempotencyKey: key ?? null,
      },
      now,
    ),
  );
  // A concurrent retry with the same key won the race: give this attempt's money back.
  if (outcome.kind === 'duplicate') await payment.provider.refund(payment.reference);
  return responseFor(db, outcome.row, outcome.kind === 'duplicate');
}

export interface AddCreditsInput {
  orgId: string;
  spaceId: string;
  userId: string;
  amount: number;
  description?: string | undefined;
  idempotencyKey?: string | undefined;
}

/** Adds credits without payment (POST /billing/credits/add; owners and admins, e.g. a goodwill grant). */
export async function addCredits(db: DbExecutor, input: AddCreditsInput, now = new Date()): Promise<CreditChangeResponse> {
  await applyDueRenewal(db, input.orgId, now);
  const outcome = await recordCredit(
    db,
    'credit',
    {
      orgId: input.orgId,
      spaceId: input.spaceId,
      userId: input.userId,
      credits: input.amount,
      feature: 'credits',
      activity: (input.description?.trim() || 'Credits added').slice(0, 100),
      activityDetails: input.description?.trim().slice(0, 500) || null,
      idempotencyKey: input.idempotencyKey ? `add:${input.idempotencyKey}` : null,
    },
    now,
  );
  return responseFor(db, outcome.row, outcome.kind === 'duplicate');
}
