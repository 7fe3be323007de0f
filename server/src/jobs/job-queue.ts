import { WorkerRotation, type RotatingWorker } from './worker-rotation';
import PgBoss from 'pg-boss';
import type { Database } from '../db/database';
import { readFailedJobs, readQueueHealth, type FailedJob, type QueueHealth } from './queue-health';

export type { FailedJob, QueueHealth } from './queue-health';

export interface SendOptions {
  /** Deduplicates only on queues created with policy short, singleton or stately (see createQueue). */
  singletonKey?: string;
  /** Attempts after the first failure. */
  retryLimit?: number;
  /** Seconds before a retry. */
  retryDelay?: number;
  /** Doubles retryDelay after each failure (with jitter). */
  retryBackoff?: boolean;
  /** Seconds to wait before the job may start. */
  startAfter?: number;
  /**
   * Longest a run may take. A job still active after this (its process was killed, or it hangs)
   * is failed by the maintenance sweep and retried if retries remain: this is what makes work
   * survive a restart.
   */
  expireInSeconds?: number;
}

export interface WorkOptions {
  /** Jobs fetched per poll; each is handled on its own (one failing does not fail the others). */
  batchSize?: number;
  pollingIntervalSeconds?: number;
}

export type QueuePolicy = 'standard' | 'short' | 'singleton' | 'stately';

/** One job as a handler sees it. */
export interface Job<T> {
  id: string;
  data: T;
  /** Failures so far (0 on the first attempt). */
  retryCount: number;
  retryLimit: number;
  /** No retry follows if this attempt fails: the place to record a final failure for the user. */
  isLastAttempt: boolean;
}

export interface JobQueue {
  send<T extends object>(name: string, data: T, options?: SendOptions): Promise<string | null>;
  work<T extends object>(
    name: string,
    handler: (job: Job<T>) => Promise<void>,
    options?: WorkOptions,
  ): Promise<void>;
  cancel(name: string, id: string): Promise<void>;
  /** Waits for running handlers (up to the stop timeout), then stops polling. Safe to call twice. */
  stop(): Promise<void>;
  /**
   * Creates a queue with a policy (idempotent). Optional: send/work create a 'standard' queue on
   * first use. Call it before the first send when you need singletonKey deduplication.
   */
  createQueue(name: string, options?: { policy?: QueuePolicy }): Promise<void>;
  /** Per queue: waiting, active, and failed/completed in the last `windowHours` (admin dashboard). */
  health(windowHours: number): Promise<QueueHealth[]>;
  /** The latest jobs that failed with no retries left, newest first. */
  recentFailures(limit: number): Promise<FailedJob[]>;
}

export interface JobQueueOptions {
  /** PostgreSQL schema for pg-boss's tables. */
  schema?: string;
  /** How often expired active jobs are swept back to retry (pg-boss maintenance). */
  maintenanceIntervalSeconds?: number;
  /** Default polling interval of workers. */
  pollingIntervalSeconds?: number;
  /** How long stop() waits for running handlers before giving up on them (they expire and retry). */
  stopTimeoutMs?: number;
  /** Called with errors pg-boss reports in the background (failed polls, maintenance). */
  onError?: (error: Error) => void;
}

/**
 * Defaults for every job unless the sender says otherwise: three retries with exponential
 * backoff from 5 s absorb transient failures (a busy database, a flaky object store); fifteen
 * minutes is ample for one document or one agent run, and bounds how long a job orphaned by a
 * killed process waits before another process picks it up.
 */
const DEFAULT_SEND_OPTIONS: Required<Pick<SendOptions, 'retryLimit' | 'retryDelay' | 'retryBackoff' | 'expireInSeconds'>> = {
  retryLimit: 3,
  retryDelay: 5,
  retryBackoff: true,
  expireInSeconds: 15 * 60,
};

/** A minute between sweeps: an orphaned job is retried at most a minute after it expires. */
const DEFAULT_MAINTENANCE_INTERVAL_SECONDS = 60;
/** Workers ask for new jobs every second; a send in this process also wakes them at once. */
const DEFAULT_POLLING_INTERVAL_SECONDS = 1;
const DEFAULT_STOP_TIMEOUT_MS = 10_000;
/** Held while pg-boss changes its schema: starting (install, migrations) and creating queues. */
const PG_BOSS_SCHEMA_LOCK = 'pgboss:schema';

/**
 * Durable background work on pg-boss, in the application's own database: the same PostgreSQL
 * pool, or the embedded PGlite through pg-boss's bring-your-own `db` option. Jobs are rows, so
 * they survive restarts; workers fetch with `FOR UPDATE SKIP LOCKED`, so with several processes
 * each job runs once.
 */
export async function startJobQueue(database: Database, options: JobQueueOptions = {}): Promise<JobQueue> {
  const schema = options.schema ?? 'pgboss';
  const boss = new PgBoss({
    db: database.sqlExecutor as PgBoss.Db,
    schema,
    supervise: true,
    maintenanceIntervalSeconds: options.maintenanceIntervalSeconds ?? DEFAULT_MAINTENANCE_INTERVAL_SECONDS,
    pollingIntervalSeconds: options.pollingIntervalSeconds ?? DEFAULT_POLLING_INTERVAL_SECONDS,
    // No cron schedules are used; the clock monitor would only add queries.
    schedule: false,
  });
  boss.on('error', (error: Error) => options.onError?.(error));
  // pg-boss creates its schema and queues when they are missing, but not safely beside another
  // process doing the same (a duplicate CREATE SCHEMA, or two new partitions deadlocking; seen
  // with three processes starting together on an empty database): one at a time, database-wide.
  await database.withLock(PG_BOSS_SCHEMA_LOCK, () => boss.start());

  const queues = new Map<string, Promise<void>>();
  const rotation = new WorkerRotation();
  let stopped: Promise<void> | undefined;

  const createQueue = (name: string, queueOptions: { policy?: QueuePolicy } = {}): Promise<void> => {
    let created = queues.get(name);
    if (!created) {
      // Under the same lock as the start, for the same reason (above).
      created = database.withLock(PG_BOSS_SCHEMA_LOCK, () => boss.createQueue(name, { name, policy: queueOptions.policy ?? 'standard' }));
      created.catch(() => queues.delete(name));
      queues.set(name, created);
    }
    return created;
  };

  return {
    createQueue,

    health: (windowHours) => readQueueHealth(database.sqlExecutor, schema, windowHours),
    recentFailures: (limit) => readFailedJobs(database.sqlExecutor, schema, limit),

    async send(name, data, sendOptions = {}) {
      await createQueue(name);
      const id = await boss.send(name, data, { ...DEFAULT_SEND_OPTIONS, ...sendOptions });
      // Wake one of this process's workers for that queue instead of waiting for its next poll.
      const worker = rotation.next(name);
      if (worker) boss.notifyWorker(worker.id);
      return id;
    },

    async work(name, handler, workOptions = {}) {
      await createQueue(name);
      const worker: RotatingWorker = { id: '', busy: false };
      worker.id = await boss.work<object>(
        name,
        {
          includeMetadata: true,
          batchSize: workOptions.batchSize ?? 1,
          pollingIntervalSeconds: workOptions.pollingIntervalSeconds ?? options.pollingIntervalSeconds ?? DEFAULT_POLLING_INTERVAL_SECONDS,
        },
        async (jobs) => {
          worker.busy = true;
          try {
            await runBatch(boss, name, handler, jobs);
          } finally {
            worker.busy = false;
          }
        },
      );
      rotation.add(name, worker);
    },

    async cancel(name, id) {
      await boss.cancel(name, id);
    },

    stop() {
      stopped ??= boss.stop({ graceful: true, wait: true, close: false, timeout: options.stopTimeoutMs ?? DEFAULT_STOP_TIMEOUT_MS });
      return stopped;
    },
  };
}

/**
 * Runs a fetched batch through the handler. pg-boss completes every still-active job of the batch
 * when this resolves, so failing the failed ones first gives each job its own outcome and retry count.
 */
async function runBatch<T extends object>(boss: PgBoss, name: string, handler: (job: Job<T>) => Promise<void>, jobs: PgBoss.JobWithMetadata<object>[]): Promise<void> {
  const outcomes = await Promise.allSettled(
    jobs.map((job) =>
      handler({
        id: job.id,
        data: job.data as T,
        retryCount: job.retryCount,
        retryLimit: job.retryLimit,
        isLastAttempt: job.retryCount >= job.retryLimit,
      }),
    ),
  );
  await Promise.all(
    outcomes.map((outcome, index) => (outcome.status === 'rejected' ? boss.fail(name, jobs[index]!.id, serialiseError(outcome.reason)) : undefined)),
  );
}

/** Stored as the job's output so an operator can see why it failed. */
function serialiseError(reason: unknown): object {
  if (reason instanceof Error) return { message: reason.message, name: reason.name };
  return { message: String(reason) };
}
