import type { DbExecutor } from '../../db/database';
import { MESSAGES, paymentRequired, type AppError } from '../../errors';
import { applyDueRenewal } from './credits.service';
import { findByIdempotencyKey, recordDebit, remainingCredits, type LedgerEntry, type TransactionRecord } from './ledger';
import { assertPlanActive } from './plans.service';
import { API_ERROR_CODES } from '../../../../src/contract/errors';

export interface SpendResult {
  row: TransactionRecord;
  /** The balance now (after this charge, or as it is when the charge was a replay). */
  creditsRemaining: number;
  /** The idempotency key had been used: this is the earlier transaction, nothing was charged. */
  duplicate: boolean;
}

export interface SpendOptions {
  /** Refuse when the plan is expired (402 PLAN_EXPIRED). */
  requireActivePlan: boolean;
  /** The 402 to throw when the balance does not cover the charge. */
  insufficient: (required: number, remaining: number) => AppError;
}

/** 402 INSUFFICIENT_CREDITS 'Insufficient credits' (spec 001 §8, a refused deduction). */
export const insufficientCredits = () => paymentRequired(MESSAGES.insufficientCredits, API_ERROR_CODES.insufficientCredits);

/**
 * The one way credits are spent: a replayed idempotency key answers with the first transaction
 * (before any other check, so a retry after the plan lapsed still succeeds); otherwise renewals
 * due are applied, the plan is checked, and the debit is written atomically.
 */
export async function spendCredits(db: DbExecutor, entry: LedgerEntry, options: SpendOptions, now = new Date()): Promise<SpendResult> {
  if (entry.idempotencyKey) {
    const seen = await findByIdempotencyKey(db, entry.orgId, entry.idempotencyKey);
    if (seen) return { row: seen, creditsRemaining: await remainingCredits(db, entry.orgId), duplicate: true };
  }
  await applyDueRenewal(db, entry.orgId, now);
  if (options.requireActivePlan) await assertPlanActive(db, entry.orgId, now);
  const outcome = await recordDebit(db, entry, now);
  if (outcome.kind === 'insufficient') throw options.insufficient(entry.credits, outcome.remaining);
  const duplicate = outcome.kind === 'duplicate';
  return {
    row: outcome.row,
    creditsRemaining: duplicate ? await remainingCredits(db, entry.orgId) : outcome.row.balanceAfter,
    duplicate,
  };
}
