// npm run test:e2e:pg — the browser suite (`npm run test:e2e`) with every server on PostgreSQL.
// TEST_DATABASE_URL (default postgres://postgres:postgres@127.0.0.1:5432/postgres) must reach a
// server where that user may CREATE DATABASE: each server the tests start gets its own
// mosaic_e2e_<random> database, dropped when it stops (tests/e2e/harness.ts). Extra arguments are
// passed to vitest (e.g. a test file).
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { reachableTestDatabaseUrl } from '../../server/scripts/test-database-url.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const url = await reachableTestDatabaseUrl('Browser tests on PostgreSQL');

const result = spawnSync('npm', ['run', 'test:e2e', '--', ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, TEST_DATABASE_URL: url, MOSAIC_E2E_DATABASE: 'postgres' },
});
process.exit(result.status ?? 1);
