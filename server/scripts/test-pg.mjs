// npm run test:pg — runs the `server` test project against a real PostgreSQL.
// TEST_DATABASE_URL (default postgres://postgres:postgres@127.0.0.1:5432/postgres) must reach a
// server where that user may CREATE DATABASE: each test file gets its own mosaic_test_<random>
// database, dropped afterwards. Extra arguments are passed to vitest (e.g. a test file).
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { reachableTestDatabaseUrl } from './test-database-url.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const url = await reachableTestDatabaseUrl('PostgreSQL');

const result = spawnSync('npx', ['vitest', 'run', '--project', 'server', ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, TEST_DATABASE_URL: url },
});
process.exit(result.status ?? 1);
