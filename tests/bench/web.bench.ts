/**
 * npm run bench:web — what the web app costs a visitor, measured on this machine:
 *  1. per route first-load JS and CSS (gzip) from the build manifest (tests/bench/web-sizes.ts);
 *  2. cold load, warm reload and offline reload times in Chromium, navigation start → shell
 *     rendered, median of BENCH_RUNS (default 7) (tests/bench/web-timings.ts);
 *  3. Lighthouse 12 performance, accessibility and best-practices for /login and a signed-in
 *     /dashboard, mobile and desktop presets (tests/bench/web-lighthouse.ts).
 * Builds into a temporary folder, serves it with the real server (embedded PGlite, temporary data
 * folder, a free loopback port), stops everything at the end. Prints Markdown tables; the budget
 * lines say PASS or OVER. BENCH_SKIP_LIGHTHOUSE=1 skips step 3. Every Lighthouse figure is printed
 * with the machine's load average (one minute) when its run started and ended.
 *
 * BENCH_BASELINE_REF=<git ref> adds step 4: Lighthouse mobile on /login and /dashboard for this
 * build and that commit's build, back to back, BENCH_COMPARE_ROUNDS rounds (default 5) in
 * alternating order (tests/bench/web-compare.ts). BENCH_COMPARE_ONLY=1 runs step 4 alone.
 * Figures: docs/performance.md.
 */
import path from 'node:path';
import { launchBrowser, registerAccount, startServer, uniqueAccount, apiLogin } from '../e2e/harness';
import { buildApp } from '../tools/test-build';
import { runLighthouse } from './web-lighthouse';
import { buildRef, compareLighthouse, loadNow, printComparison } from './web-compare';
import { measureBuild } from './web-sizes';
import { measureLoadTimes } from './web-timings';

const ROOT = path.resolve(import.meta.dirname, '../..');
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const KB = 1024;

/** Budgets (issue "Installable and offline-tolerant", Performance). */
const BUDGET = {
  loginFirstLoadJs: 120 * KB,
  lazyRouteJs: 60 * KB,
  offlineReloadMs: 400,
  performance: 95,
  accessibility: 100,
  bestPractices: 100,
};

const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;
const verdict = (ok: boolean) => (ok ? 'PASS' : 'OVER');

async function main(): Promise<void> {
  console.log(`# Mosaic web benchmark — ${new Date().toISOString()}, load average ${loadNow()} on this machine\n`);
  if (process.env.BENCH_COMPARE_ONLY === '1') return compareWithBaseline();
  const build = await buildApp(`bench-${Date.now().toString(36)}`);
  const server = await startServer({ STATIC_DIR: build.outDir });
  const browser = await launchBrowser();
  try {
    const sizes = await measureBuild(ROOT, build.outDir);
    console.log('## First-load size per route (gzip)\n');
    console.log(`Entry (index.html's script and its imports): JS ${kb(sizes.entryJs)}, CSS ${kb(sizes.entryCss)}.`);
    console.log(`Signed-in shell beyond the entry: JS ${kb(sizes.shellJs)}.\n`);
    console.log('| Route | First-load JS | Route chunk beyond entry + shell | First-load CSS |');
    console.log('|---|---:|---:|---:|');
    for (const route of sizes.routes) {
      console.log(`| ${route.path} | ${kb(route.firstLoadJs)} | ${kb(route.routeJs)} | ${kb(route.firstLoadCss)} |`);
    }
    const login = sizes.routes.find((route) => route.path === '/login');
    const biggestRoute = Math.max(...sizes.routes.map((route) => route.routeJs));
    console.log(`\n- /login first-load JS ${kb(login?.firstLoadJs ?? 0)} (budget 120 KB): ${verdict((login?.firstLoadJs ?? Infinity) <= BUDGET.loginFirstLoadJs)}`);
    console.log(`- largest lazy route chunk ${kb(biggestRoute)} (budget 60 KB): ${verdict(biggestRoute <= BUDGET.lazyRouteJs)}\n`);

    const account = uniqueAccount('bench');
    await registerAccount(server.baseUrl, account);
    const tokens = await apiLogin(server.baseUrl, account);

    console.log(`## Load times in Chromium (navigation start → shell rendered, median of ${RUNS})\n`);
    console.log('| Load | Median | Samples (ms) |');
    console.log('|---|---:|---|');
    const times = await measureLoadTimes({ browser, baseUrl: server.baseUrl, tokens, runs: RUNS });
    for (const time of times) console.log(`| ${time.label} | ${time.median} ms | ${time.samples.join(', ')} |`);
    const offline = times.find((time) => time.label === '/dashboard offline reload');
    console.log(`\n- offline reload ${offline?.median} ms (budget 400 ms): ${verdict((offline?.median ?? Infinity) <= BUDGET.offlineReloadMs)}\n`);

    if (process.env.BENCH_SKIP_LIGHTHOUSE === '1') return;
    console.log('## Lighthouse 12\n');
    console.log('| Page | Preset | Performance | Accessibility | Best practices | FCP | LCP | TBT | CLS | LCP element | Load average (start → end) |');
    console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|---|---|');
    const scores = [];
    for (const formFactor of ['mobile', 'desktop'] as const) {
      for (const path of ['/login', '/dashboard']) {
        const before = loadNow();
        const [score] = await runLighthouse(server.baseUrl, tokens, [formFactor], [path]);
        const after = loadNow();
        scores.push(score!);
        const { performance, accessibility } = score!.scores;
        const { fcp, lcp, tbt, cls } = score!.metrics;
        console.log(
          `| ${score!.url} | ${score!.formFactor} | ${performance} | ${accessibility} | ${score!.scores['best-practices']} | ${fcp} ms | ${lcp} ms | ${tbt} ms | ${cls} | ${score!.lcpElement} | ${before} → ${after} |`,
        );
      }
    }
    console.log('\nAudits not passing:');
    for (const score of scores) {
      for (const audit of score.failing) console.log(`- ${score.url} (${score.formFactor}) ${audit}`);
    }
    const met = scores.every(
      (score) =>
        score.scores.performance >= BUDGET.performance &&
        score.scores.accessibility >= BUDGET.accessibility &&
        score.scores['best-practices'] >= BUDGET.bestPractices,
    );
    console.log(`\n- Lighthouse targets (performance ≥ 95, accessibility 100, best practices 100): ${verdict(met)}`);
  } finally {
    await browser.close();
    await server.stop();
    await build.remove();
  }
  if (process.env.BENCH_BASELINE_REF) await compareWithBaseline();
}

/** Step 4: this build against BENCH_BASELINE_REF's, back to back (tests/bench/web-compare.ts). */
async function compareWithBaseline(): Promise<void> {
  const ref = process.env.BENCH_BASELINE_REF;
  if (!ref) throw new Error('BENCH_BASELINE_REF names the commit to compare with (e.g. main)');
  const rounds = Number(process.env.BENCH_COMPARE_ROUNDS ?? 5);
  console.log(`## Lighthouse mobile, this build against ${ref}, back to back (${rounds} rounds)\n`);
  const current = await buildApp(`bench-${Date.now().toString(36)}`);
  const baseline = await buildRef(ROOT, ref);
  const servers = [await startServer({ STATIC_DIR: current.outDir }), await startServer({ STATIC_DIR: baseline.outDir })];
  try {
    const builds = [];
    for (const [index, server] of servers.entries()) {
      const account = uniqueAccount('bench');
      await registerAccount(server.baseUrl, account);
      builds.push({ label: index === 0 ? 'this build' : ref, baseUrl: server.baseUrl, tokens: await apiLogin(server.baseUrl, account) });
    }
    printComparison(await compareLighthouse(builds, ['/login', '/dashboard'], rounds));
  } finally {
    for (const server of servers) await server.stop();
    await current.remove();
    await baseline.remove();
  }
}

await main();
