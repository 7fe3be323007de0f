// npm run test:pg — runs the `server` and `server-slow` test projects against a real PostgreSQL.
// TEST_DATABASE_URL (default postgres://postgres:postgres@127.0.0.1:5432/postgres) must reach a
// server where that user may CREATE DATABASE: each test file gets its own mosaic_test_<random>
// database, a copy of the run's migrated template, dropped afterwards. Extra arguments are passed
// to vitest (e.g. a test file).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { reachableTestDatabaseUrl } from './test-database-url.mjs';

/**
 * Server test files whose behaviour does not depend on the database engine. They run once, on
 * PGlite, in `npm test`; running them again here would prove nothing new (docs/testing.md).
 */
const ENGINE_INDEPENDENT_SERVER_TESTS = [
  // No database at all: configuration, the extraction sandbox, worker rotation, the event-loop
  // watch, the log scanner, the extraction settings.
  'tests/server/config.test.ts',
  'tests/server/sandbox.test.ts',
  'tests/server/worker-rotation.test.ts',
  'tests/server/event-loop-watch.test.ts',
  'tests/server/log-secrets-scan.test.ts',
  'tests/server/kb-extract-config.test.ts',
  'tests/server/history-snippet.test.ts',
  // The route table against the contract's declarations: which lists are paged.
  'tests/server/list-bounds.test.ts',
  // PGlite by construction: a migration replayed on PGlite, a first start of `npm start` (its own folder).
  'tests/server/chat-versions-migration.test.ts',
  'tests/server/domain-claims-migration.test.ts',
  'tests/server/first-start.test.ts',
  // The HTTP layer in front of every route: files served from the build, headers, the request log.
  'tests/server/static-app.test.ts',
  'tests/server/static-asset-headers.test.ts',
  'tests/server/static-preload.test.ts',
  'tests/server/http-behaviour.test.ts',
  'tests/server/request-log.test.ts',
  // Outside services and the capped child processes: SMTP, Web Push encryption and signing, the
  // model's categorisation, and the limits of reading documents and making thumbnails.
  'tests/server/mail.test.ts',
  'tests/server/push-delivery.test.ts',
  'tests/server/kb-llm-categorise.test.ts',
  'tests/server/kb-limits.test.ts',
  'tests/server/assets-thumbnail-limits.test.ts',
];

const root = fileURLToPath(new URL('../../', import.meta.url));
// A file renamed or removed must not leave a stale line here: say so rather than run without it.
const missing = ENGINE_INDEPENDENT_SERVER_TESTS.filter((file) => !existsSync(`${root}${file}`));
if (missing.length > 0) {
  console.error(`server/scripts/test-pg.mjs lists test files that do not exist: ${missing.join(', ')}`);
  process.exit(1);
}
const url = await reachableTestDatabaseUrl('PostgreSQL');

const excluded = ENGINE_INDEPENDENT_SERVER_TESTS.flatMap((file) => ['--exclude', file]);
const result = spawnSync('npx', ['vitest', 'run', '--project', 'server', '--project', 'server-slow', ...excluded, ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, TEST_DATABASE_URL: url },
});
process.exit(result.status ?? 1);
