/**
 * The credits ledger: every change of an organisation's balance is a row in credit_transactions,
 * written in the same database transaction as the balance change. The balance changes only by
 * conditional UPDATEs, so concurrent deductions can never take it below zero, whatever the
 * isolation level: the row is locked by the UPDATE and the WHERE clause is re-checked on the
 * newest version (PostgreSQL), or the statements run one at a time (PGlite).
 */
import { isUuid } from '../../db/ids';
import { and, eq, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import { creditAccounts, creditTransactions, type CreditTransactionType } from '../../db/schema/index';
import { MESSAGES, notFound } from '../../errors';

export type TransactionRecord = typeof creditTransactions.$inferSelect;

export interface RelatedTo {
  type: string;
  id: string;
}

/** What a new ledger row says; the balance after it is filled in by the ledger. */
export interface LedgerEntry {
  orgId: string;
  spaceId?: string | null;
  userId?: string | null;
  credits: number;
  baseCredits?: number | null;
  feature: string;
  activity?: string | null;
  activityDetails?: string | null;
  agentName?: string | null;
  mode?: string | null;
  relatedTo?: RelatedTo | null;
  /** Unique per organisation: the same key twice yields the first row and no second change. */
  idempotencyKey?: string | null;
}

const IDEMPOTENCY_INDEX = 'credit_transactions_org_idempotency_key_unique';

const remainingColumns = {
  remaining: sql<number>`${creditAccounts.total} - ${creditAccounts.used}`.mapWith(Number),
};

export async function findByIdempotencyKey(db: DbExecutor, orgId: string, key: string): Promise<TransactionRecord | undefined> {
  const [row] = await db
    .select()
    .from(creditTransactions)
    .where(and(eq(creditTransactions.orgId, orgId), eq(creditTransactions.idempotencyKey, key)))
    .limit(1);
  return row;
}

export async function findTransaction(db: DbExecutor, transactionId: string): Promise<TransactionRecord | undefined> {
  if (!isUuid(transactionId)) return undefined;
  const [row] = await db.select().from(creditTransactions).where(eq(creditTransactions.id, transactionId)).limit(1);
  return row;
}

export async function remainingCredits(db: DbExecutor, orgId: string): Promise<number> {
  const [row] = await db.select(remainingColumns).from(creditAccounts).where(eq(creditAccounts.orgId, orgId)).limit(1);
  if (!row) throw notFound(MESSAGES.creditAccountNotFound);
  return row.remaining;
}

async function insertRow(db: DbExecutor, type: CreditTransactionType, entry: LedgerEntry, balanceAfter: number, now: Date, refundOf?: string) {
  const [row] = await db
    .insert(creditTransactions)
    .values({
      orgId: entry.orgId,
      spaceId: entry.spaceId ?? null,
      userId: entry.userId ?? null,
      transactionType: type,
      credits: entry.credits,
      baseCredits: entry.baseCredits ?? null,
      feature: entry.feature,
      activity: entry.activity ?? null,
      activityDetails: entry.activityDetails ?? null,
      agentName: entry.agentName ?? null,
      mode: entry.mode ?? null,
      relatedType: entry.relatedTo?.type ?? null,
      relatedId: entry.relatedTo?.id ?? null,
      idempotencyKey: entry.idempotencyKey ?? null,
      refundOf: refundOf ?? null,
      balanceAfter,
      createdAt: now,
    })
    .returning();
  return row!;
}

/** Spends `credits` when the balance covers them; null when it does not (nothing changed). */
async function spend(db: DbExecutor, orgId: string, credits: number, now: Date): Promise<number | null> {
  const [row] = await db
    .update(creditAccounts)
    .set({ used: sql`${creditAccounts.used} + ${credits}`, updatedAt: now })
    .where(and(eq(creditAccounts.orgId, orgId), sql`${creditAccounts.total} - ${creditAccounts.used} >= ${credits}`))
    .returning(remainingColumns);
  return row ? row.remaining : null;
}

/** Raises the balance (purchase, grant, manual credit); returns the new remaining balance. */
export async function addToBalance(db: DbExecutor, orgId: string, credits: number, now: Date): Promise<number> {
  const [row] = await db
    .update(creditAccounts)
    .set({ total: sql`${creditAccounts.total} + ${credits}`, updatedAt: now })
    .where(eq(creditAccounts.orgId, orgId))
    .returning(remainingColumns);
  if (!row) throw notFound(MESSAGES.creditAccountNotFound);
  return row.remaining;
}

/**
 * Gives spent credits back. Within the cycle they were spent in, `used` goes down; a refund of
 * an earlier cycle's charge (after a renewal reset `used`) raises `total` instead. Either way
 * the remaining balance grows by exactly `credits`.
 */
async function giveBack(db: DbExecutor, orgId: string, credits: number, now: Date): Promise<number> {
  const { used, total } = creditAccounts;
  const [row] = await db
    .update(creditAccounts)
    .set({
      used: sql`CASE WHEN ${used} >= ${credits} THEN ${used} - ${credits} ELSE ${used} END`,
      total: sql`CASE WHEN ${used} >= ${credits} THEN ${total} ELSE ${total} + ${credits} END`,
      updatedAt: now,
    })
    .where(eq(creditAccounts.orgId, orgId))
    .returning(remainingColumns);
  if (!row) throw notFound(MESSAGES.creditAccountNotFound);
  return row.remaining;
}

export type DebitOutcome =
  | { kind: 'charged'; row: TransactionRecord }
  | { kind: 'duplicate'; row: TransactionRecord }
  | { kind: 'insufficient'; remaining: number };

/**
 * Runs `write` in a transaction; when it fails because the idempotency key is already taken (a
 * concurrent request with the same key committed first), answers with that request's row.
 */
export async function oncePerKey<T>(db: DbExecutor, entry: Pick<LedgerEntry, 'orgId' | 'idempotencyKey'>, write: () => Promise<T>, duplicate: (row: TransactionRecord) => T): Promise<T> {
  const key = entry.idempotencyKey;
  if (key) {
    const existing = await findByIdempotencyKey(db, entry.orgId, key);
    if (existing) return duplicate(existing);
  }
  try {
    return await write();
  } catch (error) {
    if (key && isUniqueViolation(error, IDEMPOTENCY_INDEX)) {
      const existing = await findByIdempotencyKey(db, entry.orgId, key);
      if (existing) return duplicate(existing);
    }
    throw error;
  }
}

/** Spends credits and writes the debit row atomically; idempotent on `entry.idempotencyKey`. */
export function recordDebit(db: DbExecutor, entry: LedgerEntry, now = new Date()): Promise<DebitOutcome> {
  return oncePerKey<DebitOutcome>(
    db,
    entry,
    () =>
      db.transaction(async (tx) => {
        const remaining = await spend(tx, entry.orgId, entry.credits, now);
        if (remaining === null) return { kind: 'insufficient', remaining: await remainingCredits(tx, entry.orgId) };
        return { kind: 'charged', row: await insertRow(tx, 'debit', entry, remaining, now) };
      }),
    (row) => ({ kind: 'duplicate', row }),
  );
}

/**
 * Spends the sum of several entries and writes one debit row each, all or nothing: either every
 * row is written or, when the balance does not cover the sum, none is.
 */
export async function recordDebits(db: DbExecutor, orgId: string, entries: LedgerEntry[], now = new Date()) {
  const sum = entries.reduce((total, entry) => total + entry.credits, 0);
  return db.transaction(async (tx) => {
    const remainingAfterAll = await spend(tx, orgId, sum, now);
    if (remainingAfterAll === null) return { kind: 'insufficient' as const, remaining: await remainingCredits(tx, orgId), required: sum };
    // Each row's balance_after replays the batch in order, ending at the balance after all of it.
    let balance = remainingAfterAll + sum;
    const rows: TransactionRecord[] = [];
    for (const entry of entries) {
      balance -= entry.credits;
      rows.push(await insertRow(tx, 'debit', entry, balance, now));
    }
    return { kind: 'charged' as const, rows, remaining: remainingAfterAll };
  });
}

export type CreditOutcome = { kind: 'added' | 'duplicate'; row: TransactionRecord };

/** Raises the balance with a purchase, grant or manual credit row; idempotent like debits. */
export function recordCredit(
  db: DbExecutor,
  type: Extract<CreditTransactionType, 'purchase' | 'grant' | 'credit'>,
  entry: LedgerEntry,
  now = new Date(),
): Promise<CreditOutcome> {
  return oncePerKey<CreditOutcome>(
    db,
    entry,
    () =>
      db.transaction(async (tx) => {
        const remaining = await addToBalance(tx, entry.orgId, entry.credits, now);
        return { kind: 'added', row: await insertRow(tx, type, entry, remaining, now) };
      }),
    (row) => ({ kind: 'duplicate', row }),
  );
}

/** Writes a ledger row for a balance change made by the caller in the same transaction. */
export function recordRow(db: DbExecutor, type: CreditTransactionType, entry: LedgerEntry, balanceAfter: number, now = new Date()) {
  return insertRow(db, type, entry, balanceAfter, now);
}

/**
 * Gives a debit's credits back once: the debit is flipped from completed to refunded by a
 * conditional UPDATE (only one caller can win it) and the refund row is written in the same
 * transaction; the unique refund_of index backs this up. Returns the refund row either way.
 */
export async function refundDebit(db: DbExecutor, transactionId: string, reason: string, now = new Date()): Promise<TransactionRecord> {
  const original = await findTransaction(db, transactionId);
  if (!original || original.transactionType !== 'debit') throw notFound(MESSAGES.transactionNotFound);
  const existingRefund = async () => {
    const [row] = await db.select().from(creditTransactions).where(eq(creditTransactions.refundOf, original.id)).limit(1);
    return row;
  };
  try {
    const refunded = await db.transaction(async (tx) => {
      const [debit] = await tx
        .update(creditTransactions)
        .set({ status: 'refunded' })
        .where(and(eq(creditTransactions.id, original.id), eq(creditTransactions.status, 'completed')))
        .returning();
      if (!debit) return undefined;
      const remaining = await giveBack(tx, debit.orgId, debit.credits, now);
      return insertRow(tx, 'refund', refundEntry(debit, debit.credits, reason), remaining, now, debit.id);
    });
    if (refunded) return refunded;
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
  }
  const row = await existingRefund();
  if (!row) throw notFound(MESSAGES.transactionNotFound);
  return row;
}

/**
 * Gives back part of a debit (a stopped chat reply keeps what it wrote): a refund row of `credits`
 * that names the debit. The debit stays completed, since its other part was used; the unique
 * refund_of index makes this, like a whole refund, happen at most once per debit (a second call
 * returns the first refund). Returns the refund row.
 */
export async function refundPartOfDebit(db: DbExecutor, transactionId: string, credits: number, reason: string, now = new Date()): Promise<TransactionRecord> {
  const debit = await findTransaction(db, transactionId);
  if (!debit || debit.transactionType !== 'debit') throw notFound(MESSAGES.transactionNotFound);
  if (credits <= 0 || credits > debit.credits) throw new Error(`A part refund must be between 1 and ${debit.credits} credits, not ${credits}`);
  const [existing] = await db.select().from(creditTransactions).where(eq(creditTransactions.refundOf, debit.id)).limit(1);
  if (existing || debit.status !== 'completed') {
    if (existing) return existing;
    throw notFound(MESSAGES.transactionNotFound);
  }
  const remaining = await giveBack(db, debit.orgId, credits, now);
  return insertRow(db, 'refund', refundEntry(debit, credits, reason), remaining, now, debit.id);
}

/** The ledger entry giving back `credits` of a debit: the debit's own facts, its activity marked a refund. */
function refundEntry(debit: TransactionRecord, credits: number, reason: string): LedgerEntry {
  return {
    orgId: debit.orgId,
    spaceId: debit.spaceId,
    userId: debit.userId,
    credits,
    baseCredits: debit.baseCredits,
    feature: debit.feature,
    activity: `Refund: ${debit.activity ?? debit.feature}`.slice(0, 100),
    activityDetails: reason.slice(0, 500),
    agentName: debit.agentName,
    mode: debit.mode,
    relatedTo: debit.relatedType && debit.relatedId ? { type: debit.relatedType, id: debit.relatedId } : null,
  };
}
