/**
 * Agent Mode's moving parts for one app (docs/agent-mode.md "Runs"): enqueueing runs on the durable
 * job queue, the runs being carried out in this process (so a cancel stops them at once), the
 * recovery sweep that re-enqueues runs a dead process left behind, and telling the person when a
 * run comes to rest. It shares the chat's waker and stream hub (one LISTEN/NOTIFY mechanism).
 * Built once by the composition root; closed with the app.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/database';
import type { JobQueue } from '../../jobs/job-queue';
import { createAnalyticsLoader } from '../agents/analytics';
import type { ReplyStreamHub } from '../agents/reply-stream';
import type { ReplyWaker } from '../agents/waker';
import type { Ga4Context } from '../ga4/ga4-context';
import type { SemanticIndex } from '../knowledge/semantic-index';
import type { Notifier } from '../notifications/notifier';
import type { RunControl } from './actions.service';
import { executeRun, type ExecuteOutcome, type StopReason } from './executor';
import { saveDeliverableAsAsset } from './deliverable';
import { agentModeNotificationContent } from './notification';
import { strandedRuns } from './run-claims';
import { runTopic } from './topic';

export const AGENT_MODE_JOB = 'agent-mode-run';
export interface AgentModeJobData {
  runId: string;
}

/** A queued run older than this with no worker on it is re-enqueued by the sweep. */
const STRANDED_QUEUED_MS = 60_000;
/** Most steps a plan has (planner.ts makes at most six); bounds how long one job may take. */
const MAX_STEPS = 8;
/** Back-off before a step that failed with a retryable error runs again: 5 s, 10 s, 20 s… */
const RETRY_BASE_SECONDS = 5;

export interface AgentModeRuntime extends RunControl {
  waker: ReplyWaker;
  streams: ReplyStreamHub;
  /** The job handler's body. */
  runFromJob(runId: string): Promise<ExecuteOutcome>;
  startRecovery(): void;
  recoverStranded(): Promise<number>;
  close(): Promise<void>;
}

export interface AgentModeRuntimeDeps {
  config: AppConfig;
  db: Db;
  jobs: JobQueue;
  waker: ReplyWaker;
  streams: ReplyStreamHub;
  ga4: Ga4Context;
  semanticIndex: SemanticIndex | null;
  /**
   * Tells the run's starter when it finishes, stops or needs an answer: the in-app notification
   * and a Web Push to each of their devices (services/notifications/notifier.ts).
   */
  notifications: Pick<Notifier, 'notifyInBackground'>;
  log: FastifyBaseLogger;
}

export function createAgentModeRuntime(deps: AgentModeRuntimeDeps): AgentModeRuntime {
  const { config, db, jobs, waker, streams } = deps;
  const log = deps.log.child({ area: 'agent-mode' });
  const running = new Map<string, AbortController>();
  const inFlight = new Set<Promise<unknown>>();
  let sweep: NodeJS.Timeout | undefined;
  let closing = false;

  // Awaited by the executor before the job ends, so a closing app never drops a run's notification:
  // the content is read here, and the notifier's close waits for the push it sends in the background.
  const tellPerson = async (runId: string) => {
    try {
      // A finished run's deliverable lands in Creative Assets before the person is told.
      const assetId = await saveDeliverableAsAsset(db, runId);
      if (assetId) log.info({ runId, assetId }, 'Agent Mode deliverable saved to Creative Assets');
    } catch (error) {
      log.warn({ err: error, runId }, 'Could not save the Agent Mode deliverable to Creative Assets');
    }
    try {
      const content = await agentModeNotificationContent(db, runId);
      if (!content) return;
      log.info({ runId, kind: content.kind }, 'Agent Mode run needs its starter');
      deps.notifications.notifyInBackground(content);
    } catch (error) {
      log.warn({ err: error, runId }, 'Could not prepare an Agent Mode notification');
    }
  };

  const executorDeps = {
    db,
    config,
    waker,
    streams,
    analytics: createAnalyticsLoader(deps.ga4, { log }),
    semanticIndex: deps.semanticIndex,
    onRested: tellPerson,
    log,
  };
  // A stop asked of any process (this one included) aborts the run's step where it is carried out.
  streams.onStopRequest((id) => running.get(id)?.abort('cancelled' satisfies StopReason));

  const send = async (runId: string, startAfter?: number) => {
    // The whole run must fit: every step's model call plus a margin for its context.
    const expireInSeconds = MAX_STEPS * (Math.ceil(config.llm.timeoutMs / 1000) + 60);
    await jobs.send<AgentModeJobData>(AGENT_MODE_JOB, { runId }, { retryLimit: config.agentRuns.maxAttempts, expireInSeconds, startAfter });
  };

  const recoverStranded = async () => {
    const ids = await strandedRuns(db, STRANDED_QUEUED_MS);
    for (const id of ids) await send(id);
    if (ids.length > 0) log.warn({ runs: ids.length }, 'Re-enqueued Agent Mode runs left behind by a stopped process');
    return ids.length;
  };

  return {
    waker,
    streams,
    enqueue: (runId) => send(runId),
    async stop(runId) {
      running.get(runId)?.abort('cancelled' satisfies StopReason);
      await streams.requestStop(runId);
    },
    changed: (runId) => waker.wake(runTopic(runId)),
    async runFromJob(runId) {
      if (closing) return { kind: 'released' };
      const controller = new AbortController();
      running.set(runId, controller);
      const work = executeRun(executorDeps, runId, controller.signal);
      inFlight.add(work);
      try {
        const outcome = await work;
        if (outcome.kind === 'requeued') await send(runId, RETRY_BASE_SECONDS * 2 ** Math.max(0, outcome.attempt - 1));
        return outcome;
      } finally {
        inFlight.delete(work);
        if (running.get(runId) === controller) running.delete(runId);
      }
    },
    startRecovery() {
      if (sweep) return;
      const tick = () => void recoverStranded().catch((error: unknown) => log.error({ err: error }, 'Agent Mode recovery failed'));
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
