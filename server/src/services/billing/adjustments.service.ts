/**
 * A platform admin's credit adjustment (POST /billing/credits/add): the only way credits are added
 * without a payment, a plan or an agent refund. Positive adds (goodwill, support), negative
 * corrects (never below what the organisation has used). The ledger row names the admin and the
 * reason; `credits.adjusted` goes to the audit log in the same transaction.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { creditAccounts, organizations } from '../../db/schema/index';
import { AppError, PAYMENT_MESSAGES, notFound } from '../../errors';
import { recordAudit } from '../audit/audit.service';
import { applyDueRenewal } from './credits.service';
import { oncePerKey, recordRow, remainingCredits, type TransactionRecord } from './ledger';
import { creditChangeFor, type CreditChangeResponse } from './purchases.service';

export interface AdjustmentInput {
  orgId: string;
  /** Signed, non-zero. */
  amount: number;
  reason: string;
  admin: { userId: string; name: string; email: string; role: string };
  ipAddress: string | null;
  idempotencyKey?: string | undefined;
}

/** The feature of adjustment rows; usage reports leave them out (they are not usage). */
export const ADJUSTMENT_FEATURE = 'adjustment';

export async function adjustCredits(db: Db, input: AdjustmentInput, now = new Date()): Promise<CreditChangeResponse> {
  const [org] = await db.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, input.orgId)).limit(1);
  if (!org) throw notFound(PAYMENT_MESSAGES.organisationNotFound);
  await applyDueRenewal(db, input.orgId, now);
  const key = input.idempotencyKey ? `adjust:${input.idempotencyKey}` : null;
  const signed = (row: TransactionRecord) => (row.transactionType === 'debit' ? -row.credits : row.credits);

  const outcome = await oncePerKey(
    db,
    { orgId: input.orgId, idempotencyKey: key },
    () =>
      db.transaction(async (tx) => {
        // A correction may lower the total only down to what is already used: remaining ≥ 0.
        const [account] = await tx
          .update(creditAccounts)
          .set({ total: sql`${creditAccounts.total} + ${input.amount}`, updatedAt: now })
          .where(and(eq(creditAccounts.orgId, input.orgId), sql`${creditAccounts.total} + ${input.amount} >= ${creditAccounts.used}`))
          .returning({ remaining: sql<number>`${creditAccounts.total} - ${creditAccounts.used}`.mapWith(Number) });
        if (!account) {
          const remaining = await remainingCredits(tx, input.orgId);
          throw new AppError(422, PAYMENT_MESSAGES.adjustmentBelowUsed(remaining), 'ADJUSTMENT_BELOW_USED');
        }
        const adding = input.amount > 0;
        const row = await recordRow(
          tx,
          adding ? 'credit' : 'debit',
          {
            orgId: input.orgId,
            userId: input.admin.userId,
            credits: Math.abs(input.amount),
            feature: ADJUSTMENT_FEATURE,
            activity: `Credits ${adding ? 'added' : 'removed'} by ${input.admin.name}`.slice(0, 100),
            activityDetails: `${input.reason} (${input.admin.name}, platform admin)`.slice(0, 500),
            idempotencyKey: key,
          },
          account.remaining,
          now,
        );
        await recordAudit(tx, {
          action: 'credits.adjusted',
          actor: { userId: input.admin.userId, email: input.admin.email, role: input.admin.role },
          orgId: input.orgId,
          target: { type: 'organization', id: input.orgId },
          ipAddress: input.ipAddress,
          details: { amount: input.amount, reason: input.reason, transaction_id: row.id, balance_after: account.remaining },
        });
        return { row, duplicate: false };
      }),
    (row) => ({ row, duplicate: true }),
  );
  return creditChangeFor(db, outcome.row, outcome.duplicate, signed(outcome.row));
}
