// npm run test:e2e:pg — the browser suite (`npm run test:e2e`) with every server on PostgreSQL.
// TEST_DATABASE_URL (default postgres://postgres:postgres@127.0.0.1:5432/postgres) must reach a
// server where that user may CREATE DATABASE: each server the tests start gets its own
// mosaic_e2e_<random> database, dropped when it stops (tests/e2e/harness.ts). Extra arguments are
// passed to vitest (e.g. a test file).
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const DEFAULT_URL = 'postgres://postgres:postgres@127.0.0.1:5432/postgres';
const url = process.env.TEST_DATABASE_URL || DEFAULT_URL;
const root = fileURLToPath(new URL('../../', import.meta.url));
const redacted = (() => {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(unparseable URL)';
  }
})();

const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
try {
  await client.connect();
  const { rows } = await client.query('SHOW server_version');
  console.log(`Browser tests on PostgreSQL ${rows[0].server_version} at ${redacted}`);
} catch (error) {
  console.error(`PostgreSQL is not reachable at ${redacted}: ${error instanceof Error ? error.message : error}`);
  console.error('Start one (e.g. `pg_ctlcluster 15 main start`) or set TEST_DATABASE_URL, then run again.');
  process.exit(1);
} finally {
  await client.end().catch(() => {});
}

const result = spawnSync('npm', ['run', 'test:e2e', '--', ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, TEST_DATABASE_URL: url, MOSAIC_E2E_DATABASE: 'postgres' },
});
process.exit(result.status ?? 1);
