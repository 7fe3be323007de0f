import { and, count, desc, eq, gte, type SQL } from 'drizzle-orm';
import type { DbExecutor } from '../../db/database';
import { creditTransactions, type CreditTransactionStatus, type CreditTransactionType } from '../../db/schema/index';
import { applyDueRenewal } from './credits.service';
import type { TransactionRecord } from './ledger';
import type { Transaction } from '../../../../src/contract/billing';

/** A credit transaction as the API sends it (spec 001 §3, plus ids and time): the contract's. */
export type TransactionResponse = Transaction;

export function toTransactionResponse(row: TransactionRecord): TransactionResponse {
  return {
    id: row.id,
    transaction_id: row.id,
    credits: row.credits,
    feature: row.feature,
    activity: row.activity,
    transaction_type: row.transactionType,
    agent_name: row.agentName,
    mode: row.mode,
    base_credits: row.baseCredits,
    status: row.status,
    activity_details: row.activityDetails,
    related_to: row.relatedType && row.relatedId ? { type: row.relatedType, id: row.relatedId } : null,
    balance_after: row.balanceAfter,
    space_id: row.spaceId,
    user_id: row.userId,
    created_at: row.createdAt.toISOString(),
  };
}

export interface TransactionFilter {
  limit: number;
  offset: number;
  feature?: string | undefined;
  status?: CreditTransactionStatus | undefined;
  type?: CreditTransactionType | undefined;
  /** Only rows at or after this time (the `period` query). */
  since?: Date | undefined;
}

export interface TransactionPage {
  transactions: TransactionResponse[];
  total: number;
  has_more: boolean;
  limit: number;
  offset: number;
}

/** The organisation's ledger, newest first, filtered and paged (GET /billing/credits/transactions). */
export async function listTransactions(db: DbExecutor, orgId: string, filter: TransactionFilter, now = new Date()): Promise<TransactionPage> {
  await applyDueRenewal(db, orgId, now);
  const conditions: SQL[] = [eq(creditTransactions.orgId, orgId)];
  if (filter.feature) conditions.push(eq(creditTransactions.feature, filter.feature));
  if (filter.status) conditions.push(eq(creditTransactions.status, filter.status));
  if (filter.type) conditions.push(eq(creditTransactions.transactionType, filter.type));
  if (filter.since) conditions.push(gte(creditTransactions.createdAt, filter.since));
  const where = and(...conditions);
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(creditTransactions)
      .where(where)
      // id breaks ties between rows of the same instant so pages never overlap.
      .orderBy(desc(creditTransactions.createdAt), desc(creditTransactions.id))
      .limit(filter.limit)
      .offset(filter.offset),
    db.select({ total: count() }).from(creditTransactions).where(where),
  ]);
  const total = counted?.total ?? 0;
  return {
    transactions: rows.map(toTransactionResponse),
    total,
    has_more: filter.offset + rows.length < total,
    limit: filter.limit,
    offset: filter.offset,
  };
}
