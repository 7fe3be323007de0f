/// <reference types="vitest/config" />
import { defineConfig, type UserConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import path from 'node:path';
import { bootSplash } from './src/vite-plugins/boot-splash.ts';
import { chunkPlanGroups, isChunkPlanFirstPass, planFromFirstBuild } from './src/vite-plugins/chunk-plan-build.ts';
import { groupOf } from './src/vite-plugins/code-splitting-group.ts';
import { precompressAssets } from './src/vite-plugins/precompress-assets.ts';
import { radixIconsPerModule } from './src/vite-plugins/radix-icons-per-module.ts';
import { responsiveValuesInSource, withoutUnusedBreakpointRules } from './src/vite-plugins/responsive-css.ts';
import { themeWithoutTooltipProvider } from './src/vite-plugins/theme-without-tooltip-provider.ts';
import { WEB_MANIFEST } from './src/vite-plugins/web-manifest.ts';

// The build steps live in src/vite-plugins/ (Node code, tested in tests/build/); this file only wires them.

const fromRoot = (file: string) => path.resolve(import.meta.dirname, file);

/**
 * Server test files that are slow by nature: a process that dies, is restarted or is spawned (a
 * lease running out, a crashed job worker, the admin command, a first `npm start`, the extraction
 * sandbox's children) and the largest inputs the server must survive. They are the `server-slow`
 * project: `npm run test:slow` on PGlite and, with the rest of the server suite, `npm run test:pg`
 * on PostgreSQL; CI runs both. `npm test` leaves them out (docs/testing.md "Which suite proves what").
 */
const SLOW_SERVER_TESTS = [
  'tests/server/jobs-queue.test.ts',
  'tests/server/create-admin-cli.test.ts',
  'tests/server/first-start.test.ts',
  'tests/server/sandbox.test.ts',
  'tests/server/agents-lease.test.ts',
  'tests/server/agents-restart.test.ts',
  'tests/server/agent-mode-restart.test.ts',
  'tests/server/kb-restart.test.ts',
  'tests/server/kb-recovery.test.ts',
  'tests/server/kb-limits.test.ts',
  'tests/server/assets-thumbnail-limits.test.ts',
];

/**
 * Web test files that need modules of their own (the `web-fresh` project, isolated as vitest's
 * default is): every other web file shares one module graph per worker (the `web` project). A file
 * is here only for a reason the shared graph cannot give it: it replaces a module (`vi.mock` would
 * reach every later file of the worker), it loads the app afresh for each test (`vi.resetModules`),
 * or it tests a page's very first start (the session check runs once per page load).
 */
const WEB_TESTS_NEEDING_FRESH_MODULES = [
  'tests/web/agents/new-chat-while-chat-loads.test.tsx', // vi.mock: the chat screen held while it loads
  'tests/web/agents/send-shows-at-once.test.tsx', // vi.mock: Markdown held mid-render
  'tests/web/billing/billing-store.test.ts', // vi.mock: the checkout's navigation
  'tests/web/billing/credits-follow-charges.test.tsx', // vi.mock: the checkout's navigation
  'tests/web/billing/stripe-checkout.test.tsx', // vi.mock: the checkout's navigation and polling
  'tests/web/ga4/connections-screens.test.tsx', // vi.mock: the browser's navigation to Google
  'tests/web/api/*.test.ts', // vi.resetModules: a fresh request layer per test (client-harness.ts)
  'tests/web/auth/auth.store.test.ts', // vi.resetModules (client-harness.ts)
  'tests/web/auth/cross-tab.test.ts', // vi.resetModules: two tabs, two copies of the client
  'tests/web/pwa/connectivity-from-requests.test.ts', // vi.resetModules (client-harness.ts)
  'tests/web/pwa/reads-before-control.test.ts', // vi.resetModules (client-harness.ts)
  'tests/web/spaces/spaces.store.test.ts', // vi.resetModules (client-harness.ts)
  'tests/web/app/logout-wipe.test.tsx', // a page's first start: the session check (initAuth) runs once per page
  'tests/web/app/navigation.test.tsx', // a page's first start: "Loading Mosaic…" while the session is checked
  'tests/web/app/session-expiry.test.tsx', // a page's first start: a refused refresh during the session check
];

// A label for the build, written into index.html (<meta name="mosaic-build">) so a deploy can be
// told apart from the previous one, e.g. VITE_BUILD_ID=$(git rev-parse --short HEAD) npm run build.
process.env.VITE_BUILD_ID ??= 'local';

// The API server listens on 8080 by default; the dev server proxies /api to it so the
// browser sees one origin, exactly as in production where one process serves both.
const apiTarget = process.env.MOSAIC_API_URL ?? 'http://127.0.0.1:8080';

export default defineConfig(async ({ command, mode }): Promise<UserConfig> => {
  // A build runs twice: first in memory, to see the chunks the bundler cuts, then for real with the
  // shared chunks of the signed-in shell as one (src/vite-plugins/chunk-plan.ts). The first pass leaves
  // out the steps that only write files.
  const firstPass = isChunkPlanFirstPass();
  const plan = command === 'build' && !firstPass ? await planFromFirstBuild(import.meta.dirname, fromRoot('vite.config.ts'), mode) : null;
  return {
    plugins: [
      react(),
      // Build only: "Loading Mosaic…" is in the HTML, so the page paints before the JavaScript has run.
      bootSplash(),
      // Build only: keeps Radix Themes' tooltip provider, and with it ~15 KB of tooltip code, out of
      // the entry; the signed-in shell provides tooltips itself.
      themeWithoutTooltipProvider(),
      // Installable, offline-tolerant app (docs/pwa.md). The worker source is sw/sw.ts; the page
      // registers it itself (src/pwa/register-sw.ts) so updates wait for the user's consent.
      VitePWA({
        // Nothing to install from the first pass of a build (see above).
        disable: firstPass,
        strategies: 'injectManifest',
        srcDir: 'sw',
        filename: 'sw.ts',
        registerType: 'prompt',
        injectRegister: false,
        // public/ files (icons, favicon) are precached by globPatterns below; listing them again
        // here would only duplicate precache entries.
        includeManifestIcons: false,
        manifest: WEB_MANIFEST,
        injectManifest: {
          globPatterns: ['**/*.{js,css,html,svg,png,ico}'],
          // Screenshots are only shown by the browser's install dialog, never by the app offline.
          // The PDF viewer (pdf.js, ~100 KB compressed) reads a PDF from the server, so it is of no
          // use offline: it is fetched the first time a PDF is previewed, not installed with the app.
          globIgnores: ['screenshots/**', 'assets/PdfPages-*.js'],
        },
      }),
    ],
    server: {
      proxy: { '/api': { target: apiTarget, changeOrigin: false } },
    },
    css: {
      // Build only: drops the Radix Themes responsive classes no screen uses (half the stylesheet).
      // While developing, a responsive value added to a screen has its CSS at once.
      postcss: { plugins: command === 'build' ? [withoutUnusedBreakpointRules(responsiveValuesInSource(fromRoot('src')))] : [] },
    },
    build: {
      outDir: 'dist',
      sourcemap: true,
      // dist/.vite/manifest.json: the chunk graph tests/bench/web.bench.ts measures per route.
      manifest: true,
      rolldownOptions: {
        plugins: [
          // One module per Radix icon, so a chunk carries only the icons its screens draw.
          radixIconsPerModule(),
          // .br and .gz next to each text asset, which the server sends as they are.
          ...(firstPass ? [] : [precompressAssets()]),
        ],
        output: {
          codeSplitting: {
            groups: [
              // React, its scheduler and the router change only on upgrades: one long-lived chunk that
              // a new deploy of the app does not invalidate in the browser's or the worker's cache.
              {
                name: 'react-vendor',
                test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/,
                priority: 6,
              },
              // Everything the entry needs before its first render in one chunk next to it: fewer
              // round trips before the first paint on a phone.
              { name: groupOf('app-core', [fromRoot('src/main.tsx')]), debugName: 'app-core', priority: 5 },
              // The plan of the first pass (none in it): priorities 4 to 1.
              ...(plan ? chunkPlanGroups(plan) : []),
            ],
          },
        },
      },
    },
    test: {
      // Test files are CPU-bound (jsdom start-up, PGlite boot); two workers match a 2-core machine.
      maxWorkers: 2,
      projects: [
        {
          extends: true,
          test: {
            name: 'web',
            environment: 'jsdom',
            include: ['tests/web/**/*.test.{ts,tsx}'],
            exclude: WEB_TESTS_NEEDING_FRESH_MODULES,
            setupFiles: ['tests/helpers/web-setup.ts'],
            // A worker's files share one module graph, as the server's do: React, Radix and the
            // app's modules load once per worker instead of once per file (half the project's CPU).
            // After each test the setup resets the app's module state (signed out, every store reset,
            // IndexedDB empty: tests/helpers/web-setup.ts), so no file inherits another's, whatever
            // the order; the files that need modules of their own are the `web-fresh` project.
            isolate: false,
            provide: { webModulesShared: true },
          },
        },
        {
          extends: true,
          test: {
            name: 'web-fresh',
            environment: 'jsdom',
            include: WEB_TESTS_NEEDING_FRESH_MODULES,
            setupFiles: ['tests/helpers/web-setup.ts'],
          },
        },
        {
          test: {
            name: 'sw',
            // Service-worker modules run against a small worker-like global scope (see the setup file).
            environment: 'node',
            include: ['tests/sw/**/*.test.ts'],
            setupFiles: ['tests/sw/worker-env.ts'],
          },
        },
        {
          test: {
            // The build steps of src/vite-plugins/, on small sources (the built app itself: tests/e2e/built-app.e2e.ts).
            name: 'build',
            environment: 'node',
            include: ['tests/build/**/*.test.ts'],
            testTimeout: 30_000,
            hookTimeout: 180_000,
          },
        },
        {
          test: {
            name: 'server',
            environment: 'node',
            include: ['tests/server/**/*.test.ts'],
            exclude: SLOW_SERVER_TESTS,
            // The prepared database template, made before any file asks for it; a log folder for
            // every test app, scanned for secrets when the run is over (a finding fails it).
            globalSetup: ['tests/helpers/database-template-setup.ts', 'tests/helpers/server-log-check.ts'],
            // A worker's files share one module graph: the server's modules are loaded once per
            // worker instead of once per file (half the suite's CPU). Each file builds its own apps
            // and databases and closes them, so no state of the product is shared (docs/testing.md).
            isolate: false,
            // Bounds for failures only (tests wait for events): generous, because a shared 2-core
            // machine under load can take over a minute to boot an app and its database.
            testTimeout: 60_000,
            hookTimeout: 120_000,
          },
        },
        {
          test: {
            // The server files in SLOW_SERVER_TESTS: `npm run test:slow`, which CI runs (the README's
            // `npm test` leaves them out to stay the fast suite). Same settings as `server`.
            name: 'server-slow',
            environment: 'node',
            include: SLOW_SERVER_TESTS,
            globalSetup: ['tests/helpers/database-template-setup.ts', 'tests/helpers/server-log-check.ts'],
            isolate: false,
            testTimeout: 60_000,
            hookTimeout: 120_000,
          },
        },
      ],
    },
  };
});
