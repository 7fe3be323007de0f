/**
 * State changes of a chat run (queued → running → succeeded | failed | cancelled). Every change is
 * a conditional UPDATE, so two processes (or a cancel racing a reply) can never both win.
 *
 * Claiming, the lease and fencing are the leased-run engine's (services/leased-runs/lease.ts): a
 * claim increments `attempts`, and that number is the claim's fencing token, so a worker's later
 * writes (renew, requeue, fail, complete) only apply while the run is still running under the
 * attempt it claimed. A worker whose lease ran out while it was still alive (stalled, or its
 * renewals did not reach the database) and was taken over can therefore change nothing.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, DbExecutor } from '../../db/database';
import { agentRuns, chatMessages } from '../../db/schema/index';
import { leasedRuns } from '../leased-runs/lease';
import { toMessageDto, type MessageDto } from './serializers';
import { refundCharge } from '../billing/chat-billing';

export type RunRow = typeof agentRuns.$inferSelect;
export const OPEN_STATUSES = ['queued', 'running'] as const;

/** A worker's hold on a run: the run and the attempt number its claim got. */
export type HeldRun = Pick<RunRow, 'id' | 'attempts'>;

const lease = leasedRuns(agentRuns, 'attempts');

/** The run is running under this claim (not taken over, not ended by a cancel). */
export const stillHeld = lease.stillHeld;

/**
 * Takes a run for this process: a queued run, or a running one whose holder stopped renewing its
 * lease (its process died). Null when it is finished or held by a live process.
 */
export function claimRun(db: DbExecutor, runId: string, leaseMs: number): Promise<RunRow | null> {
  // A resumed run starts over: the text an earlier attempt wrote is not this attempt's.
  return lease.claim(db, runId, leaseMs, { partialText: null });
}

/** Extends the lease while the model writes; false when the run is no longer ours (cancelled, or taken over). */
export const renewLease = lease.renew;

/** Puts a run back in the queue after a failure worth retrying; false when it was no longer ours. */
export function requeueRun(db: DbExecutor, run: HeldRun, error: string): Promise<boolean> {
  return lease.backToQueue(db, run, { error });
}

/** Whether a run this worker held was taken over by a later claim (rather than cancelled or ended). */
export const takenOver = lease.takenOver;

/** Runs that need a worker (queued for a while, or their lease lapsed). */
export const strandedRuns = lease.stranded;

/** Saves the reply written so far (the stream hub calls it), only while this claim holds. */
export async function savePartialText(db: DbExecutor, run: HeldRun, text: string): Promise<void> {
  await db.update(agentRuns).set({ partialText: text }).where(stillHeld(run));
}

/**
 * Ends an open run as failed or cancelled and gives the credits back, in one transaction.
 * Returns the run when this call ended it (null when it had already finished). `held`: a worker
 * failing its own attempt, which only counts while that attempt still holds the run (a cancel
 * passes none: it ends the run whoever works on it).
 */
export async function endRunWithRefund(
  db: Db,
  runId: string,
  status: 'failed' | 'cancelled',
  error: string,
  held?: HeldRun,
): Promise<RunRow | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(agentRuns)
      .set({ status, error, leaseUntil: null, updatedAt: sql`now()` })
      .where(held ? stillHeld(held) : and(eq(agentRuns.id, runId), inArray(agentRuns.status, [...OPEN_STATUSES])))
      .returning();
    if (!row) return null;
    if (row.transactionId && !row.refunded) {
      await refundCharge(tx, row.transactionId, status === 'cancelled' ? 'Chat request cancelled' : `Agent run failed: ${error}`.slice(0, 200));
      await tx.update(agentRuns).set({ refunded: true }).where(eq(agentRuns.id, runId));
    }
    return { ...row, refunded: Boolean(row.transactionId) };
  });
}

/** The open run of a session, if any (at most one: sending is refused while one is open). */
export async function openRunOf(db: DbExecutor, sessionId: string): Promise<RunRow | null> {
  const [row] = await db
    .select()
    .from(agentRuns)
    .where(and(eq(agentRuns.sessionId, sessionId), inArray(agentRuns.status, [...OPEN_STATUSES])))
    .limit(1);
  return row ?? null;
}

/** A run's state after this process's attempt on it ended, with its reply if it has one. */
export async function settledRun(db: DbExecutor, runId: string): Promise<{ status: RunRow['status']; sessionId: string; reply: MessageDto | null } | null> {
  const [row] = await db
    .select({ status: agentRuns.status, sessionId: agentRuns.sessionId, reply: chatMessages })
    .from(agentRuns)
    .leftJoin(chatMessages, eq(chatMessages.id, agentRuns.replyMessageId))
    .where(eq(agentRuns.id, runId));
  return row ? { status: row.status, sessionId: row.sessionId, reply: row.reply ? toMessageDto(row.reply) : null } : null;
}
