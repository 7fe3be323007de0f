/**
 * Agent Mode's moving parts for one app (docs/agent-mode.md "Runs"): its runs' engine
 * (services/leased-runs/run-engine.ts: the durable job queue, the runs being carried out in this
 * process so a cancel stops them at once, retries, the recovery sweep), and what is Agent Mode's
 * own: telling the person when a run comes to rest. It shares the chat's waker and stream hub (one
 * LISTEN/NOTIFY mechanism). Built once by the composition root; closed with the app.
 */
import { createAnalyticsLoader } from '../agents/analytics';
import type { AgentRuntimeDeps } from '../agents/runtime';
import { createRunEngine } from '../leased-runs/run-engine';
import type { StreamHub } from '../leased-runs/stream-hub';
import type { RunWaker } from '../leased-runs/waker';
import type { RunControl } from './actions.service';
import { executeRun, type ExecuteOutcome } from './executor';
import { saveDeliverableAsAsset } from './deliverable';
import { agentModeNotificationContent } from './notification';
import { strandedRuns } from './run-claims';
import { runTopic } from './topic';

export const AGENT_MODE_JOB = 'agent-mode-run';

/** Most steps a plan has (planner.ts makes at most six); bounds how long one job may take. */
const MAX_STEPS = 8;

export interface AgentModeRuntime extends RunControl {
  waker: RunWaker;
  streams: StreamHub;
  /** Registers this process's agent-mode-run job workers and starts the recovery sweep (JOB_WORKERS on). */
  serveJobs(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Made from the same pieces as the chat's runtime. Its `notifications` tell the run's starter when
 * it finishes, stops or needs an answer: the in-app notification and a Web Push to each of their
 * devices (services/notifications/notifier.ts).
 */
export type AgentModeRuntimeDeps = AgentRuntimeDeps;

export function createAgentModeRuntime(deps: AgentModeRuntimeDeps): AgentModeRuntime {
  const { config, db, jobs, waker, streams } = deps;
  const log = deps.log.child({ area: 'agent-mode' });

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
  const runs = createRunEngine<ExecuteOutcome>(
    {
      job: AGENT_MODE_JOB,
      label: 'Agent Mode run',
      // The whole run must fit: every step's model call plus a margin for its context.
      jobExpireInSeconds: MAX_STEPS * (Math.ceil(config.llm.timeoutMs / 1000) + 60),
      attempt: (runId, signal) => executeRun(executorDeps, runId, signal),
      // A run handed back by a stopping process gets its new job at once (another process's workers take it).
      retryAfterSeconds: (outcome) => (outcome.kind === 'requeued' ? outcome.retryAfterSeconds : outcome.kind === 'handed-back' ? 0 : undefined),
      stranded: (queuedForMs) => strandedRuns(db, queuedForMs),
    },
    { config, jobs, streams, log },
  );

  return {
    waker,
    streams,
    enqueue: (runId) => runs.send(runId),
    async stop(runId) {
      runs.stopHere(runId);
      await streams.requestStop(runId);
    },
    changed: (runId) => waker.wake(runTopic(runId)),
    serveJobs: () => runs.serveJobs(),
    close: () => runs.close(),
  };
}
