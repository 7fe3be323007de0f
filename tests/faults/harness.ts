/**
 * Set-up shared by the fault scenarios: a throw-away database per scenario (a PGlite folder, or a
 * fresh PostgreSQL database made on TEST_DATABASE_URL's server as `npm run test:pg` does), real
 * server processes on it, and everything stopped and removed afterwards, whatever happened.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach } from 'vitest';
import { copyPgliteTemplate } from '../helpers/database-template';
import { createThrowAwayPostgresDatabase } from '../helpers/server-database';
import { startServerProcess, type ServerProcess } from '../tools/server-process';

export type Engine = 'pglite' | 'postgres';

const ADMIN_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres:postgres@127.0.0.1:5432/postgres';

/** A database and storage folder that server processes can share and restart on. */
export interface FaultDatabase {
  engine: Engine;
  /** DATA_DIR (PGlite and stored files), DATABASE_URL for PostgreSQL. */
  env: Record<string, string>;
}

const cleanups: (() => Promise<void>)[] = [];

afterEach(async () => {
  // Processes first (a running server holds its database), then databases and folders.
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch((error: unknown) => console.warn('clean-up failed:', error));
});

/**
 * A new database of `engine` with its own storage folder, removed after the test: a copy of the
 * run's prepared template (tests/helpers/database-template.ts), as a server's second start finds
 * it, or with `empty` nothing at all, as a first start does.
 */
export async function freshDatabase(engine: Engine, options: { empty?: boolean } = {}): Promise<FaultDatabase> {
  const folder = await mkdtemp(path.join(tmpdir(), 'mosaic-faults-'));
  cleanups.push(() => rm(folder, { recursive: true, force: true }));
  const env: Record<string, string> = { DATA_DIR: path.join(folder, 'data') };
  if (engine === 'postgres') {
    const database = await createThrowAwayPostgresDatabase(ADMIN_URL, 'mosaic_faults', options).catch((error: unknown) => {
      throw new Error(
        `PostgreSQL is not reachable at TEST_DATABASE_URL (${new URL(ADMIN_URL).host}): ${error instanceof Error ? error.message : String(error)}. ` +
          'The fault suite runs scenarios on PostgreSQL; start one (e.g. `pg_ctlcluster 15 main start`) or set TEST_DATABASE_URL.',
      );
    });
    cleanups.push(database.drop);
    env.DATABASE_URL = database.url;
  } else if (!options.empty) {
    await copyPgliteTemplate(path.join(env.DATA_DIR!, 'pglite'));
  }
  return { engine, env };
}

/** Starts a server process on `database`, stopped (or killed) after the test. */
export async function startServer(database: FaultDatabase, env: Record<string, string> = {}, options: { memoryProbe?: boolean } = {}): Promise<ServerProcess> {
  const server = await startServerProcess({ env: { ...database.env, ...env }, ...options });
  cleanups.push(() => server.stop());
  return server;
}

/** Registers any other clean-up to run after the test (before the databases go). */
export function onCleanup(cleanup: () => Promise<void>): void {
  cleanups.push(cleanup);
}

/** Polls `check` until it returns a value other than undefined; throws `what` after `timeoutMs`. */
export async function eventually<T>(check: () => Promise<T | undefined> | T | undefined, timeoutMs: number, what: string): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A figure line for the suite's output, with the machine's load average beside it. */
export function report(scenario: string, text: string): void {
  const load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  console.log(`[faults] ${scenario}: ${text} (load ${load})`);
}
