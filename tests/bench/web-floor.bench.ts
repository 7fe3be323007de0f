/**
 * npm run bench:web-floor — what Lighthouse's mobile preset allows a signed-in /dashboard and a
 * signed-out /login on this machine. It records the code the real pages fetch before their heading
 * is on the page and the Dashboard's GETs before its largest paint (Chromium, 390 px), writes pages
 * that do only that network work (tests/bench/web-floor-pages.ts), and audits the real pages and
 * those pages back to back, BENCH_ROUNDS rounds (default 5), the order reversed every other round,
 * each run with the machine's load average. `chain-and-entry` is the best any page could do that
 * downloads the entry /login downloads and then makes the start-up's requests; the gap between the
 * real page and `chain-and-code` is what running the app costs; `chain-and-code` against
 * `chain-and-code-in-two-files` is what the number of requests costs. A warm row audits a second
 * visit (the app's service worker in control; for the floor, its files in the browser's cache), and
 * `login` is /login's own floor (its files downloaded, not run). It ends with the goals as ratios of
 * the same run's medians.
 *
 *   BENCH_ROUNDS=5              rounds (each audits every row once)
 *   BENCH_FLOOR_ROWS=goals      only the rows the goals compare (skips chain, chain-and-code, two files)
 *   BENCH_BASELINE_REF=<ref>    also audits that commit's /dashboard (cold, warm) and /login, built
 *                               with this checkout's packages and served by this checkout's server
 *
 * Figures: docs/performance.md, "Seventh pass" to "Ninth pass".
 */
import { stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { apiLogin, launchBrowser, registerAccount, startServer, uniqueAccount, type Account, type RunningServer, type SessionTokens } from '../e2e/harness';
import { buildApp } from '../tools/test-build';
import { buildRef, loadNow, median } from './web-compare';
import { FLOOR_PAGES, LOGIN_FLOOR_PAGE, writeFloorPages, writeLoginFloorPage, type RecordedStart } from './web-floor-pages';
import { runLighthouse, type LighthouseScore } from './web-lighthouse';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const PAGE = '/dashboard';
const LOGIN = '/login';
const LOGIN_HEADING = 'Welcome back';
/** The goals (issue "Speed at every size"): a page's median performance over its floor's, same run. */
const GOALS = [
  { page: `${PAGE} cold`, floor: '/floor/chain-and-entry.html cold', atLeast: 0.85 },
  { page: `${PAGE} warm`, floor: '/floor/chain-and-entry.html warm', atLeast: 0.95 },
  { page: `${LOGIN} cold`, floor: `${LOGIN_FLOOR_PAGE} cold`, atLeast: 0.95 },
] as const;

/**
 * A real page's start in Chromium: the code it fetched before its screen's heading was on the
 * page (what rendering it needed; the device store and the outbox, fetched when the browser is
 * idle, come later), its API GETs before the largest paint, and that paint's text. Signed in when
 * given tokens.
 */
async function recordStart(baseUrl: string, path: string, heading: string, tokens: SessionTokens | null): Promise<RecordedStart> {
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    await context.addInitScript((session) => {
      if (session) {
        localStorage.setItem('ma_access_token', session.access_token);
        localStorage.setItem('ma_refresh_token', session.refresh_token);
      }
      const observer = new MutationObserver(() => {
        // The boot splash has no heading: the first h1 is the screen's.
        if (!document.querySelector('#root h1')) return;
        (window as unknown as { headingAt: number }).headingAt = performance.now();
        observer.disconnect();
      });
      observer.observe(document, { childList: true, subtree: true });
    }, tokens);
    const page = await context.newPage();
    await page.goto(`${baseUrl}${path}`);
    await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
    await page.waitForLoadState('networkidle');
    return await page.evaluate(
      () =>
        new Promise<RecordedStart>((resolve) => {
          new PerformanceObserver((list) => {
            const last = list.getEntries().at(-1) as PerformanceEntry & { element?: Element | null };
            const headingAt = (window as unknown as { headingAt: number }).headingAt;
            const requests = performance.getEntriesByType('resource').map((entry) => ({ url: new URL(entry.name), at: entry.startTime }));
            resolve({
              assets: requests.filter((request) => request.at < headingAt && request.url.pathname.startsWith('/assets/')).map((request) => request.url.pathname),
              apiGets: requests.filter((request) => request.at < last.startTime && request.url.pathname.startsWith('/api/v1/')).map((request) => request.url.pathname),
              lcpText: (last.element?.textContent ?? '').trim(),
            });
          }).observe({ type: 'largest-contentful-paint', buffered: true });
        }),
    );
  } finally {
    await browser.close();
  }
}

/** `file 12.3 KB, …` and the total: the size the server sends each file at (its .br copy when there is one). */
async function sentSizes(outDir: string, files: string[]): Promise<string> {
  const sizes = await Promise.all(files.map(async (file) => (await stat(join(outDir, `${file}.br`)).catch(() => stat(join(outDir, file)))).size));
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  const total = sizes.reduce((sum, size) => sum + size, 0);
  return `${files.map((file, index) => `${file.replace('/assets/', '')} ${kb(sizes[index]!)}`).join(', ')}; ${kb(total)} in all`;
}

interface Row {
  /** `<path> cold|warm`, and the build for a baseline's rows. */
  key: string;
  path: string;
  warm: boolean;
  server: RunningServer;
  account: Account;
}

/** A server for a build, with one registered account. */
async function serve(outDir: string): Promise<{ server: RunningServer; account: Account }> {
  const server = await startServer({ STATIC_DIR: outDir });
  const account = uniqueAccount('floor');
  await registerAccount(server.baseUrl, account);
  return { server, account };
}

const spread = (values: number[]) => `${Math.min(...values)}–${Math.max(...values)}`;

async function main(): Promise<void> {
  console.log(`# What the mobile preset allows ${PAGE} and ${LOGIN} here — ${new Date().toISOString()}, load average ${loadNow()}, ${ROUNDS} rounds\n`);
  const build = await buildApp(`floor-${Date.now().toString(36)}`);
  const baselineRef = process.env.BENCH_BASELINE_REF;
  const baseline = baselineRef ? await buildRef(resolve(import.meta.dirname, '../..'), baselineRef) : null;
  const app = await serve(build.outDir);
  const old = baseline ? await serve(baseline.outDir) : null;
  try {
    const start = await recordStart(app.server.baseUrl, PAGE, 'Dashboard', await apiLogin(app.server.baseUrl, app.account));
    console.log(`Before its heading was on the page ${PAGE} had fetched ${start.assets.length} files; before its largest paint ("${start.lcpText.slice(0, 60)}") it made these GETs: ${start.apiGets.join(', ')}.\n`);
    console.log(`Files (as sent, brotli): ${await sentSizes(build.outDir, start.assets)}\n`);
    await writeFloorPages(build.outDir, start);
    const loginStart = await recordStart(app.server.baseUrl, LOGIN, LOGIN_HEADING, null);
    console.log(`Before its heading was on the page ${LOGIN} had fetched ${loginStart.assets.length} files ("${loginStart.lcpText.slice(0, 60)}"): ${await sentSizes(build.outDir, loginStart.assets)}\n`);
    await writeLoginFloorPage(build.outDir, loginStart, LOGIN_HEADING);

    const floors = process.env.BENCH_FLOOR_ROWS === 'goals' ? ['/floor/chain-and-entry.html'] : [...FLOOR_PAGES];
    const row = (path: string, warm: boolean, on = app, build = ''): Row => ({
      key: `${path} ${warm ? 'warm' : 'cold'}${build}`,
      path,
      warm,
      server: on.server,
      account: on.account,
    });
    const rows: Row[] = [
      row(PAGE, false),
      row(PAGE, true),
      row(LOGIN, false),
      ...floors.map((path) => row(path, false)),
      row('/floor/chain-and-entry.html', true),
      row(LOGIN_FLOOR_PAGE, false),
      ...(old ? [row(PAGE, false, old, ` (${baselineRef})`), row(PAGE, true, old, ` (${baselineRef})`), row(LOGIN, false, old, ` (${baselineRef})`)] : []),
    ];
    const runs = new Map<string, Array<{ score: LighthouseScore; load: number }>>(rows.map((r) => [r.key, []]));
    console.log('| Round | Page | Performance | TBT | LCP | FCP | LCP element | Load average (start → end) |');
    console.log('|---:|---|---:|---:|---:|---:|---|---|');
    for (let round = 1; round <= ROUNDS; round += 1) {
      for (const r of round % 2 === 1 ? rows : [...rows].reverse()) {
        // A session of its own for every run: the app refreshes an expired access token and the
        // refresh token rotates, so tokens shared across a long run would sign later runs out.
        const tokens = await apiLogin(r.server.baseUrl, r.account);
        const before = loadNow();
        const [score] = await runLighthouse(r.server.baseUrl, tokens, ['mobile'], [r.path], { warm: r.warm });
        runs.get(r.key)!.push({ score: score!, load: before });
        const { tbt, lcp, fcp } = score!.metrics;
        console.log(`| ${round} | ${r.key} | ${score!.scores.performance} | ${tbt} ms | ${lcp} ms | ${fcp} ms | ${score!.lcpElement} | ${before} → ${loadNow()} |`);
      }
    }
    console.log('\n| Page | Median performance (spread) | Median TBT | Median LCP | Median FCP | Load average at the starts (median, spread) |');
    console.log('|---|---:|---:|---:|---:|---:|');
    const medians = new Map<string, number>();
    for (const [key, samples] of runs) {
      const of = (pick: (score: LighthouseScore) => number) => median(samples.map((sample) => pick(sample.score)));
      const performance = samples.map((sample) => sample.score.scores.performance);
      const loads = samples.map((sample) => sample.load);
      medians.set(key, median(performance));
      console.log(
        `| ${key} | ${median(performance)} (${spread(performance)}) | ${of((s) => s.metrics.tbt)} ms | ${of((s) => s.metrics.lcp)} ms | ${of((s) => s.metrics.fcp)} ms | ${median(loads.map((load) => load * 10)) / 10} (${spread(loads)}) |`,
      );
    }
    console.log('');
    let passed = 0;
    for (const goal of GOALS) {
      const ratio = medians.get(goal.page)! / medians.get(goal.floor)!;
      const ok = ratio >= goal.atLeast;
      if (ok) passed += 1;
      console.log(`${ok ? 'PASS' : 'FAIL'} ${goal.page}: ${medians.get(goal.page)} / ${goal.floor} ${medians.get(goal.floor)} = ${ratio.toFixed(3)} (goal ≥ ${goal.atLeast})`);
    }
    console.log(`${passed} passed, ${GOALS.length - passed} failed`);
  } finally {
    await app.server.stop();
    await old?.server.stop();
    await build.remove();
    await baseline?.remove();
  }
}

await main();
