/**
 * The agents' moving parts for one app: the long-poll waker and the stream hub, and the chat runs'
 * engine (services/leased-runs/run-engine.ts: runs in progress here so a cancel can stop them at
 * once, the durable job queue, retries, the recovery sweep). What is the chat's own: starting a
 * just-accepted run at once in the accepting process, answering in the request (synchronous send,
 * regenerate), cancel and stop. One per app, built by the composition root
 * (server/src/composition/build-deps.ts), shared by the routes and the job workers; closed with the app.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/database';
import type { JobQueue } from '../../jobs/job-queue';
import { endRunWithRefund, openRunOf, settledRun, strandedRuns } from './runs.service';
import { executeRun, type RunOutcome, type RunnerDeps } from './runner';
import { AGENT_MESSAGES } from './messages';
import { toRunDto, type RunDto } from './serializers';
import { createRunEngine } from '../leased-runs/run-engine';
import type { StreamHub } from '../leased-runs/stream-hub';
import type { RunWaker } from '../leased-runs/waker';
import { stopSessionRun } from './stop.service';
import type { StopResult } from '../../../../src/contract/agents';
import { createAnalyticsLoader } from './analytics';
import type { Ga4Context } from '../ga4/ga4-context';
import type { SemanticIndex } from '../knowledge/semantic-index';
import { conflict } from '../../errors';
import { chooseModel } from '../../llm/providers';
import type { Notifier } from '../notifications/notifier';

export const AGENT_RUN_JOB = 'agent-run';

export interface AgentRuntime {
  waker: RunWaker;
  /** Replies as they are written (the stream endpoint reads it). */
  streams: StreamHub;
  /**
   * Answers a just-accepted run: started at once in this process when it serves agent runs and has
   * a free slot (no wait for a worker to pick the job up), otherwise queued. A run started here is
   * as durable as a queued one: its row says `running` with a lease, and if this process dies the
   * recovery sweep of any process queues it again once the lease lapses.
   */
  dispatch(runId: string): Promise<void>;
  /** Runs now in this process (synchronous send, regenerate); the queue is not involved. */
  runNow(runId: string): Promise<RunOutcome>;
  /** Cancels the session's open run: refunds, stops it if it runs here, wakes polls. */
  cancelSessionRun(sessionId: string): Promise<RunDto>;
  /** Stops the session's open run, keeping what was written and refunding the unused part. */
  stopSessionRun(sessionId: string): Promise<StopResult>;
  /** Registers this process's agent-run job workers and starts the recovery sweep (JOB_WORKERS on). */
  serveJobs(): Promise<void>;
  close(): Promise<void>;
}

/** What the runtime is built from: all of it made once at start by the composition root. */
export interface AgentRuntimeDeps {
  config: AppConfig;
  db: Db;
  jobs: JobQueue;
  waker: RunWaker;
  streams: StreamHub;
  ga4: Ga4Context;
  semanticIndex: SemanticIndex | null;
  /** Tells the person when a long reply arrives (reply-notification.ts). */
  notifications: Pick<Notifier, 'notifyInBackground'>;
  log: FastifyBaseLogger;
}

/** One per app, shared by the routes and the job workers; closed with the app (before the waker and the queue). */
export function createAgentRuntime({ config, db, jobs, waker, streams, ga4, semanticIndex, notifications, log: appLog }: AgentRuntimeDeps): AgentRuntime {
  const log = appLog.child({ area: 'agents' });
  const engine = chooseModel(config.llm);
  if (config.llm.provider && config.llm.provider !== engine.engine) {
    // An explicit choice that cannot be honoured is worth saying out loud, once, at start-up.
    log.warn({ requested: config.llm.provider, using: engine.engine }, 'LLM_PROVIDER names a provider without its key or base URL; agents answer with another engine');
  }
  const runnerDeps: RunnerDeps = { db, config, waker, streams, log, semanticIndex, notifications, analytics: createAnalyticsLoader(ga4, { log }) };
  const runs = createRunEngine<RunOutcome>(
    {
      job: AGENT_RUN_JOB,
      label: 'Agent run',
      // The whole run must fit: the model's time limit plus a margin for its context.
      jobExpireInSeconds: Math.ceil(config.llm.timeoutMs / 1000) + 120,
      attempt: (runId, signal, mayRetry) => executeRun(runnerDeps, runId, { signal, mayRetry }),
      retryAfterSeconds: (outcome) => (outcome.kind === 'deferred' ? outcome.retryAfterSeconds : undefined),
      stranded: (queuedForMs) => strandedRuns(db, queuedForMs),
    },
    { config, jobs, streams, log },
  );

  const dispatch = async (runId: string) => {
    // The job workers take one run each; runs started here count against the same number, so a
    // process answers at most twice its concurrency at once (its workers may each hold a job).
    if (!runs.hasRoom()) return runs.send(runId);
    // A retryable failure is sent to the queue by the engine; one stopped by shutdown stays
    // 'running', and its lease lapses and the sweep queues it.
    void runs.run(runId, true).catch((error: unknown) => log.error({ err: error, runId }, 'Agent run failed to start; the recovery sweep will queue it'));
  };

  /**
   * A run answered in the request's own process (synchronous send, regenerate). Stopped part way,
   * its kept reply is the answer. One that never started (claimed elsewhere and lost, or ended
   * before it began) is ended with a refund if it is still queued: nothing is charged for it.
   */
  const runNow = async (runId: string): Promise<RunOutcome> => {
    const outcome = await runs.run(runId, false);
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
    runNow,
    async cancelSessionRun(sessionId) {
      const open = await openRunOf(db, sessionId);
      if (!open) throw conflict(AGENT_MESSAGES.nothingToCancel);
      const ended = await endRunWithRefund(db, open.id, 'cancelled', AGENT_MESSAGES.runCancelled);
      runs.stopHere(open.id);
      await waker.wake(sessionId);
      if (!ended) throw conflict(AGENT_MESSAGES.nothingToCancel);
      return toRunDto(ended);
    },
    stopSessionRun: (sessionId) => stopSessionRun({ db, streams, waker }, sessionId),
    serveJobs: () => runs.serveJobs(),
    close: () => runs.close(),
  };
}
