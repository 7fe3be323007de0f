/**
 * Claiming a run, its lease and heartbeat, and its expiry (docs/agents.md "Runs"), for any table of
 * runs with an `id`, a `status` ('queued', 'running', …), a `lease_until`, an `updated_at` and a
 * counter of claims: chat runs (`agent_runs.attempts`) and Agent Mode runs (`agent_mode_runs.claims`).
 *
 * Every change is a conditional UPDATE, so two processes (or a cancel racing a worker) never both
 * win. A claim takes a queued run, or a running one whose lease ran out (its process died), and
 * increments the counter; that number is the claim's fencing token: the worker's later writes apply
 * only while the run is still running under it (`stillHeld`). A worker whose lease ran out while it
 * was still alive (stalled, or its renewals did not reach the database) and was taken over can
 * therefore change nothing.
 */
import { and, eq, lt, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { DbExecutor } from '../../db/database';

/** Why a run stopped being worked on in this process. */
export type StopReason = 'cancelled' | 'shutdown';

/** The columns every table of leased runs has. */
type LeasedColumns = { id: PgColumn; status: PgColumn; leaseUntil: PgColumn; updatedAt: PgColumn };

/** The end of a lease taken or renewed now, on the database's clock (every process agrees on it). */
export const leaseFromNow = (leaseMs: number): SQL => sql`now() + make_interval(secs => ${leaseMs / 1000})`;

/** Logged by a worker that finds its run taken over by another (its lease ran out meanwhile). */
export const leaseLostMessage = (label: string): string => `${label} lost its lease to another worker; this attempt's result is dropped`;

/**
 * The lease statements of one table of runs, `fenceKey` naming its claims counter. A held run is
 * the run's id with the counter's value its claim got (a claimed row is one).
 */
export function leasedRuns<T extends PgTable & LeasedColumns, F extends keyof T & keyof T['$inferSelect'] & string>(table: T, fenceKey: F) {
  type Row = T['$inferSelect'];
  type Held = { id: string } & { readonly [Key in F]: number };
  const fence = table[fenceKey] as unknown as PgColumn;
  // The column names are the same in every such table; drizzle cannot follow them through a generic table.
  const values = (set: Record<string, unknown>) => set as PgUpdateSetSource<T>;

  /** The run is running under this claim (not taken over, not ended by a cancel). */
  const stillHeld = (held: Held): SQL | undefined => and(eq(table.id, held.id), eq(table.status, 'running'), eq(fence, held[fenceKey]));

  return {
    stillHeld,

    /**
     * Takes a run for this process: a queued run, or a running one whose holder stopped renewing its
     * lease (its process died). Null when it is finished, resting, or held by a live process.
     * `also`: what the kind resets with a new claim.
     */
    async claim(db: DbExecutor, runId: string, leaseMs: number, also: Record<string, unknown> = {}): Promise<Row | null> {
      const rows = await db
        .update(table)
        .set(values({ status: 'running', [fenceKey]: sql`${fence} + 1`, ...also, leaseUntil: leaseFromNow(leaseMs), updatedAt: sql`now()` }))
        .where(and(eq(table.id, runId), or(eq(table.status, 'queued'), and(eq(table.status, 'running'), lt(table.leaseUntil, sql`now()`)))))
        .returning();
      return (rows as Row[])[0] ?? null;
    },

    /** Extends the lease while the work goes on; false when the run is no longer this claim's (cancelled, or taken over). */
    async renew(db: DbExecutor, held: Held, leaseMs: number): Promise<boolean> {
      const rows = await db.update(table).set(values({ leaseUntil: leaseFromNow(leaseMs) })).where(stillHeld(held)).returning({ id: table.id });
      return rows.length > 0;
    },

    /** Puts a held run back in the queue (a failure worth retrying); false when it was no longer this claim's. */
    async backToQueue(db: DbExecutor, held: Held, also: Record<string, unknown> = {}): Promise<boolean> {
      const rows = await db
        .update(table)
        .set(values({ status: 'queued', leaseUntil: null, ...also, updatedAt: sql`now()` }))
        .where(stillHeld(held))
        .returning({ id: table.id });
      return rows.length > 0;
    },

    /** Whether a run this worker held was taken over by a later claim (rather than cancelled or ended). */
    async takenOver(db: DbExecutor, held: Held): Promise<boolean> {
      const [row] = await db.select({ claims: fence }).from(table as PgTable).where(eq(table.id, held.id));
      return row !== undefined && row.claims !== held[fenceKey];
    },

    /**
     * Runs that need a worker: queued for longer than `queuedForMs` (their job may have been lost
     * between the commit and the send) or running with an expired lease (their process died).
     */
    async stranded(db: DbExecutor, queuedForMs: number): Promise<string[]> {
      const rows = await db
        .select({ id: table.id })
        .from(table as PgTable)
        .where(
          or(
            and(eq(table.status, 'queued'), lt(table.updatedAt, sql`now() - make_interval(secs => ${queuedForMs / 1000})`)),
            and(eq(table.status, 'running'), lt(table.leaseUntil, sql`now()`)),
          ),
        )
        .limit(100);
      return rows.map((row) => String(row.id));
    },
  };
}

/**
 * The heartbeat of a claim: renews its lease every third of it while the work runs. A renewal that
 * finds the claim gone (cancelled from any process, or taken over after the lease ran out) aborts
 * the returned signal with 'cancelled', so the work stops writing; `signal` (this process stopping
 * the work) is joined to it. `release` when the work ends.
 */
export function keepLease(
  renew: () => Promise<boolean>,
  leaseMs: number,
  signal: AbortSignal | undefined,
  onRenewError: (error: unknown) => void,
): { signal: AbortSignal; release(): void } {
  const lost = new AbortController();
  const heartbeat = setInterval(() => {
    renew()
      .then((held) => {
        if (!held) lost.abort('cancelled' satisfies StopReason);
      })
      .catch(onRenewError);
  }, leaseMs / 3);
  heartbeat.unref();
  return { signal: signal ? AbortSignal.any([signal, lost.signal]) : lost.signal, release: () => clearInterval(heartbeat) };
}
