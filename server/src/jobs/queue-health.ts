/**
 * How the job queue is doing, for the platform admin dashboard: per queue how many jobs wait, run,
 * and finished or failed lately, and the latest jobs that failed for good. Reads pg-boss's own
 * tables (the live `job` table and the `archive` it moves finished jobs to after 12 hours), so the
 * SQL stays here beside the only other code that knows pg-boss.
 */
import type { SqlExecutor } from '../db/sql-executor';

export interface QueueHealth {
  name: string;
  /** New jobs and failed ones waiting for a retry. */
  waiting: number;
  active: number;
  /** Failed with no retries left, in the last `windowHours`. */
  failed: number;
  completed: number;
  oldestWaitingAt: Date | null;
}

export interface FailedJob {
  id: string;
  name: string;
  failedAt: Date;
  /** The error the handler threw (pg-boss keeps it as the job's output). */
  message: string | null;
}

const toDate = (value: unknown): Date | null => (value === null || value === undefined ? null : new Date(value as string | Date));

/**
 * Counts per queue. Every queue pg-boss knows is listed, also with nothing in it, so a queue whose
 * workers never ran is visible as "0 completed" rather than missing.
 */
export async function readQueueHealth(sql: SqlExecutor, schema: string, windowHours: number): Promise<QueueHealth[]> {
  const { rows } = await sql.executeSql(
    `SELECT q.name,
        count(*) FILTER (WHERE j.state IN ('created', 'retry'))::int AS waiting,
        count(*) FILTER (WHERE j.state = 'active')::int AS active,
        count(*) FILTER (WHERE j.state = 'failed' AND j.completed_on >= now() - make_interval(hours => $1::int))::int AS failed,
        count(*) FILTER (WHERE j.state = 'completed' AND j.completed_on >= now() - make_interval(hours => $1::int))::int AS completed,
        min(j.created_on) FILTER (WHERE j.state IN ('created', 'retry')) AS oldest_waiting_at
      FROM ${schema}.queue q
      LEFT JOIN (
        SELECT name, state, created_on, completed_on FROM ${schema}.job
        UNION ALL
        SELECT name, state, created_on, completed_on FROM ${schema}.archive
          WHERE completed_on >= now() - make_interval(hours => $1::int)
      ) j ON j.name = q.name
      GROUP BY q.name
      ORDER BY q.name`,
    [windowHours],
  );
  return (rows as Record<string, unknown>[]).map((row) => ({
    name: String(row.name),
    waiting: Number(row.waiting),
    active: Number(row.active),
    failed: Number(row.failed),
    completed: Number(row.completed),
    oldestWaitingAt: toDate(row.oldest_waiting_at),
  }));
}

/** The latest jobs that failed with no retries left, newest first. */
export async function readFailedJobs(sql: SqlExecutor, schema: string, limit: number): Promise<FailedJob[]> {
  const { rows } = await sql.executeSql(
    `SELECT id, name, completed_on, output FROM (
        SELECT id, name, state, completed_on, output FROM ${schema}.job WHERE state = 'failed'
        UNION ALL
        SELECT id, name, state, completed_on, output FROM ${schema}.archive WHERE state = 'failed'
      ) failed
      ORDER BY completed_on DESC NULLS LAST
      LIMIT $1::int`,
    [limit],
  );
  return (rows as Record<string, unknown>[]).map((row) => ({
    id: String(row.id),
    name: String(row.name),
    failedAt: toDate(row.completed_on) ?? new Date(0),
    message: messageOf(row.output),
  }));
}

/** pg-boss stores a handler's error as `{message, name}` (job-queue.ts serialiseError) or, for a time-out, `{value: {message}}`. */
function messageOf(output: unknown): string | null {
  const parsed: unknown = typeof output === 'string' ? safeJson(output) : output;
  if (!parsed || typeof parsed !== 'object') return null;
  const record = parsed as Record<string, unknown>;
  if (typeof record.message === 'string') return record.message.slice(0, 500);
  const value = record.value;
  if (value && typeof value === 'object' && typeof (value as Record<string, unknown>).message === 'string') {
    return ((value as Record<string, unknown>).message as string).slice(0, 500);
  }
  return null;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
