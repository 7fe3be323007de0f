/**
 * The moving parts every kind of leased run shares, one engine per kind per app (docs/agents.md
 * "Runs"): the attempts in progress in this process (so a stop reaches them at once, and closing
 * lets them go), sending runs to the durable job queue, the job workers, the new job of a retry
 * after its back-off (retry-policy.ts), and the recovery sweep that sends again the runs a stopped
 * process left behind (lease.ts). What one attempt does (answer a chat message, carry an Agent
 * Mode plan's steps out) is the kind's own.
 */
import type { AppConfig } from '../../config';
import type { Db } from '../../db/database';
import type { Job, JobQueue } from '../../jobs/job-queue';
import type { StopReason } from './lease';
import { jobRetryLimit } from './retry-policy';
import type { StreamHub } from './stream-hub';
import type { RunWaker } from './waker';

/**
 * A queued run older than this (or than one lease period, when that is shorter) is sent again by the
 * sweep: its job may have been lost between the commit and the send, or fetched by a process that
 * died before claiming the run. A duplicate job is harmless (the claim decides).
 */
const STRANDED_QUEUED_MS = 60_000;

export interface RunJobData {
  runId: string;
}

export interface RunLog {
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

/** What a kind's attempt works with, whatever the kind: the database, the settings, where it tells of changes and text. */
export interface AttemptDeps {
  db: Db;
  config: Pick<AppConfig, 'llm' | 'agentRuns'>;
  /** Wakes the run's listeners (polls, streams) when its state changes. */
  waker: RunWaker;
  /** Where the text is reported while it is written (streams, stop). */
  streams: StreamHub;
  log: RunLog;
}

/** What makes one kind of leased run. */
export interface RunKind<Outcome> {
  /** Its job on the queue ('agent-run', 'agent-mode-run'). */
  job: string;
  /** How the log names it ('Agent run', 'Agent Mode run'). */
  label: string;
  /** Longest one job may take: every model call it may make, with a margin for their context. */
  jobExpireInSeconds: number;
  /**
   * One attempt at the run in this process; `signal` aborts with a StopReason (lease.ts).
   * `mayRetry` false: the request waits for the answer, so a failure is final.
   */
  attempt(runId: string, signal: AbortSignal, mayRetry: boolean): Promise<Outcome>;
  /** When the attempt put the run back in the queue for a retry: the seconds before its job (retry-policy.ts). */
  retryAfterSeconds(outcome: Outcome): number | undefined;
  /** Runs a stopped process left behind (lease.ts `stranded`). */
  stranded(queuedForMs: number): Promise<string[]>;
}

export interface RunEngineDeps {
  config: Pick<AppConfig, 'agentRuns'>;
  jobs: JobQueue;
  /** Carries stop requests from any process to the one running the attempt. */
  streams: Pick<StreamHub, 'onStopRequest'>;
  log: RunLog;
}

export interface RunEngine<Outcome> {
  /** Sends the run to the queue (after `startAfterSeconds`). */
  send(runId: string, startAfterSeconds?: number): Promise<void>;
  /** An attempt here and now, stoppable by `stopHere` and any process's stop request; a retry it asks for is sent. */
  run(runId: string, mayRetry: boolean): Promise<Outcome>;
  /** Stops the run's attempt if it runs in this process. */
  stopHere(runId: string): void;
  /** This process serves the kind's jobs, is not closing and has fewer attempts in progress than AGENT_RUN_CONCURRENCY. */
  hasRoom(): boolean;
  /** Registers the job workers (processes with JOB_WORKERS on) and starts the recovery sweep. */
  serveJobs(): Promise<void>;
  /** Sends the stranded runs again once; returns how many. */
  recoverStranded(): Promise<number>;
  /** Stops the sweep and lets the attempts in progress go (chat runs back to the queue, Agent Mode steps to their lease). */
  close(): Promise<void>;
}

export function createRunEngine<Outcome>(kind: RunKind<Outcome>, { config, jobs, streams, log }: RunEngineDeps): RunEngine<Outcome> {
  const running = new Map<string, AbortController>();
  const inFlight = new Set<Promise<unknown>>();
  const sending = new Set<Promise<void>>();
  let sweep: NodeJS.Timeout | undefined;
  let closing = false;
  let servesJobs = false;

  // A stop asked of any process (this one included) aborts the attempt where it runs.
  streams.onStopRequest((runId) => running.get(runId)?.abort('cancelled' satisfies StopReason));

  const send = async (runId: string, startAfterSeconds?: number) => {
    await jobs.send<RunJobData>(
      kind.job,
      { runId },
      { retryLimit: jobRetryLimit(config.agentRuns), expireInSeconds: kind.jobExpireInSeconds, ...(startAfterSeconds ? { startAfter: startAfterSeconds } : {}) },
    );
  };

  const run = async (runId: string, mayRetry: boolean): Promise<Outcome> => {
    const controller = new AbortController();
    running.set(runId, controller);
    const work = kind.attempt(runId, controller.signal, mayRetry);
    inFlight.add(work);
    try {
      const outcome = await work;
      const retryAfter = kind.retryAfterSeconds(outcome);
      if (retryAfter !== undefined) {
        // Tracked so that closing waits for the job of a run handed back on shutdown to be sent.
        const sent = send(runId, retryAfter);
        sending.add(sent);
        await sent.finally(() => sending.delete(sent));
      }
      return outcome;
    } finally {
      inFlight.delete(work);
      if (running.get(runId) === controller) running.delete(runId);
    }
  };

  const recoverStranded = async () => {
    const ids = await kind.stranded(Math.min(STRANDED_QUEUED_MS, config.agentRuns.leaseMs));
    for (const id of ids) await send(id);
    if (ids.length > 0) log.warn({ runs: ids.length }, `Re-enqueued ${kind.label}s left behind by a stopped process`);
    return ids.length;
  };

  const startRecovery = () => {
    if (sweep) return;
    const tick = () => void recoverStranded().catch((error: unknown) => log.error({ err: error }, `${kind.label} recovery failed`));
    tick();
    // Every lease period: a run orphaned by a dead process resumes within about two leases.
    sweep = setInterval(tick, config.agentRuns.leaseMs);
    sweep.unref();
  };

  return {
    send,
    run,
    stopHere: (runId) => running.get(runId)?.abort('cancelled' satisfies StopReason),
    hasRoom: () => servesJobs && !closing && running.size < config.agentRuns.concurrency,
    async serveJobs() {
      const handler = async (job: Job<RunJobData>) => {
        // A closing process starts nothing: the job fails back to the queue, for another process.
        if (closing) throw new Error('The server is stopping');
        // The attempt records its own failures (and sends its retry): the job ends either way.
        await run(job.data.runId, true);
      };
      // A run mostly waits on a model, and a worker finishes its batch before fetching more: one slow
      // run would hold up the others, so several single-job workers let that many runs move at once.
      for (let index = 0; index < config.agentRuns.concurrency; index += 1) {
        // Sends from this process wake a worker at once; the polling interval only matters for jobs sent elsewhere.
        await jobs.work<RunJobData>(kind.job, handler, { batchSize: 1, pollingIntervalSeconds: 2 });
      }
      servesJobs = true;
      startRecovery();
    },
    recoverStranded,
    async close() {
      closing = true;
      clearInterval(sweep);
      // Attempts in progress here stop: a chat run or an Agent Mode run goes back to the queue with a
      // new job (its attempt sends it), for another process, rather than waiting out its lease.
      for (const controller of running.values()) controller.abort('shutdown' satisfies StopReason);
      await Promise.allSettled([...inFlight]);
      await Promise.allSettled([...sending]);
    },
  };
}
