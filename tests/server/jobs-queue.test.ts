import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database, type DatabaseTarget } from '../../server/src/db/database';
import { startJobQueue, type JobQueue } from '../../server/src/jobs/job-queue';
import { createTestDatabaseTarget, testEngine } from '../helpers/server-database';

const until = async (check: () => boolean | Promise<boolean>, timeoutMs = 20_000, what = 'condition'): Promise<void> => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

describe(`durable job queue (pg-boss on ${testEngine})`, () => {
  /** Jobs of a queue in pg-boss's 'completed' state (its own table, in the schema job-queue.ts uses). */
  const completedJobs = async (name: string): Promise<number> => {
    const result = await database.db.execute(sql`SELECT count(*)::int AS count FROM pgboss.job WHERE name = ${name} AND state = 'completed'`);
    // Both drivers answer { rows } (node-postgres and PGlite).
    return (result as unknown as { rows: { count: number }[] }).rows[0]!.count;
  };

  let database: Database;
  let target: DatabaseTarget;
  let dispose: () => Promise<void>;
  const queues: JobQueue[] = [];
  const start = async (db = database) => {
    const queue = await startJobQueue(db, { pollingIntervalSeconds: 0.5, maintenanceIntervalSeconds: 1, stopTimeoutMs: 2_000 });
    queues.push(queue);
    return queue;
  };

  beforeAll(async () => {
    const created = await createTestDatabaseTarget();
    target = created.target;
    database = await openDatabase(target);
    dispose = async () => {
      await database.close();
      await created.dispose();
    };
  });
  afterAll(async () => {
    for (const queue of queues) await queue.stop();
    await dispose();
  });

  it('runs a job sent in-process, with its data', async () => {
    const queue = await start();
    const seen: string[] = [];
    await queue.work<{ greeting: string }>('jobs-test-basic', async (job) => {
      seen.push(job.data.greeting);
    });
    const id = await queue.send('jobs-test-basic', { greeting: 'hello' });
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    await until(() => seen.length === 1, 10_000, 'the job');
    expect(seen).toEqual(['hello']);
  });

  it('retries a failing job (each job on its own, even in a batch) and tells the handler about its last attempt', async () => {
    const queue = await start();
    const attempts = new Map<string, { retryCount: number; isLastAttempt: boolean }[]>();
    await queue.work<{ name: string }>(
      'jobs-test-retry',
      async (job) => {
        attempts.set(job.data.name, [...(attempts.get(job.data.name) ?? []), { retryCount: job.retryCount, isLastAttempt: job.isLastAttempt }]);
        if (job.data.name === 'flaky' && job.retryCount < 2) throw new Error('transient');
        if (job.data.name === 'doomed') throw new Error('permanent');
      },
      { batchSize: 3 },
    );
    const options = { retryLimit: 2, retryDelay: 1, retryBackoff: false };
    await queue.send('jobs-test-retry', { name: 'flaky' }, options);
    await queue.send('jobs-test-retry', { name: 'doomed' }, options);
    await queue.send('jobs-test-retry', { name: 'fine' }, options);
    await until(() => (attempts.get('flaky')?.length ?? 0) === 3 && (attempts.get('doomed')?.length ?? 0) === 3, 20_000, 'retries');
    expect(attempts.get('fine')).toHaveLength(1);
    expect(attempts.get('doomed')!.map((attempt) => attempt.isLastAttempt)).toEqual([false, false, true]);
  });

  it('cancels a job before it runs', async () => {
    const queue = await start();
    const ran: string[] = [];
    const id = await queue.send('jobs-test-cancel', { n: 1 }, { startAfter: 2 });
    await queue.cancel('jobs-test-cancel', id!);
    // Sent after it, due after it: the queue hands out jobs one at a time, oldest first, so by the
    // time this one runs the cancelled job would have run.
    const later = await queue.send('jobs-test-cancel', { n: 2 }, { startAfter: 2 });
    await queue.work('jobs-test-cancel', async (job) => {
      ran.push(job.id);
    });
    await until(() => ran.includes(later!), 20_000, 'the job sent after the cancelled one');
    expect(ran).toEqual([later]);
  });

  it('runs each job once with several workers competing (as several processes would)', async () => {
    // On PostgreSQL each queue gets its own connection pool, like separate processes.
    // (PGlite is one in-process database: there the two queues share it, as two workers would.)
    const second = target.kind === 'postgres' ? await openDatabase(target) : database;
    const workers = [await start(), await start(second)];
    const runs: number[] = [];
    for (const [index, queue] of workers.entries()) {
      await queue.work<{ n: number }>(
        'jobs-test-once',
        async (job) => {
          runs.push(job.data.n);
          await new Promise((resolve) => setTimeout(resolve, 5 + index));
        },
        { batchSize: 5 },
      );
    }
    for (let n = 0; n < 40; n += 1) await workers[n % 2]!.send('jobs-test-once', { n });
    // A completed job is never handed out again, so once all forty are completed every run that
    // will ever happen has happened.
    await until(async () => (await completedJobs('jobs-test-once')) === 40, 20_000, 'forty completed jobs');
    expect(runs.sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, n) => n));
    if (second !== database) {
      await workers[1]!.stop();
      await second.close();
    }
  });
});

describe('a job left active by a killed process', () => {
  let folder: string;
  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'mosaic-jobs-'));
  });
  afterAll(() => rm(folder, { recursive: true, force: true }));

  it('is retried after its expiry by the next process, and completes', async () => {
    const { target, dispose } = await createTestDatabaseTarget({ persistent: true });
    const queueName = 'jobs-test-restart';
    const marker = path.join(folder, 'started');
    try {
      // The job is sent first; the process that takes it is then killed mid-run.
      const first = await openDatabase(target);
      const sender = await startJobQueue(first);
      const jobId = await sender.send(queueName, { document: 'brief.pdf' }, { expireInSeconds: 2, retryDelay: 0, retryBackoff: false });
      await sender.stop();
      await first.close();

      const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('./jobs-crash-worker.ts', import.meta.url))], {
        env: { ...process.env, JOBS_TARGET: JSON.stringify(target), JOBS_MARKER: marker, JOBS_QUEUE: queueName },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      const exited = new Promise((resolve) => child.once('exit', resolve));
      await until(() => readFile(marker, 'utf8').then((id) => id === jobId, () => false), 30_000, 'the child to start the job');
      child.kill('SIGKILL');
      await exited;

      // "Restart": a new process opens the same database and works the same queue.
      const reopened = await openDatabase(target);
      const queue = await startJobQueue(reopened, { maintenanceIntervalSeconds: 1, pollingIntervalSeconds: 0.5 });
      const completed: { id: string; retryCount: number }[] = [];
      await queue.work<{ document: string }>(queueName, async (job) => {
        completed.push({ id: job.id, retryCount: job.retryCount });
      });
      await until(() => completed.length === 1, 30_000, 'the retried job');
      expect(completed).toEqual([{ id: jobId, retryCount: 1 }]);
      await queue.stop();
      await reopened.close();
    } finally {
      await dispose();
    }
  }, 90_000);
});

describe('a job that outlives a stopping server', () => {
  it('leaves its job to be tried again, and its late failure raises nothing once the database has closed', async () => {
    const { target, dispose } = await createTestDatabaseTarget();
    const database = await openDatabase(target);
    // Watch (not change) what pg-boss sends: the job's outcome, sent once the pool is ending.
    const executor = database.sqlExecutor;
    const send = executor.executeSql.bind(executor);
    let closed = false;
    const sentAfterClose: string[] = [];
    executor.executeSql = (text, values) => {
      if (closed) sentAfterClose.push(text);
      return send(text, values);
    };
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const queue = await startJobQueue(database, { pollingIntervalSeconds: 0.5, stopTimeoutMs: 200 });
      let started = false;
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      await queue.work('jobs-test-outlives-stop', async () => {
        started = true;
        await released;
        throw new Error('failed after the stop');
      });
      const id = await queue.send('jobs-test-outlives-stop', {});
      await until(() => started, 20_000, 'the handler to start');
      // The stop gives up on the running handler after its grace period and leaves its job to be
      // tried again; then the database closes.
      await queue.stop();
      const left = await database.db.execute(sql`SELECT state FROM pgboss.job WHERE id = ${id}`);
      expect((left as unknown as { rows: { state: string }[] }).rows[0]?.state).toBe('retry');
      await database.close();
      closed = true;
      // The handler fails now: pg-boss sends the failure to a closed pool, unawaited.
      release();
      await until(() => sentAfterClose.length > 0, 20_000, 'the failure to be sent');
      // An unhandled rejection is reported after the microtasks of the turn that made it.
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
      if (!closed) await database.close();
      await dispose();
    }
  });
});
