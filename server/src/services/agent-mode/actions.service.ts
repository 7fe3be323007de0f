/**
 * What the person does to a run (docs/agent-mode.md "States"): start the plan, edit a step before
 * it runs, pause, resume, cancel, answer a step's question. Each change is one conditional UPDATE
 * (or one transaction), so two clicks, two tabs or a worker racing a click cannot both win. Only the
 * person who started the run and the organisation's owners and admins may act on it.
 */
import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { actOnRunBlockedReason, AGENT_MODE_TEXTS, FINISHED_STATUSES, type AgentModeRunDetail } from '../../../../src/contract/agent-mode';
import type { Role } from '../../../../src/contract/auth';
import type { Db } from '../../db/database';
import { isUuid } from '../../db/ids';
import { agentModeRuns, agentModeSteps } from '../../db/schema/index';
import { conflict, forbidden, notFound } from '../../errors';
import { assertPlanActive } from '../billing/plans.service';
import { requireRun, runDetail } from './runs.service';
import type { RunRow } from './serializers';
import { refundStep } from './step-billing';

export interface RunActor {
  userId: string;
  role: Role;
}

/** What the actions need of the runtime: queueing, stopping work in progress, waking streams. */
export interface RunControl {
  enqueue(runId: string): Promise<void>;
  /** Stops the run's step wherever it is being carried out (this process or another). */
  stop(runId: string): Promise<void>;
  /** Tells the run's listeners (streams) that it changed. */
  changed(runId: string): Promise<void>;
}

export interface ActionDeps {
  db: Db;
  control: RunControl;
}

const openRun = (runId: string) => and(eq(agentModeRuns.id, runId), notInArray(agentModeRuns.status, [...FINISHED_STATUSES]));

async function actionable(db: Db, actor: RunActor, spaceId: string, runId: string): Promise<RunRow> {
  const run = await requireRun(db, spaceId, runId);
  const blocked = actOnRunBlockedReason({ id: actor.userId, role: actor.role }, run.userId);
  if (blocked) throw forbidden(blocked);
  return run;
}

async function answerWith(deps: ActionDeps, runId: string): Promise<AgentModeRunDetail> {
  await deps.control.changed(runId);
  const [row] = await deps.db.select().from(agentModeRuns).where(eq(agentModeRuns.id, runId));
  return runDetail(deps.db, row!);
}

/** Starts the plan: 402 PLAN_EXPIRED when the plan lapsed (the spec's text); credits are checked step by step. */
export async function approveRun(deps: ActionDeps, actor: RunActor, spaceId: string, runId: string): Promise<AgentModeRunDetail> {
  const run = await actionable(deps.db, actor, spaceId, runId);
  if (run.status !== 'awaiting_approval') throw conflict(isFinishedStatus(run) ? AGENT_MODE_TEXTS.runFinished : AGENT_MODE_TEXTS.notAwaitingApproval);
  await assertPlanActive(deps.db, run.orgId);
  const started = await deps.db
    .update(agentModeRuns)
    .set({ status: 'queued', startedAt: sql`now()`, statusMessage: null, updatedAt: sql`now()` })
    .where(and(eq(agentModeRuns.id, runId), eq(agentModeRuns.status, 'awaiting_approval')))
    .returning({ id: agentModeRuns.id });
  if (started.length === 0) throw conflict(AGENT_MODE_TEXTS.notAwaitingApproval);
  await deps.control.enqueue(runId);
  return answerWith(deps, runId);
}

const isFinishedStatus = (run: RunRow) => FINISHED_STATUSES.includes(run.status);

/** A step's instruction changes while the step has not started (whatever the run is doing). */
export async function editStep(deps: ActionDeps, actor: RunActor, spaceId: string, runId: string, stepId: string, instruction: string): Promise<AgentModeRunDetail> {
  const run = await actionable(deps.db, actor, spaceId, runId);
  if (isFinishedStatus(run)) throw conflict(AGENT_MODE_TEXTS.runFinished);
  if (!isUuid(stepId)) throw notFound(AGENT_MODE_TEXTS.stepNotFound);
  const [step] = await deps.db.select({ id: agentModeSteps.id }).from(agentModeSteps).where(and(eq(agentModeSteps.id, stepId), eq(agentModeSteps.runId, runId)));
  if (!step) throw notFound(AGENT_MODE_TEXTS.stepNotFound);
  const edited = await deps.db
    .update(agentModeSteps)
    .set({ instruction, updatedAt: sql`now()` })
    // A step the worker has started (or that ran) keeps the instruction it ran with.
    .where(and(eq(agentModeSteps.id, stepId), eq(agentModeSteps.status, 'pending'), sql`not exists (select 1 from ${agentModeRuns} where ${agentModeRuns.id} = ${runId} and ${inArray(agentModeRuns.status, [...FINISHED_STATUSES])})`))
    .returning({ id: agentModeSteps.id });
  if (edited.length === 0) throw conflict(AGENT_MODE_TEXTS.stepStarted);
  await deps.db.update(agentModeRuns).set({ updatedAt: sql`now()` }).where(eq(agentModeRuns.id, runId));
  return answerWith(deps, runId);
}

/** Queued: paused at once. Running: paused when the step in progress ends (its work is kept). */
export async function pauseRun(deps: ActionDeps, actor: RunActor, spaceId: string, runId: string): Promise<AgentModeRunDetail> {
  await actionable(deps.db, actor, spaceId, runId);
  const now = await deps.db
    .update(agentModeRuns)
    .set({ status: 'paused', pauseReason: 'user', statusMessage: AGENT_MODE_TEXTS.pausedByUser, updatedAt: sql`now()` })
    .where(and(eq(agentModeRuns.id, runId), eq(agentModeRuns.status, 'queued')))
    .returning({ id: agentModeRuns.id });
  if (now.length === 0) {
    const later = await deps.db
      .update(agentModeRuns)
      .set({ pauseRequested: true, statusMessage: AGENT_MODE_TEXTS.pausingAfterStep, updatedAt: sql`now()` })
      .where(and(eq(agentModeRuns.id, runId), eq(agentModeRuns.status, 'running')))
      .returning({ id: agentModeRuns.id });
    if (later.length === 0) throw conflict(AGENT_MODE_TEXTS.nothingToPause);
  }
  return answerWith(deps, runId);
}

/** Paused: back to the queue (a refused charge is tried again). Pausing after a step: that request is dropped. */
export async function resumeRun(deps: ActionDeps, actor: RunActor, spaceId: string, runId: string): Promise<AgentModeRunDetail> {
  const run = await actionable(deps.db, actor, spaceId, runId);
  if (run.status === 'paused') {
    if (run.pauseReason === 'plan') await assertPlanActive(deps.db, run.orgId);
    const resumed = await deps.db
      .update(agentModeRuns)
      .set({ status: 'queued', pauseReason: null, pauseRequested: false, statusMessage: null, updatedAt: sql`now()` })
      .where(and(eq(agentModeRuns.id, runId), eq(agentModeRuns.status, 'paused')))
      .returning({ id: agentModeRuns.id });
    if (resumed.length > 0) {
      await deps.control.enqueue(runId);
      return answerWith(deps, runId);
    }
  }
  const kept = await deps.db
    .update(agentModeRuns)
    .set({ pauseRequested: false, statusMessage: null, updatedAt: sql`now()` })
    .where(and(eq(agentModeRuns.id, runId), eq(agentModeRuns.status, 'running'), eq(agentModeRuns.pauseRequested, true)))
    .returning({ id: agentModeRuns.id });
  if (kept.length === 0) throw conflict(AGENT_MODE_TEXTS.notPaused);
  return answerWith(deps, runId);
}

/** Ends the run now: the step in progress stops, and every charged step that had not finished is refunded. */
export async function cancelRun(deps: ActionDeps, actor: RunActor, spaceId: string, runId: string): Promise<AgentModeRunDetail> {
  await actionable(deps.db, actor, spaceId, runId);
  const cancelled = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(agentModeRuns)
      .set({ status: 'cancelled', leaseUntil: null, pauseRequested: false, pauseReason: null, statusMessage: AGENT_MODE_TEXTS.cancelled, finishedAt: sql`now()`, updatedAt: sql`now()` })
      .where(openRun(runId))
      .returning();
    if (!row) return false;
    const unfinished = await tx
      .update(agentModeSteps)
      .set({ status: sql`case when ${agentModeSteps.status} = 'pending' then 'pending' else 'cancelled' end`, finishedAt: sql`now()`, updatedAt: sql`now()` })
      .where(and(eq(agentModeSteps.runId, runId), inArray(agentModeSteps.status, ['pending', 'running', 'waiting'])))
      .returning();
    for (const step of unfinished) {
      if (!step.transactionId || step.refunded) continue;
      await refundStep(tx, step.transactionId, 'Agent Mode run cancelled');
      await tx.update(agentModeSteps).set({ refunded: true }).where(eq(agentModeSteps.id, step.id));
    }
    return true;
  });
  if (!cancelled) throw conflict(AGENT_MODE_TEXTS.runFinished);
  await deps.control.stop(runId);
  return answerWith(deps, runId);
}

/** The step that asked runs again with the answer (or without one, when the person skips). */
export async function answerQuestion(
  deps: ActionDeps,
  actor: RunActor,
  spaceId: string,
  runId: string,
  body: { answer: string | null; skip?: boolean },
): Promise<AgentModeRunDetail> {
  await actionable(deps.db, actor, spaceId, runId);
  const skipped = body.skip === true;
  const answered = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(agentModeRuns)
      .set({ status: 'queued', statusMessage: null, updatedAt: sql`now()` })
      .where(and(eq(agentModeRuns.id, runId), eq(agentModeRuns.status, 'waiting_for_answer')))
      .returning({ id: agentModeRuns.id });
    if (!row) return false;
    await tx
      .update(agentModeSteps)
      .set({ status: 'pending', answer: skipped ? null : body.answer, answerSkipped: skipped, updatedAt: sql`now()` })
      .where(and(eq(agentModeSteps.runId, runId), eq(agentModeSteps.status, 'waiting')));
    return true;
  });
  if (!answered) throw conflict(AGENT_MODE_TEXTS.noQuestion);
  await deps.control.enqueue(runId);
  return answerWith(deps, runId);
}
