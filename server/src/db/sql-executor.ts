import type pg from 'pg';

/** What pg-boss needs from a database when it does not open its own pool (its `db` option). */
export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/**
 * node-postgres runs parameter-less multi-statement text with the simple protocol, as pg-boss expects.
 *
 * pg-boss records a finished job's outcome without awaiting it. When that lands once the pool is
 * ending (a stopping server whose last job outlived the stop's grace period), it would be an
 * unhandled rejection. Such a statement is never sent and never answered: a rejection is unhandled
 * and an empty answer is misread (pg-boss reads `rows[0].count` of a command), while a promise that
 * never settles is simply collected with the stopped queue. The job stays active, and the
 * maintenance sweep of the next start (or of another process) sends it back to the queue.
 */
export function poolExecutor(pool: pg.Pool): SqlExecutor {
  return {
    async executeSql(text, values) {
      // pg-pool refuses new statements from the moment end() is called (`ending`), not only once it has ended.
      if (pool.ending || pool.ended) return new Promise<never>(() => undefined);
      const result = await pool.query(text, values && values.length > 0 ? values : undefined);
      // A multi-statement script answers an array of results; pg-boss only reads rows of single statements.
      return Array.isArray(result) ? { rows: (result.at(-1) as pg.QueryResult | undefined)?.rows ?? [] } : { rows: result.rows };
    },
  };
}
