/**
 * Server → Dexie for the credit ledger: each page the Credits screen shows is fetched with the
 * same filters and written into the `transactions` table; the screen reads the table. Pages are
 * visited from the first, so the saved rows always hold the newest ones of each filter and the
 * local page N equals the server's page N. Ledger rows never change or disappear, so writing is
 * enough (no snapshot replacement).
 */
import { db, markSynced, type TransactionRow } from '../../db';
import { fetchTransactions } from './billing.api';
import type { Transaction, TransactionQuery } from '../../contract/billing';

export const TRANSACTIONS_SYNC_NAME = 'transactions';

export function toTransactionRow(spaceId: string, transaction: Transaction): TransactionRow {
  return {
    id: transaction.id,
    spaceId,
    createdAt: transaction.created_at,
    credits: transaction.credits,
    feature: transaction.feature,
    activity: transaction.activity,
    transactionType: transaction.transaction_type,
    agentName: transaction.agent_name,
    mode: transaction.mode,
    baseCredits: transaction.base_credits,
    status: transaction.status,
    activityDetails: transaction.activity_details,
    relatedTo: transaction.related_to,
  };
}

export interface SyncedPage {
  total: number;
  hasMore: boolean;
}

/** Fetches one page and saves it for `spaceId`; rejects with the ApiError when offline or failing. */
export async function syncTransactionsPage(spaceId: string, query: TransactionQuery, signal?: AbortSignal): Promise<SyncedPage> {
  const page = await fetchTransactions(query, signal);
  await db.transaction('rw', db.transactions, db.meta, async () => {
    await db.transactions.bulkPut(page.transactions.map((transaction) => toTransactionRow(spaceId, transaction)));
    await markSynced(TRANSACTIONS_SYNC_NAME, spaceId);
  });
  return { total: page.total, hasMore: page.has_more };
}
