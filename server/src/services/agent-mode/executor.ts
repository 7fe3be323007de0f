/**
 * Carries a run out (docs/agent-mode.md "Runs"): claims it, then step after step — charge, run,
 * save — until it finishes, a step asks a question, the person asked for a pause, credits run out,
 * or a step fails. Safe to call more than once for the same run: only one caller holds it, and a
 * run resumed after a crash carries on at the step it was on (that step starts over, charged once).
 * A worker whose claim was taken over or whose run was cancelled changes nothing more. Claim,
 * lease and the retry policy are the leased-run engine's (services/leased-runs/); what a step does
 * and what it costs are Agent Mode's.
 */
import { AGENT_MODE_TEXTS, writesDeliverable, type StepActivity } from '../../../../src/contract/agent-mode';
import type { AnalyticsLoader } from '../agents/analytics';
import { keepLease, leaseLostMessage } from '../leased-runs/lease';
import { attemptsUsedUp, judgeFailure } from '../leased-runs/retry-policy';
import type { AttemptDeps } from '../leased-runs/run-engine';
import type { SemanticIndex } from '../knowledge/semantic-index';
import {
  askQuestion,
  claimRun,
  completeStep,
  failStep,
  finishHeld,
  handBackHeld,
  pauseHeld,
  readRun,
  readSteps,
  renewLease,
  requeueHeld,
  saveStepActivity,
  saveStepText,
  startStep,
  takenOver,
  type HeldRun,
} from './run-claims';
import type { RunRow, StepRow } from './serializers';
import { ChargeRefused } from './step-billing';
import { runStep } from './step-runner';
import { runTopic } from './topic';

export interface ExecutorDeps extends AttemptDeps {
  analytics: AnalyticsLoader;
  semanticIndex: SemanticIndex | null;
  /**
   * The run reached a state the person may need to hear about (finished, failed, needs an answer,
   * paused for credits). Awaited, and never throws: telling must not undo what was saved.
   */
  onRested: (runId: string) => Promise<void>;
}

export type ExecuteOutcome =
  /** The run rests: finished, waiting for an answer, or paused. */
  | { kind: 'rested' }
  /** Someone else holds it, it is not queued, or it was cancelled meanwhile. */
  | { kind: 'skipped' }
  /** Put back in the queue after a failure worth retrying (attempt `attempt` of the step): a new job goes after `retryAfterSeconds`. */
  | { kind: 'requeued'; error: string; attempt: number; retryAfterSeconds: number }
  /**
   * This process is stopping: the run went back to the queue at once (its step, if one was under
   * way, back to pending), and a new job is sent for another process, rather than the run waiting
   * for its lease to run out and the recovery sweep (as chat runs are handed back: agents/runner.ts).
   */
  | { kind: 'handed-back' };

/** Why a handed-back step is pending again, kept on the step as a retried step's error is. */
export const SERVER_RESTARTING = 'The server is restarting';

export const RUN_LEASE_LOST = leaseLostMessage('Agent Mode run');

export async function executeRun(deps: ExecutorDeps, runId: string, signal: AbortSignal): Promise<ExecuteOutcome> {
  const { db, config } = deps;
  const claimed = await claimRun(db, runId, config.agentRuns.leaseMs);
  if (!claimed) return { kind: 'skipped' };
  const held: HeldRun = { id: claimed.id, claims: claimed.claims };
  await deps.waker.wake(runTopic(runId));

  // A cancel from any process, or a takeover after this lease ran out, shows as a failed renewal.
  const lease = keepLease(() => renewLease(db, held, config.agentRuns.leaseMs), config.agentRuns.leaseMs, signal, (error) =>
    deps.log.warn({ err: error, runId }, 'Could not renew an Agent Mode run lease'),
  );
  const stepSignal = lease.signal;

  try {
    for (;;) {
      // Stopping between steps: the next process carries on from here (shutdown), or nothing does (cancel).
      if (stepSignal.aborted) return stepSignal.reason === 'shutdown' ? handBack(deps, held, await handBackHeld(db, held)) : letGo(deps, held);
      const run = await readRun(db, runId);
      if (!run || run.status !== 'running' || run.claims !== held.claims) return letGo(deps, held);
      const steps = await readSteps(db, runId);
      const next = steps.find((step) => step.status === 'running' || step.status === 'pending');
      if (!next) return rest(deps, held, await finishHeld(db, held));
      if (run.pauseRequested) return rest(deps, held, await pauseHeld(db, held, 'user', AGENT_MODE_TEXTS.pausedByUser));
      const outcome = await carryOutStep(deps, held, run, next, steps, stepSignal);
      if (outcome) return outcome;
    }
  } finally {
    lease.release();
  }
}

/** One step from start to saved; returns an outcome when the run stops moving, null to go on. */
async function carryOutStep(deps: ExecutorDeps, held: HeldRun, run: RunRow, next: StepRow, steps: StepRow[], signal: AbortSignal): Promise<ExecuteOutcome | null> {
  const { db, config } = deps;
  let step: StepRow | null;
  try {
    step = await startStep(db, held, next);
  } catch (error) {
    if (!(error instanceof ChargeRefused)) throw error;
    const message =
      error.reason === 'plan'
        ? AGENT_MODE_TEXTS.pausedForPlan(next.title, error.detail)
        : AGENT_MODE_TEXTS.pausedForCredits(next.title, error.required, error.remaining);
    return rest(deps, held, await pauseHeld(db, held, error.reason, message));
  }
  if (!step) return letGo(deps, held);
  await deps.waker.wake(runTopic(run.id));
  if (attemptsUsedUp(config.agentRuns, step.attempts)) {
    return rest(deps, held, await failStep(db, held, step, AGENT_MODE_TEXTS.stepInterrupted, AGENT_MODE_TEXTS.stepFailed(step.position, step.title, AGENT_MODE_TEXTS.stepInterrupted)));
  }

  const topic = runTopic(run.id);
  const streaming = { id: step.id, claim: held.claims, topic, save: (text: string) => saveStepText(db, held, step.id, text) };
  let activity: StepActivity[] = [];
  try {
    const result = await runStep(deps, run, step, steps, {
      signal,
      onProgress: (text, engine) => deps.streams.progress(streaming, text, engine),
      onActivity: (entries) => {
        activity = entries;
        void saveStepActivity(db, held, step.id, entries)
          .then(() => deps.waker.wake(topic))
          .catch((error: unknown) => deps.log.warn({ err: error, runId: run.id }, 'Could not save a step\'s activity'));
      },
    });
    await deps.streams.flush(step.id);
    if (result.question) {
      return rest(deps, held, await askQuestion(db, held, step, { output: result.output, activity: result.activity, question: result.question }));
    }
    const saved = await completeStep(db, held, step, { output: result.output, activity: result.activity, deliverable: writesDeliverable(step.kind) });
    if (!saved) return letGo(deps, held);
    await deps.waker.wake(topic);
    return null;
  } catch (error) {
    const verdict = judgeFailure(config.agentRuns, error, signal, step.attempts);
    switch (verdict.kind) {
      case 'let-go':
        return letGo(deps, held);
      case 'release':
        // This process is stopping: the step starts over in the next process, at once.
        return handBack(deps, held, await requeueHeld(db, held, step, SERVER_RESTARTING));
      case 'retry':
        if (!(await requeueHeld(db, held, step, verdict.message))) return letGo(deps, held);
        deps.log.warn({ err: error, runId: run.id, step: step.position, attempt: step.attempts }, 'Agent Mode step failed; it will be retried');
        await deps.waker.wake(topic);
        return { kind: 'requeued', error: verdict.message, attempt: step.attempts, retryAfterSeconds: verdict.afterSeconds };
      case 'fail': {
        const reasonText = /[.!?]$/.test(verdict.message) ? verdict.message : `${verdict.message}.`;
        deps.log.error({ err: error, runId: run.id, step: step.position, activity: activity.length }, 'Agent Mode step failed');
        return rest(deps, held, await failStep(db, held, step, reasonText, AGENT_MODE_TEXTS.stepFailed(step.position, step.title, reasonText)));
      }
    }
  } finally {
    deps.streams.finished(step.id);
  }
}

/** The run went back to the queue under this claim (or the claim was lost on the way). */
async function handBack(deps: ExecutorDeps, held: HeldRun, written: boolean): Promise<ExecuteOutcome> {
  if (!written) return letGo(deps, held);
  await deps.waker.wake(runTopic(held.id));
  return { kind: 'handed-back' };
}

/** The run came to rest under this claim (or the claim was lost on the way). */
async function rest(deps: ExecutorDeps, held: HeldRun, written: boolean): Promise<ExecuteOutcome> {
  if (!written) return letGo(deps, held);
  await deps.waker.wake(runTopic(held.id));
  await deps.onRested(held.id);
  return { kind: 'rested' };
}

async function letGo(deps: ExecutorDeps, held: HeldRun): Promise<ExecuteOutcome> {
  if (await takenOver(deps.db, held)) deps.log.warn({ runId: held.id, claim: held.claims }, RUN_LEASE_LOST);
  return { kind: 'skipped' };
}
