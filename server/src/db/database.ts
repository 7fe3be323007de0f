import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql, type ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { holdFolder } from './folder-lock';
import { openNotifyChannel, type NotifyChannel, type NotifyHandlers } from './notify-channel';
import { startPgliteThread } from './pglite-thread';
import * as schema from './schema/index';
import { poolExecutor, type SqlExecutor } from './sql-executor';

export type { NotifyChannel, NotifyHandlers } from './notify-channel';
export type { SqlExecutor } from './sql-executor';

export type Schema = typeof schema;

/** The query builder every service uses; the same type for PGlite and node-postgres. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Anything a service may run a query on: the database or an open transaction. */
export type DbExecutor = Db | Tx;

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * One handle on the database, whichever engine backs it. PGlite (Postgres compiled to WASM,
 * in-process) needs no server; node-postgres talks to a real PostgreSQL. Same schema, same SQL.
 */
export interface Database {
  readonly kind: 'pglite' | 'postgres';
  readonly db: Db;
  /** Applies the committed migrations; safe to call on every start. */
  migrate(): Promise<void>;
  /** The same connections (the pool) as pg-boss's `db` option: jobs live in this database. */
  readonly sqlExecutor: SqlExecutor;
  /**
   * Runs `work` while holding the lock named `key` against every other holder of that name. On
   * PostgreSQL a transaction-scoped advisory lock (so across processes, and released if this one
   * dies; `work` gets the transaction, and what it writes commits before the next holder reads).
   * PGlite is opened by one process, so an in-process queue per name is the whole story there,
   * and `work` gets the database (a transaction would hold PGlite's only connection throughout).
   */
  withLock<T>(key: string, work: (db: DbExecutor) => Promise<T>): Promise<T>;
  /** LISTEN/NOTIFY between processes on PostgreSQL; null on PGlite (one process, nothing to tell). */
  openNotifyChannel(channel: string, handlers: NotifyHandlers): Promise<NotifyChannel | null>;
  close(): Promise<void>;
}

/** One queue per lock name: each holder starts when the previous one has finished, whatever its outcome. */
function inProcessLocks(db: Db): Database['withLock'] {
  const tails = new Map<string, Promise<unknown>>();
  return <T>(key: string, work: (db: DbExecutor) => Promise<T>): Promise<T> => {
    const result = (tails.get(key) ?? Promise.resolve()).then(() => work(db));
    const tail = result.catch(() => undefined);
    tails.set(key, tail);
    void tail.then(() => {
      if (tails.get(key) === tail) tails.delete(key);
    });
    return result;
  };
}

function advisoryLocks(db: Db): Database['withLock'] {
  return (key, work) =>
    db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
      return work(tx);
    });
}

export type DatabaseTarget =
  | { kind: 'postgres'; url: string; poolSize?: number }
  /**
   * `dataDir` undefined → in memory (tests). `loadDataDir`: a cluster saved with PGlite's
   * `dumpDataDir`, started from instead of a new one (the test suites' migrated template).
   */
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Uint8Array };

export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  return target.kind === 'postgres' ? openPostgres(target.url, target.poolSize) : openPglite(target.dataDir, target.loadDataDir);
}

/**
 * PGlite's Postgres runs inside this process's WebAssembly memory, which can grow but never
 * shrinks, so every buffer it fills stays resident for the life of the process. Its default buffer
 * pool (shared_buffers) is 160 MB, more than half of the server's memory at rest; 16 MB holds the
 * hot rows of the API (users, spaces, plans, credits), and pages beyond it are read back through the
 * operating system's file cache, which is shared and given back under pressure. Measured in
 * docs/reliability.md ("Footprint"). PostgreSQL servers are tuned by their operators as usual.
 *
 * For the same reason ANALYZE samples 3,000 rows instead of 30,000 (default_statistics_target 10,
 * not 100). The sample is held in memory whole: on the passages of a 9.9 MB document (~16,000
 * rows of text and its tsvector) ANALYZE grew the WebAssembly memory by 34 MiB, for good, and by
 * 4 MiB with this target, whatever the table's size. The knowledge base's ANALYZE
 * (refresh-statistics.ts) is the only one PGlite runs (it has no autovacuum), and search took as
 * long with either target (docs/reliability.md).
 */
const PGLITE_SETTINGS = ['-c', 'shared_buffers=16MB', '-c', 'default_statistics_target=10'];

/**
 * The embedded database runs on a thread of its own (pglite-thread.ts), reached through
 * node-postgres exactly as PostgreSQL is: one connection, since PGlite serves one session, so a
 * transaction has the database to itself and other queries wait their turn, as they would for
 * PGlite's own lock. The folder is held against other processes (folder-lock.ts).
 */
async function openPglite(dataDir: string | undefined, loadDataDir: Uint8Array | undefined): Promise<Database> {
  let releaseFolder = async () => {};
  if (dataDir) {
    // PGlite creates the data folder itself but not its parents.
    await mkdir(path.dirname(dataDir), { recursive: true });
    releaseFolder = await holdFolder(dataDir);
  }
  // pgvector is made available (not created): hybrid knowledge search runs `CREATE EXTENSION`
  // only when an embedding provider is configured (services/knowledge/semantic-index.ts).
  const thread = await startPgliteThread({ dataDir, loadDataDir, settings: PGLITE_SETTINGS }).catch(async (error: unknown) => {
    await releaseFolder();
    throw error;
  });
  // Never closed for being idle: the connection is the session, and opening one costs a start-up exchange.
  // PGlite's one user and database (PGPASSWORD and friends must not leak in from the environment).
  const pool = new pg.Pool({ max: 1, idleTimeoutMillis: 0, user: 'postgres', database: 'postgres', stream: () => thread.connect() });
  const db = drizzleNodePg({ client: pool, schema });
  return {
    kind: 'pglite',
    db: db as unknown as Db,
    migrate: () => migrateNodePg(db, { migrationsFolder: MIGRATIONS_FOLDER }),
    sqlExecutor: poolExecutor(pool),
    withLock: inProcessLocks(db as unknown as Db),
    openNotifyChannel: async () => null,
    close: async () => {
      await pool.end();
      await thread.close();
      await releaseFolder();
    },
  };
}

/**
 * Several processes may start together on one database, new or behind on migrations: each would
 * apply the missing migrations, and the second to create a type or table dies on it. So one
 * applies them at a time, holding a database-wide advisory lock on its own connection (released
 * with the connection if the process dies); the next finds them applied and does nothing.
 */
async function migrateUnderLock(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query(`SELECT pg_advisory_lock(hashtext('mosaic_migrations'))`);
    try {
      await migrateNodePg(drizzleNodePg({ client, schema }), { migrationsFolder: MIGRATIONS_FOLDER });
    } finally {
      await client.query(`SELECT pg_advisory_unlock(hashtext('mosaic_migrations'))`);
    }
  } finally {
    client.release();
  }
}

async function openPostgres(url: string, poolSize = 10): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle connection can be cut by the server (restart, failover, an administrator ending
  // sessions). pg reports that on the pool, and unhandled it would crash the process; the pool
  // already drops the broken client and opens a new one for the next query, so a warning is enough.
  pool.on('error', (error) => console.warn(`PostgreSQL connection lost (it will be reopened): ${error.message}`));
  // Fail at start-up, with the driver's reason, rather than on the first request.
  const probe = await pool.connect();
  probe.release();
  const db = drizzleNodePg({ client: pool, schema });
  return {
    kind: 'postgres',
    db: db as unknown as Db,
    migrate: () => migrateUnderLock(pool),
    sqlExecutor: poolExecutor(pool),
    withLock: advisoryLocks(db as unknown as Db),
    openNotifyChannel: (channel, handlers) => openNotifyChannel(pool, channel, handlers),
    close: () => pool.end(),
  };
}

/** DATABASE_URL → PostgreSQL; otherwise the embedded PGlite under DATA_DIR. */
export function databaseTargetFor(config: { databaseUrl: string | undefined; pgliteDir: string }): DatabaseTarget {
  return config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'pglite', dataDir: config.pgliteDir };
}
