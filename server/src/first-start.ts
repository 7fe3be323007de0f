import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { startJobQueue } from './jobs/job-queue';
import { openDatabase, type DatabaseTarget } from './db/database';

/** Set in the child's environment: it prepares the database and exits instead of serving. */
export const PREPARE_ONLY_ENV = 'MOSAIC_PREPARE_DATABASE_ONLY';

/** True when `target` is a PGlite folder that holds no cluster yet (the first start of an install). */
export function isNewPgliteFolder(target: DatabaseTarget): boolean {
  return target.kind === 'pglite' && target.dataDir !== undefined && !existsSync(path.join(target.dataDir, 'PG_VERSION'));
}

/**
 * Creates the cluster, runs the migrations and pg-boss's schema, then closes: everything a first
 * start does to a new folder, done once. Exported for the child below.
 */
export async function prepareDatabase(target: DatabaseTarget): Promise<void> {
  const database = await openDatabase(target);
  try {
    await database.migrate();
    const jobs = await startJobQueue(database);
    await jobs.stop();
  } finally {
    await database.close();
  }
}

/**
 * Runs prepareDatabase in a short-lived copy of this process. Creating a PGlite cluster grows its
 * WebAssembly memory (and the process's heap) far past what serving needs, and neither ever
 * shrinks: a server that created its folder itself held ~400 MiB at rest against ~260 MiB on every
 * later start (docs/reliability.md, "Footprint"). The child takes that growth away with it.
 */
export async function prepareInChildProcess(): Promise<void> {
  const child = spawn(process.execPath, [...process.execArgv, ...process.argv.slice(1)], {
    env: { ...process.env, [PREPARE_ONLY_ENV]: '1' },
    stdio: 'inherit',
  });
  const code = await new Promise<number | string>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (exitCode, signal) => resolve(exitCode ?? signal ?? 'unknown'));
  });
  if (code !== 0) throw new Error(`preparing the new database folder failed (the preparing process ended with ${code})`);
}
