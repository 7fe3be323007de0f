/**
 * A worker's hold on an Agent Mode run and every change it makes (docs/agent-mode.md "Runs"). The
 * claim, the lease and fencing are the leased-run engine's (services/leased-runs/lease.ts): a claim
 * increments `claims`, and that number fences the claim's later writes, which apply only while the
 * run is still running under it. A cancel, or another worker's takeover, therefore makes every
 * later write of this worker change nothing. What is Agent Mode's own: its steps, their charge and
 * refund, and the states a run rests in.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db, DbExecutor } from '../../db/database';
import { agentModeRuns, agentModeSteps } from '../../db/schema/index';
import type { PauseReason, StepActivity } from '../../../../src/contract/agent-mode';
import { leasedRuns } from '../leased-runs/lease';
import type { RunRow, StepRow } from './serializers';
import { chargeStep, refundStep } from './step-billing';

export interface HeldRun {
  id: string;
  claims: number;
}

const lease = leasedRuns(agentModeRuns, 'claims');

/** The run is running under this claim (not taken over, not cancelled). */
export const stillHeld = lease.stillHeld;

/** Thrown inside a transaction to roll it back when the claim no longer holds. */
class ClaimLost extends Error {}

/** Takes the run for this process; null when it is not queued and not abandoned. */
export const claimRun = (db: DbExecutor, runId: string, leaseMs: number): Promise<RunRow | null> => lease.claim(db, runId, leaseMs);

/** Extends the lease while a step runs; false when the run is no longer this claim's. */
export const renewLease = lease.renew;

export async function readRun(db: DbExecutor, runId: string): Promise<RunRow | null> {
  const [row] = await db.select().from(agentModeRuns).where(eq(agentModeRuns.id, runId));
  return row ?? null;
}

export async function readSteps(db: DbExecutor, runId: string): Promise<StepRow[]> {
  return db.select().from(agentModeSteps).where(eq(agentModeSteps.runId, runId)).orderBy(asc(agentModeSteps.position));
}

/** Changes the run under the claim, in the transaction; throws ClaimLost (rolling back) when it no longer holds. */
async function updateHeld(tx: DbExecutor, held: HeldRun, set: PgUpdateSetSource<typeof agentModeRuns>): Promise<RunRow> {
  const [row] = await tx
    .update(agentModeRuns)
    .set({ ...set, updatedAt: sql`now()` })
    .where(stillHeld(held))
    .returning();
  if (!row) throw new ClaimLost();
  return row;
}

/** Runs `work` in a transaction; false when the claim was lost meanwhile (nothing written). */
async function underClaim(db: Db, work: (tx: DbExecutor) => Promise<void>): Promise<boolean> {
  try {
    await db.transaction(work);
    return true;
  } catch (error) {
    if (error instanceof ClaimLost) return false;
    throw error;
  }
}

/**
 * Starts a step: charges it (once: a restarted step finds its earlier charge), counts the attempt
 * and clears what an interrupted attempt wrote. Null when the claim was lost; ChargeRefused when
 * the plan or the balance does not allow the charge (nothing written then).
 */
export async function startStep(db: Db, held: HeldRun, step: StepRow): Promise<StepRow | null> {
  let started: StepRow | null = null;
  const ok = await underClaim(db, async (tx) => {
    const run = await updateHeld(tx, held, {});
    const charge = step.transactionId ? null : await chargeStep(tx, run, step);
    const [row] = await tx
      .update(agentModeSteps)
      .set({
        status: 'running',
        attempts: sql`${agentModeSteps.attempts} + 1`,
        output: '',
        error: null,
        startedAt: sql`now()`,
        updatedAt: sql`now()`,
        ...(charge ? { transactionId: charge.transactionId } : {}),
      })
      .where(and(eq(agentModeSteps.id, step.id), inArray(agentModeSteps.status, ['pending', 'running'])))
      .returning();
    if (!row) throw new ClaimLost();
    started = row;
  });
  return ok ? started : null;
}

/** Saves a running step's text so far (the stream hub calls it), only while the claim holds. */
export async function saveStepText(db: DbExecutor, held: HeldRun, stepId: string, text: string): Promise<void> {
  await db
    .update(agentModeSteps)
    .set({ output: text })
    .where(and(eq(agentModeSteps.id, stepId), eq(agentModeSteps.status, 'running'), sql`exists (select 1 from ${agentModeRuns} where ${stillHeld(held)})`));
}

/** Records what a running step did (its tool uses) while it runs, so every stream shows them. */
export async function saveStepActivity(db: DbExecutor, held: HeldRun, stepId: string, activity: StepActivity[]): Promise<boolean> {
  return underClaim(db as Db, async (tx) => {
    await updateHeld(tx, held, {});
    await tx.update(agentModeSteps).set({ activity, updatedAt: sql`now()` }).where(eq(agentModeSteps.id, stepId));
  });
}

export async function completeStep(
  db: Db,
  held: HeldRun,
  step: StepRow,
  result: { output: string; activity: StepActivity[]; deliverable: boolean },
): Promise<boolean> {
  return underClaim(db, async (tx) => {
    await updateHeld(tx, held, result.deliverable ? { deliverable: result.output } : {});
    await tx
      .update(agentModeSteps)
      .set({ status: 'succeeded', output: result.output, activity: result.activity, finishedAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(agentModeSteps.id, step.id));
  });
}

/** The step asks the person: the run rests (no lease, no job) until the answer comes. */
export async function askQuestion(db: Db, held: HeldRun, step: StepRow, result: { output: string; activity: StepActivity[]; question: string }): Promise<boolean> {
  return underClaim(db, async (tx) => {
    await updateHeld(tx, held, { status: 'waiting_for_answer', leaseUntil: null, statusMessage: null });
    await tx
      .update(agentModeSteps)
      .set({ status: 'waiting', output: result.output, activity: result.activity, question: result.question, updatedAt: sql`now()` })
      .where(eq(agentModeSteps.id, step.id));
  });
}

/** The step failed for good: refunded, and the run ends failed with the reason. */
export async function failStep(db: Db, held: HeldRun, step: StepRow, error: string, runMessage: string): Promise<boolean> {
  return underClaim(db, async (tx) => {
    await updateHeld(tx, held, { status: 'failed', leaseUntil: null, statusMessage: runMessage, finishedAt: sql`now()` });
    const [row] = await tx
      .update(agentModeSteps)
      .set({ status: 'failed', error, finishedAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(agentModeSteps.id, step.id))
      .returning();
    if (row?.transactionId && !row.refunded) {
      await refundStep(tx, row.transactionId, `Agent Mode step failed: ${error}`);
      await tx.update(agentModeSteps).set({ refunded: true }).where(eq(agentModeSteps.id, step.id));
    }
  });
}

/** The run rests paused (the person asked, or the charge was refused); the step is not started. */
export async function pauseHeld(db: Db, held: HeldRun, reason: PauseReason, message: string): Promise<boolean> {
  return underClaim(db, async (tx) => {
    await updateHeld(tx, held, { status: 'paused', pauseReason: reason, pauseRequested: false, statusMessage: message, leaseUntil: null });
  });
}

export async function finishHeld(db: Db, held: HeldRun): Promise<boolean> {
  return underClaim(db, async (tx) => {
    await updateHeld(tx, held, { status: 'succeeded', leaseUntil: null, statusMessage: null, finishedAt: sql`now()` });
  });
}

/** A failure worth retrying: the run goes back to the queue, the step to pending (its charge kept for the next attempt). */
export async function requeueHeld(db: Db, held: HeldRun, step: StepRow, error: string): Promise<boolean> {
  return underClaim(db, async (tx) => {
    if (!(await lease.backToQueue(tx, held))) throw new ClaimLost();
    await tx.update(agentModeSteps).set({ status: 'pending', error, updatedAt: sql`now()` }).where(eq(agentModeSteps.id, step.id));
  });
}

/** This process is stopping between steps: the run goes back to the queue for another process. */
export async function handBackHeld(db: Db, held: HeldRun): Promise<boolean> {
  return underClaim(db, async (tx) => {
    if (!(await lease.backToQueue(tx, held))) throw new ClaimLost();
  });
}

/** Whether this claim was taken over by a later one (rather than the run cancelled or ended). */
export const takenOver = lease.takenOver;

/** Runs that need a worker (queued for a while, or their lease lapsed). */
export const strandedRuns = lease.stranded;
