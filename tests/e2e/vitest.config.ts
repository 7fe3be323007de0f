import { defineConfig } from 'vitest/config';

/**
 * The browser flows whose behaviour depends on the database engine: chat and its outbox, replies,
 * versions and shares, Agent Mode runs, spaces, the knowledge base, billing and the admin areas.
 * `npm run test:e2e:pg` runs these on PostgreSQL; the rest (accessibility, install, offline,
 * updates, phone layout, push, sign-in screens, analytics, assets) show the same thing on either
 * engine and run once, on PGlite, in `npm run test:e2e` (docs/testing.md).
 */
const ON_POSTGRES = [
  'chat',
  'chat-versions',
  'chat-sources-share',
  'chat-stream-fallback',
  'offline-first-session',
  'agent-mode',
  'spaces-lifecycle',
  'knowledge',
  'billing',
  'admin',
  'org-admin',
].map((name) => `tests/e2e/${name}.e2e.ts`);

const onPostgres = process.env.MOSAIC_E2E_DATABASE === 'postgres';

// Browser tests drive the real production build, served by the real server, in Debian's Chromium.
export default defineConfig({
  test: {
    name: 'e2e',
    include: onPostgres ? ON_POSTGRES : ['tests/e2e/**/*.e2e.ts'],
    environment: 'node',
    // Builds the app once for the run, or finds it built (tests/tools/test-build.ts).
    globalSetup: ['tests/e2e/global-setup.ts'],
    testTimeout: 60_000,
    // Starting the server and Chromium on a busy 2-core machine.
    hookTimeout: 240_000,
    // One browser and one server per file; files run one after another to keep a 2-core machine responsive.
    fileParallelism: false,
  },
});
