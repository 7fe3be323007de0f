/**
 * Who is processing a document, and what happens when that process dies (the agent runs'
 * pattern, services/leased-runs/lease.ts). A worker claims a document (processing_attempts + 1,
 * lease_until = now + lease) and renews the lease while it works. A lease that lapses means its
 * process died: the recovery sweep sends the document to a worker again, and the next claim takes
 * it over. `processing_attempts` counts starts that did not let go cleanly; a start that fails in a
 * way worth retrying gives its attempt back. After MAX_INTERRUPTED_STARTS interrupted starts the
 * document ends in error instead, so a file that kills its process cannot take down one server
 * after another. All times are the database's clock.
 *
 * The lease's end and the heartbeat (keepLease, used by process-document.ts) are the leased runs'
 * own; the statements here are not, because a document's lease means something else
 * (docs/knowledge.md "Crash recovery"): a document stays `processing` while it is held (a run goes
 * queued → running, and the engine's claim and fence test `running`); its counter is given back
 * when a start lets go cleanly (a run's only grows: it is the claim's fencing token), which is what
 * lets two interruptions, and only interruptions, end it in error; and the sweep stamps what it
 * re-sends so a document behind a long queue is not sent each sweep.
 */
import { and, eq, gte, inArray, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db, DbExecutor } from '../../db/database';
import { kbDocuments, type KbDocument } from '../../db/schema/index';
import { leaseFromNow } from '../leased-runs/lease';
import { LIMIT_MESSAGES } from './extraction-limits';

/** One interruption is forgiven (a deploy, an unrelated crash); the second ends the document in error. */
export const MAX_INTERRUPTED_STARTS = 2;

/** What a claim found. `attempt` is the holder's token for renewing and letting go. */
export type Claim =
  | { kind: 'claimed'; document: KbDocument; attempt: number }
  /** Finished, deleted, or held by a live worker: nothing to do here. */
  | { kind: 'skipped' }
  /** Interrupted too often: now in status error (its space's status streams are told). */
  | { kind: 'exhausted'; spaceId: string };

/** Processing, and nobody holds it: never claimed, let go, or its holder stopped renewing. */
const claimable = (documentId: string) =>
  and(
    eq(kbDocuments.id, documentId),
    eq(kbDocuments.status, 'processing'),
    or(isNull(kbDocuments.leaseUntil), lt(kbDocuments.leaseUntil, sql`now()`)),
  );

/**
 * Takes a processing document whose lease is free or lapsed. One conditional UPDATE (the usual
 * case), so two claimers cannot both win; a second only when the claim is refused.
 */
export async function claimDocument(db: DbExecutor, documentId: string, leaseMs: number): Promise<Claim> {
  const [claimed] = await db
    .update(kbDocuments)
    .set({ processingAttempts: sql`${kbDocuments.processingAttempts} + 1`, leaseUntil: leaseFromNow(leaseMs), updatedAt: sql`now()` })
    .where(and(claimable(documentId), lt(kbDocuments.processingAttempts, MAX_INTERRUPTED_STARTS)))
    .returning();
  if (claimed) return { kind: 'claimed', document: claimed, attempt: claimed.processingAttempts };
  const [exhausted] = await db
    .update(kbDocuments)
    .set({ status: 'error', errorMessage: LIMIT_MESSAGES.stoppedTwice, leaseUntil: null, updatedAt: sql`now()` })
    .where(and(claimable(documentId), gte(kbDocuments.processingAttempts, MAX_INTERRUPTED_STARTS)))
    .returning({ spaceId: kbDocuments.spaceId });
  return exhausted ? { kind: 'exhausted', spaceId: exhausted.spaceId } : { kind: 'skipped' };
}

/** The holder's condition: still processing, still its attempt, lease not let go. */
const heldBy = (documentId: string, attempt: number) =>
  and(
    eq(kbDocuments.id, documentId),
    eq(kbDocuments.status, 'processing'),
    eq(kbDocuments.processingAttempts, attempt),
    isNotNull(kbDocuments.leaseUntil),
  );

/** Extends the lease; false when the document is no longer this holder's (finished, deleted, taken over). */
export async function renewDocumentLease(db: DbExecutor, documentId: string, attempt: number, leaseMs: number): Promise<boolean> {
  const rows = await db
    .update(kbDocuments)
    .set({ leaseUntil: leaseFromNow(leaseMs) })
    .where(heldBy(documentId, attempt))
    .returning({ id: kbDocuments.id });
  return rows.length > 0;
}

/**
 * Inside a transaction: locks the document's row if it is still this holder's, so nobody can take
 * it over until the transaction ends. False when it is not (finished, deleted, taken over).
 */
export async function lockIfHeld(tx: DbExecutor, documentId: string, attempt: number): Promise<boolean> {
  const rows = await tx.select({ id: kbDocuments.id }).from(kbDocuments).where(heldBy(documentId, attempt)).for('update');
  return rows.length > 0;
}

/**
 * Lets go without counting as an interruption. `now`: the lease ends at once, so the recovery
 * sweep hands the document to a worker (this server stopping); `retry`: no lease, the queue's own
 * retry picks it up (a failure worth retrying).
 */
export async function releaseDocument(db: DbExecutor, documentId: string, attempt: number, mode: 'now' | 'retry'): Promise<void> {
  await db
    .update(kbDocuments)
    .set({
      processingAttempts: sql`greatest(${kbDocuments.processingAttempts} - 1, 0)`,
      leaseUntil: mode === 'now' ? sql`now()` : null,
    })
    .where(heldBy(documentId, attempt));
}

/**
 * Documents whose lease lapsed (their process died, or let go on stopping), at most 100 per call.
 * Each is stamped as sent (updated_at = now, after its lease end) and sent again only if it is
 * still lapsed a lease later: a document waiting behind a busy queue is not sent over and over.
 */
export async function lapsedDocuments(db: Db, leaseMs: number): Promise<string[]> {
  const lapsed = and(
    eq(kbDocuments.status, 'processing'),
    lt(kbDocuments.leaseUntil, sql`now()`),
    or(
      // Not sent since the lease ended (claims and releases leave updated_at before the lease end).
      lte(kbDocuments.updatedAt, kbDocuments.leaseUntil),
      lt(kbDocuments.updatedAt, sql`now() - make_interval(secs => ${leaseMs / 1000})`),
    ),
  );
  const candidates = db.select({ id: kbDocuments.id }).from(kbDocuments).where(lapsed).limit(100);
  const rows = await db
    .update(kbDocuments)
    .set({ updatedAt: sql`now()` })
    .where(and(lapsed, inArray(kbDocuments.id, candidates)))
    .returning({ id: kbDocuments.id });
  return rows.map((row) => row.id);
}
