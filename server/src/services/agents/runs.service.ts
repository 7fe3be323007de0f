/**
 * State changes of a run (queued → running → succeeded | failed | cancelled). Every change is a
 * conditional UPDATE, so two processes (or a cancel racing a reply) can never both win.
 *
 * A claim increments `attempts`, and that number is the claim's fencing token: a worker's later
 * writes (renew, requeue, fail, complete) only apply while the run is still running under the
 * attempt it claimed. A worker whose lease ran out while it was still alive (stalled, or its
 * renewals did not reach the database) and was taken over can therefore change nothing.
 */
import { and, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { Db, DbExecutor } from '../../db/database';
import { agentRuns, chatMessages } from '../../db/schema/index';
import { toMessageDto, type MessageDto } from './serializers';
import { refundCharge } from '../billing/chat-billing';

export type RunRow = typeof agentRuns.$inferSelect;
export const OPEN_STATUSES = ['queued', 'running'] as const;

/** A worker's hold on a run: the run and the attempt number its claim got. */
export type HeldRun = Pick<RunRow, 'id' | 'attempts'>;

/** The run is running under this claim (not taken over, not ended by a cancel). */
export function stillHeld(run: HeldRun) {
  return and(eq(agentRuns.id, run.id), eq(agentRuns.status, 'running'), eq(agentRuns.attempts, run.attempts));
}

/**
 * Takes a run for this process: a queued run, or a running one whose holder stopped renewing its
 * lease (its process died). Null when it is finished or held by a live process.
 */
export async function claimRun(db: DbExecutor, runId: string, leaseMs: number): Promise<RunRow | null> {
  const [row] = await db
    .update(agentRuns)
    .set({
      status: 'running',
      attempts: sql`${agentRuns.attempts} + 1`,
      // A resumed run starts over: the text an earlier attempt wrote is not this attempt's.
      partialText: null,
      leaseUntil: sql`now() + make_interval(secs => ${leaseMs / 1000})`,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(agentRuns.id, runId),
        or(eq(agentRuns.status, 'queued'), and(eq(agentRuns.status, 'running'), lt(agentRuns.leaseUntil, sql`now()`))),
      ),
    )
    .returning();
  return row ?? null;
}

/** Extends the lease while the model writes; false when the run is no longer ours (cancelled, or taken over). */
export async function renewLease(db: DbExecutor, run: HeldRun, leaseMs: number): Promise<boolean> {
  const rows = await db
    .update(agentRuns)
    .set({ leaseUntil: sql`now() + make_interval(secs => ${leaseMs / 1000})` })
    .where(stillHeld(run))
    .returning({ id: agentRuns.id });
  return rows.length > 0;
}

/** Puts a run back in the queue after a failure worth retrying; false when it was no longer ours. */
export async function requeueRun(db: DbExecutor, run: HeldRun, error: string): Promise<boolean> {
  const rows = await db
    .update(agentRuns)
    .set({ status: 'queued', leaseUntil: null, error, updatedAt: sql`now()` })
    .where(stillHeld(run))
    .returning({ id: agentRuns.id });
  return rows.length > 0;
}

/** Whether a run this worker held was taken over by a later claim (rather than cancelled or ended). */
export async function takenOver(db: DbExecutor, run: HeldRun): Promise<boolean> {
  const [row] = await db.select({ attempts: agentRuns.attempts }).from(agentRuns).where(eq(agentRuns.id, run.id));
  return row !== undefined && row.attempts !== run.attempts;
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

/**
 * Runs that need a worker: queued for a while (their job may have been lost between the commit
 * and the enqueue) or running with an expired lease (their process died).
 */
export async function strandedRuns(db: DbExecutor, queuedForMs: number): Promise<string[]> {
  const rows = await db
    .select({ id: agentRuns.id })
    .from(agentRuns)
    .where(
      or(
        and(eq(agentRuns.status, 'queued'), lt(agentRuns.updatedAt, sql`now() - make_interval(secs => ${queuedForMs / 1000})`)),
        and(eq(agentRuns.status, 'running'), lt(agentRuns.leaseUntil, sql`now()`)),
      ),
    )
    .limit(100);
  return rows.map((row) => row.id);
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
