import type { Db, DbExecutor } from '../../db/database';
import { AppError, MESSAGES } from '../../errors';
import type { PaymentProvider } from '../../payments/index';
import { toCheckoutResponse, type CheckoutResponse } from './checkouts';
import { remainingCredits, type TransactionRecord } from './ledger';
import { payForOrder, type PayContext, type Settlement } from './orders.service';
import { creditPackageFor } from '../../../../src/contract/billing-catalogue';

export interface PurchaseInput {
  orgId: string;
  spaceId: string;
  userId: string;
  credits: number;
  /** Optional echo of the package's bonus and price the buyer saw; must match the catalogue. */
  bonus?: number | undefined;
  price?: number | undefined;
  idempotencyKey?: string | undefined;
}

export interface CreditChangeResponse {
  success: true;
  transaction_id: string;
  /** Signed: negative for a correction that removed credits. */
  credits_added: number;
  credits_remaining: number;
  /** True when the Idempotency-Key was seen before: nothing new was charged or added. */
  duplicate: boolean;
}

/** A hosted payment was started (202): the buyer pays at `checkout_url`; credits follow the webhook. */
export interface CheckoutStartedResponse {
  success: true;
  checkout_url: string | null;
  checkout: CheckoutResponse;
  duplicate: boolean;
}

export type PaymentAnswer = { status: 200; body: CreditChangeResponse } | { status: 202; body: CheckoutStartedResponse };

export async function creditChangeFor(db: DbExecutor, row: TransactionRecord, duplicate: boolean, signedCredits = row.credits): Promise<CreditChangeResponse> {
  return {
    success: true,
    transaction_id: row.id,
    credits_added: signedCredits,
    credits_remaining: await remainingCredits(db, row.orgId),
    duplicate,
  };
}

export function checkoutStarted(settlement: Extract<Settlement, { kind: 'checkout' }>): { status: 202; body: CheckoutStartedResponse } {
  return {
    status: 202,
    body: { success: true, checkout_url: settlement.url, checkout: toCheckoutResponse(settlement.checkout), duplicate: settlement.duplicate },
  };
}

/**
 * Buys a credit package (POST /billing/credits/purchase). Prices come from the server's catalogue,
 * never from the request: `bonus` and `price`, when sent, must match it (a stale page gets 409).
 * Demo payments credit at once (200); Stripe answers 202 with the payment page, and the credits
 * arrive with its signed webhook. An Idempotency-Key makes a retried purchase pay once.
 */
export async function purchaseCredits(db: Db, provider: PaymentProvider, input: PurchaseInput, ctx: PayContext): Promise<PaymentAnswer> {
  const pack = creditPackageFor(input.credits);
  if (!pack) throw new AppError(422, MESSAGES.unknownCreditPackage, 'UNKNOWN_CREDIT_PACKAGE');
  if ((input.bonus !== undefined && input.bonus !== pack.bonus) || (input.price !== undefined && input.price !== pack.price)) {
    throw new AppError(409, MESSAGES.creditPackageChanged, 'CREDIT_PACKAGE_CHANGED');
  }
  const settlement = await payForOrder(
    db,
    provider,
    {
      orgId: input.orgId,
      spaceId: input.spaceId,
      userId: input.userId,
      purpose: 'credits',
      credits: pack.credits,
      bonus: pack.bonus,
      planType: null,
      amount: pack.price,
      description: `${pack.credits.toLocaleString('en-US')} Mosaic credits${pack.bonus > 0 ? ` (+${pack.bonus.toLocaleString('en-US')} bonus)` : ''}`,
      idempotencyKey: input.idempotencyKey ? `purchase:${input.idempotencyKey}` : null,
    },
    ctx,
  );
  if (settlement.kind === 'checkout') return checkoutStarted(settlement);
  return { status: 200, body: await creditChangeFor(db, settlement.row, settlement.duplicate) };
}
