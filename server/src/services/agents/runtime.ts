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
import { endRunWithRefund, openRunOf, strandedRuns } from './runs.service';
import { executeRun, type RunOutcome, type RunnerDeps, type StopReason } from './runner';
import { AGENT_MESSAGES } from './messages';
import { toRunDto, type RunDto } from './serializers';
import type { ReplyWaker } from './waker';
import { createAnalyticsLoader } from './analytics';
import type { Ga4Context } from '../ga4/ga4-context';
import type { SemanticIndex } from '../knowledge/semantic-index';
import { conflict } from '../../errors';
import { chooseModel } from '../../llm/providers';

export const AGENT_RUN_JOB = 'agent-run';
export interface AgentRunJobData {
  runId: string;
}

/** A queued run older than this with no worker on it is re-enqueued by the sweep. */
const STRANDED_QUEUED_MS = 60_000;

export interface AgentRuntime {
  waker: ReplyWaker;
  /** Queues a run on the durable job queue. */
  enqueue(runId: string): Promise<void>;
  /** Runs now in this process (synchronous send, regenerate); the queue is not involved. */
  runNow(runId: string): Promise<RunOutcome>;
  /** The job handler's body. */
  runFromJob(runId: string, isLastAttempt: boolean): Promise<RunOutcome>;
  /** Cancels the session's open run: refunds, stops it if it runs here, wakes polls. */
  cancelSessionRun(sessionId: string): Promise<RunDto>;
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
  ga4: Ga4Context;
  semanticIndex: SemanticIndex | null;
  log: FastifyBaseLogger;
}

/** One per app, shared by the routes and the job handler; closed with the app (before the waker and the queue). */
export function createAgentRuntime({ config, db, jobs, waker, ga4, semanticIndex, log: appLog }: AgentRuntimeDeps): AgentRuntime {
  const log = appLog.child({ area: 'agents' });
  const engine = chooseModel(config.llm);
  if (config.llm.provider && config.llm.provider !== engine.engine) {
    // An explicit choice that cannot be honoured is worth saying out loud, once, at start-up.
    log.warn({ requested: config.llm.provider, using: engine.engine }, 'LLM_PROVIDER names a provider without its key or base URL; agents answer with another engine');
  }
  const running = new Map<string, AbortController>();
  const inFlight = new Set<Promise<unknown>>();
  const runnerDeps: RunnerDeps = { db, config, waker, log, semanticIndex, analytics: createAnalyticsLoader(ga4, { log }) };
  let sweep: NodeJS.Timeout | undefined;
  let closing = false;

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

  const enqueue = async (runId: string) => {
    // The whole run, retries included, must fit: the model's time limit plus a margin for context.
    const expireInSeconds = Math.ceil(config.llm.timeoutMs / 1000) + 120;
    await jobs.send<AgentRunJobData>(AGENT_RUN_JOB, { runId }, { retryLimit: config.agentRuns.maxAttempts, expireInSeconds });
  };

  const recoverStranded = async () => {
    const ids = await strandedRuns(db, STRANDED_QUEUED_MS);
    for (const id of ids) await enqueue(id);
    if (ids.length > 0) log.warn({ runs: ids.length }, 'Re-enqueued agent runs left behind by a stopped process');
    return ids.length;
  };

  return {
    waker,
    enqueue,
    runNow: (runId) => run(runId, false),
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
