import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import { sql, type ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { openNotifyChannel, type NotifyChannel, type NotifyHandlers } from './notify-channel';
import * as schema from './schema/index';
import { pgliteExecutor, poolExecutor, type SqlExecutor } from './sql-executor';

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
  /** The same connection (PGlite instance or pool) as pg-boss's `db` option: jobs live in this database. */
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
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob };

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
 */
const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

/** PGlite stores one cluster per process: two processes must not open the same folder at once. */
async function openPglite(dataDir: string | undefined, loadDataDir: Blob | undefined): Promise<Database> {
  if (dataDir) {
    // PGlite creates the data folder itself but not its parents.
    await mkdir(path.dirname(dataDir), { recursive: true });
  }
  // pgvector is made available (not created): hybrid knowledge search runs `CREATE EXTENSION`
  // only when an embedding provider is configured (services/knowledge/semantic-index.ts).
  const client = new PGlite({ ...(dataDir ? { dataDir } : {}), ...(loadDataDir ? { loadDataDir } : {}), extensions: { vector }, startParams: PGLITE_START_PARAMS });
  await client.waitReady;
  const db = drizzlePglite({ client, schema });
  return {
    kind: 'pglite',
    db: db as unknown as Db,
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER }),
    sqlExecutor: pgliteExecutor(client),
    withLock: inProcessLocks(db as unknown as Db),
    openNotifyChannel: async () => null,
    close: () => client.close(),
  };
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
    migrate: () => migrateNodePg(db, { migrationsFolder: MIGRATIONS_FOLDER }),
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
