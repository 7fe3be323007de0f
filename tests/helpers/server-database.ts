import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type Database, type DatabaseTarget } from '../../server/src/db/database';
import { copyPgliteTemplate, pgliteTemplateDump, postgresTemplate } from './database-template';

/**
 * Test databases. By default PGlite (in memory, or in a temp folder when it must survive a
 * restart). With TEST_DATABASE_URL set, a fresh `mosaic_test_<random>` database on that server,
 * dropped afterwards — so the very same suite runs on both engines. Each starts as a copy of the
 * run's prepared template (tests/helpers/database-template.ts): migrated, with pg-boss's schema.
 */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || undefined;
export const testEngine: 'pglite' | 'postgres' = TEST_DATABASE_URL ? 'postgres' : 'pglite';

export interface TestDatabaseTarget {
  target: DatabaseTarget;
  /** Removes the database (or its folder). Close every handle opened on it first. */
  dispose(): Promise<void>;
}

async function withAdminClient<T>(adminUrl: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

export interface ThrowAwayPostgresDatabase {
  /** The new database's address (same server and credentials as the admin URL). */
  url: string;
  /** Drops it, closing whatever connections are still open on it. */
  drop(): Promise<void>;
}

export interface NewDatabaseOptions {
  /** An empty database instead of a copy of the prepared template (a first start, a migration test). */
  empty?: boolean;
}

/**
 * A new `<prefix>_<random>` database on the server `adminUrl` reaches (its user must be allowed
 * CREATE DATABASE): a copy of the prepared template, or empty.
 */
export async function createThrowAwayPostgresDatabase(
  adminUrl: string,
  prefix = 'mosaic_test',
  options: NewDatabaseOptions = {},
): Promise<ThrowAwayPostgresDatabase> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const template = options.empty ? undefined : await postgresTemplate(adminUrl);
  await withAdminClient(adminUrl, (client) => client.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => withAdminClient(adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => undefined),
  };
}

/**
 * A new database target: a copy of the prepared template, or empty with `empty`. `persistent`
 * keeps PGlite on disk so it can be reopened.
 */
export async function createTestDatabaseTarget(options: NewDatabaseOptions & { persistent?: boolean } = {}): Promise<TestDatabaseTarget> {
  if (TEST_DATABASE_URL) {
    const created = await createThrowAwayPostgresDatabase(TEST_DATABASE_URL, 'mosaic_test', options);
    return { target: { kind: 'postgres', url: created.url, poolSize: 5 }, dispose: created.drop };
  }
  if (!options.persistent) {
    const target: DatabaseTarget = options.empty ? { kind: 'pglite' } : { kind: 'pglite', loadDataDir: await pgliteTemplateDump() };
    return { target, dispose: async () => {} };
  }
  const folder = await mkdtemp(path.join(tmpdir(), 'mosaic-pglite-'));
  const dataDir = path.join(folder, 'data', 'pglite');
  if (!options.empty) await copyPgliteTemplate(dataDir);
  return {
    target: { kind: 'pglite', dataDir },
    dispose: () => rm(folder, { recursive: true, force: true }),
  };
}

/** Opens a fresh copy of the prepared template; `dispose` closes and removes it. */
export async function openTestDatabase(): Promise<{ database: Database; dispose: () => Promise<void> }> {
  const { target, dispose } = await createTestDatabaseTarget();
  const database = await openDatabase(target);
  return {
    database,
    dispose: async () => {
      // A test may have closed it already (to simulate an outage); removing it must still happen.
      await database.close().catch(() => {});
      await dispose();
    },
  };
}
