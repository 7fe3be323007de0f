/**
 * The agents' moving parts for one app: the long-poll waker, the runs in progress in this
 * process (so a cancel can stop them at once), enqueueing on the durable job queue, and the
 * recovery sweep that re-enqueues runs a dead process left behind. One per app, built by the
 * composition root (server/src/composition/build-deps.ts), shared by the routes and the job
 * handler; closed with the app.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/database';
import type { JobQueue } from '../../jobs/job-queue';
import { endRunWithRefund, openRunOf, settledRun, strandedRuns } from './runs.service';
import { executeRun, type RunOutcome, type RunnerDeps, type StopReason } from './runner';
import { AGENT_MESSAGES } from './messages';
import { toRunDto, type RunDto } from './serializers';
import type { ReplyWaker } from './waker';
import type { ReplyStreamHub } from './reply-stream';
import { stopSessionRun } from './stop.service';
import type { StopResult } from '../../../../src/contract/agents';
import { createAnalyticsLoader } from './analytics';
import type { Ga4Context } from '../ga4/ga4-context';
import type { SemanticIndex } from '../knowledge/semantic-index';
import { conflict } from '../../errors';
import { chooseModel } from '../../llm/providers';
import type { Notifier } from '../notifications/notifier';

export const AGENT_RUN_JOB = 'agent-run';
export interface AgentRunJobData {
  runId: string;
}

/** A queued run older than this with no worker on it is re-enqueued by the sweep. */
const STRANDED_QUEUED_MS = 60_000;
/** A run started by dispatch that failed and may be retried goes to the queue this long after: the queue's own first back-off. */
const DISPATCHED_RETRY_AFTER_SECONDS = 5;

export interface AgentRuntime {
  waker: ReplyWaker;
  /** Replies as they are written (the stream endpoint reads it). */
  streams: ReplyStreamHub;
  /**
   * Answers a just-accepted run: started at once in this process when it serves agent runs and has
   * a free slot (no wait for a worker to pick the job up), otherwise queued. A run started here is
   * as durable as a queued one: its row says `running` with a lease, and if this process dies the
   * recovery sweep of any process queues it again once the lease lapses.
   */
  dispatch(runId: string): Promise<void>;
  /** This process answers agent runs (its job workers are registered): dispatch may start them here. */
  serveRunsHere(): void;
  /** Runs now in this process (synchronous send, regenerate); the queue is not involved. */
  runNow(runId: string): Promise<RunOutcome>;
  /** The job handler's body. */
  runFromJob(runId: string, isLastAttempt: boolean): Promise<RunOutcome>;
  /** Cancels the session's open run: refunds, stops it if it runs here, wakes polls. */
  cancelSessionRun(sessionId: string): Promise<RunDto>;
  /** Stops the session's open run, keeping what was written and refunding the unused part. */
  stopSessionRun(sessionId: string): Promise<StopResult>;
  /** Starts the periodic recovery sweep (processes that run workers). */
  startRecovery(): void;
  /** Re-enqueues stranded runs once; returns how many. */
  recoverStranded(): Promise<number>;
  close(): Promise<void>;
}

/** What the runtime is built from: all of it made once at start by the composition root. */
export interface AgentRuntimeDeps {
  config: AppConfig;
  db: Db;
  jobs: JobQueue;
  waker: ReplyWaker;
  streams: ReplyStreamHub;
  ga4: Ga4Context;
  semanticIndex: SemanticIndex | null;
  /** Tells the person when a long reply arrives (reply-notification.ts). */
  notifications: Pick<Notifier, 'notifyInBackground'>;
  log: FastifyBaseLogger;
}

/** One per app, shared by the routes and the job handler; closed with the app (before the waker and the queue). */
export function createAgentRuntime({ config, db, jobs, waker, streams, ga4, semanticIndex, notifications, log: appLog }: AgentRuntimeDeps): AgentRuntime {
  const log = appLog.child({ area: 'agents' });
  const engine = chooseModel(config.llm);
  if (config.llm.provider && config.llm.provider !== engine.engine) {
    // An explicit choice that cannot be honoured is worth saying out loud, once, at start-up.
    log.warn({ requested: config.llm.provider, using: engine.engine }, 'LLM_PROVIDER names a provider without its key or base URL; agents answer with another engine');
  }
  const running = new Map<string, AbortController>();
  const inFlight = new Set<Promise<unknown>>();
  const runnerDeps: RunnerDeps = { db, config, waker, streams, log, semanticIndex, notifications, analytics: createAnalyticsLoader(ga4, { log }) };
  // A stop asked of any process (this one included) aborts the model call where the run is answered.
  streams.onStopRequest((runId) => running.get(runId)?.abort('cancelled' satisfies StopReason));
  let sweep: NodeJS.Timeout | undefined;
  let closing = false;
  let servesRuns = false;

  const track = <T>(promise: Promise<T>): Promise<T> => {
    inFlight.add(promise);
    void promise.finally(() => inFlight.delete(promise)).catch(() => undefined);
    return promise;
  };

  const run = (runId: string, mayRetry: boolean): Promise<RunOutcome> => {
    const controller = new AbortController();
    running.set(runId, controller);
    return track(executeRun(runnerDeps, runId, { signal: controller.signal, mayRetry })).finally(() => {
      if (running.get(runId) === controller) running.delete(runId);
    });
  };

  const enqueue = async (runId: string, startAfter?: number) => {
    // The whole run, retries included, must fit: the model's time limit plus a margin for context.
    const expireInSeconds = Math.ceil(config.llm.timeoutMs / 1000) + 120;
    await jobs.send<AgentRunJobData>(AGENT_RUN_JOB, { runId }, { retryLimit: config.agentRuns.maxAttempts, expireInSeconds, ...(startAfter ? { startAfter } : {}) });
  };

  const dispatch = async (runId: string) => {
    // The job workers take one run each; runs started here count against the same number, so a
    // process answers at most twice its concurrency at once (its workers may each hold a job).
    if (!servesRuns || closing || running.size >= config.agentRuns.concurrency) return enqueue(runId);
    void run(runId, true)
      .then(async (outcome) => {
        // A retryable failure put the run back to 'queued': the queue retries it after a back-off.
        // One stopped by shutdown stays 'running'; its lease lapses and the sweep queues it.
        if (outcome.kind === 'deferred' && !closing) await enqueue(runId, DISPATCHED_RETRY_AFTER_SECONDS);
      })
      .catch((error: unknown) => log.error({ err: error, runId }, 'Agent run failed to start; the recovery sweep will queue it'));
  };

  const recoverStranded = async () => {
    const ids = await strandedRuns(db, STRANDED_QUEUED_MS);
    for (const id of ids) await enqueue(id);
    if (ids.length > 0) log.warn({ runs: ids.length }, 'Re-enqueued agent runs left behind by a stopped process');
    return ids.length;
  };

  /**
   * A run answered in the request's own process (synchronous send, regenerate). Stopped part way,
   * its kept reply is the answer. One that never started (claimed elsewhere and lost, or ended
   * before it began) is ended with a refund if it is still queued: nothing is charged for it.
   */
  const runNow = async (runId: string): Promise<RunOutcome> => {
    const outcome = await run(runId, false);
    if (outcome.kind !== 'cancelled' && outcome.kind !== 'skipped') return outcome;
    const settled = await settledRun(db, runId);
    if (settled?.status === 'succeeded' && settled.reply) return { kind: 'succeeded', reply: settled.reply };
    if (settled?.status === 'queued') {
      await endRunWithRefund(db, runId, 'cancelled', AGENT_MESSAGES.runNotStarted);
      await waker.wake(settled.sessionId);
      return { kind: 'failed', error: AGENT_MESSAGES.runNotStarted };
    }
    return outcome;
  };

  return {
    waker,
    streams,
    dispatch,
    serveRunsHere() {
      servesRuns = true;
    },
    runNow,
    runFromJob: (runId, isLastAttempt) => {
      if (closing) return Promise.resolve({ kind: 'deferred', error: 'The server is stopping' });
      return run(runId, !isLastAttempt);
    },
    async cancelSessionRun(sessionId) {
      const open = await openRunOf(db, sessionId);
      if (!open) throw conflict(AGENT_MESSAGES.nothingToCancel);
      const ended = await endRunWithRefund(db, open.id, 'cancelled', AGENT_MESSAGES.runCancelled);
      running.get(open.id)?.abort('cancelled' satisfies StopReason);
      await waker.wake(sessionId);
      if (!ended) throw conflict(AGENT_MESSAGES.nothingToCancel);
      return toRunDto(ended);
    },
    stopSessionRun: (sessionId) => stopSessionRun({ db, streams, waker }, sessionId),
    startRecovery() {
      if (sweep) return;
      const tick = () => void recoverStranded().catch((error: unknown) => log.error({ err: error }, 'Agent run recovery failed'));
      tick();
      // Every lease period: a run orphaned by a dead process resumes within about two leases.
      sweep = setInterval(tick, config.agentRuns.leaseMs);
      sweep.unref();
    },
    recoverStranded,
    async close() {
      closing = true;
      clearInterval(sweep);
      // Runs in progress here stay 'running'; their lease runs out and the next process resumes them.
      for (const controller of running.values()) controller.abort('shutdown' satisfies StopReason);
      await Promise.allSettled([...inFlight]);
    },
  };
}
