/** Dexie reads for the Credits screen (saved ledger rows, newest first). */
import { useLiveQuery } from 'dexie-react-hooks';
import { db, type TransactionRow } from '../../db';
import type { TransactionStatus, TransactionType } from '../../contract/billing';

export interface TransactionFilter {
  feature?: string | undefined;
  type?: TransactionType | undefined;
  status?: TransactionStatus | undefined;
  /** ISO time: only rows at or after it. */
  since?: string | undefined;
}

function matches(row: TransactionRow, filter: TransactionFilter): boolean {
  if (filter.feature && row.feature !== filter.feature) return false;
  if (filter.type && row.transactionType !== filter.type) return false;
  if (filter.status && row.status !== filter.status) return false;
  if (filter.since && row.createdAt < filter.since) return false;
  return true;
}

/** The space's saved rows newest first (ISO times sort as text); '\uffff' bounds every ISO string. */
function newestFirst(spaceId: string) {
  return db.transactions.where('[spaceId+createdAt]').between([spaceId, ''], [spaceId, '\uffff']).reverse();
}

export interface SavedTransactions {
  rows: TransactionRow[];
  /** How many saved rows match the filter (the total when the server cannot be asked). */
  count: number;
}

/** One page of saved transactions matching the filter; undefined while reading. */
export function useSavedTransactions(spaceId: string | null, filter: TransactionFilter, offset: number, limit: number): SavedTransactions | undefined {
  return useLiveQuery(async () => {
    if (!spaceId) return { rows: [], count: 0 };
    const all = await newestFirst(spaceId).filter((row) => matches(row, filter)).toArray();
    return { rows: all.slice(offset, offset + limit), count: all.length };
  }, [spaceId, filter.feature, filter.type, filter.status, filter.since, offset, limit]);
}

/** Feature names seen in the saved rows, for the filter menu. */
export function useSavedFeatures(spaceId: string | null): string[] {
  return (
    useLiveQuery(async () => {
      if (!spaceId) return [];
      const rows = await db.transactions.where('spaceId').equals(spaceId).toArray();
      return [...new Set(rows.map((row) => row.feature).filter((feature): feature is string => Boolean(feature)))].sort();
    }, [spaceId]) ?? []
  );
}
