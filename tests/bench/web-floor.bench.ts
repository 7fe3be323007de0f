/**
 * npm run bench:web-floor — what Lighthouse's mobile preset allows a signed-in /dashboard on this
 * machine. It records what the real page fetches before its largest paint (Chromium, 390 px),
 * writes pages that do only that network work (tests/bench/web-floor-pages.ts), and audits the
 * real page and those pages back to back, BENCH_ROUNDS rounds (default 3), each run with the
 * machine's load average. `chain-and-entry` is the best any page could do that downloads the entry
 * /login downloads and then makes the start-up's requests; the gap between the real page and
 * `chain-and-code` is what running the app costs; `chain-and-code` against
 * `chain-and-code-in-two-files` is what the number of requests costs. Figures:
 * docs/performance.md, "Seventh pass".
 */
import { apiLogin, buildApp, launchBrowser, registerAccount, startServer, uniqueAccount, type SessionTokens } from '../e2e/harness';
import { loadNow, median } from './web-compare';
import { FLOOR_PAGES, writeFloorPages, type RecordedStart } from './web-floor-pages';
import { runLighthouse, type LighthouseScore } from './web-lighthouse';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const PAGE = '/dashboard';

/** The real page's start in Chromium: its files and API GETs before the largest paint, and that paint's text. */
async function recordStart(baseUrl: string, tokens: SessionTokens): Promise<RecordedStart> {
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    await context.addInitScript((session) => {
      localStorage.setItem('ma_access_token', session.access_token);
      localStorage.setItem('ma_refresh_token', session.refresh_token);
    }, tokens);
    const page = await context.newPage();
    await page.goto(`${baseUrl}${PAGE}`);
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    await page.waitForLoadState('networkidle');
    return await page.evaluate(
      () =>
        new Promise<RecordedStart>((resolve) => {
          new PerformanceObserver((list) => {
            const last = list.getEntries().at(-1) as PerformanceEntry & { element?: Element | null };
            const before = performance
              .getEntriesByType('resource')
              .filter((entry) => entry.startTime < last.startTime)
              .map((entry) => new URL(entry.name));
            resolve({
              assets: before.filter((url) => url.pathname.startsWith('/assets/')).map((url) => url.pathname),
              apiGets: before.filter((url) => url.pathname.startsWith('/api/v1/')).map((url) => url.pathname),
              lcpText: (last.element?.textContent ?? '').trim(),
            });
          }).observe({ type: 'largest-contentful-paint', buffered: true });
        }),
    );
  } finally {
    await browser.close();
  }
}

async function main(): Promise<void> {
  console.log(`# What the mobile preset allows ${PAGE} here — ${new Date().toISOString()}, load average ${loadNow()}\n`);
  const build = await buildApp(`floor-${Date.now().toString(36)}`);
  const server = await startServer({ STATIC_DIR: build.outDir });
  try {
    const account = uniqueAccount('floor');
    await registerAccount(server.baseUrl, account);
    const tokens = await apiLogin(server.baseUrl, account);
    const start = await recordStart(server.baseUrl, tokens);
    console.log(`Before its largest paint ("${start.lcpText.slice(0, 60)}") ${PAGE} fetched ${start.assets.length} files and made these GETs: ${start.apiGets.join(', ')}.\n`);
    await writeFloorPages(build.outDir, start);

    const paths = [PAGE, ...FLOOR_PAGES];
    const runs = new Map<string, LighthouseScore[]>(paths.map((path) => [path, []]));
    console.log('| Round | Page | Performance | TBT | LCP | FCP | LCP element | Load average (start → end) |');
    console.log('|---:|---|---:|---:|---:|---:|---|---|');
    for (let round = 1; round <= ROUNDS; round += 1) {
      for (const path of round % 2 === 1 ? paths : [...paths].reverse()) {
        const before = loadNow();
        const [score] = await runLighthouse(server.baseUrl, tokens, ['mobile'], [path]);
        runs.get(path)!.push(score!);
        const { tbt, lcp, fcp } = score!.metrics;
        console.log(`| ${round} | ${path} | ${score!.scores.performance} | ${tbt} ms | ${lcp} ms | ${fcp} ms | ${score!.lcpElement} | ${before} → ${loadNow()} |`);
      }
    }
    console.log('\n| Page | Median performance | Median TBT | Median LCP | Median FCP |');
    console.log('|---|---:|---:|---:|---:|');
    for (const [path, scores] of runs) {
      const of = (pick: (score: LighthouseScore) => number) => median(scores.map(pick));
      console.log(`| ${path} | ${of((s) => s.scores.performance)} | ${of((s) => s.metrics.tbt)} ms | ${of((s) => s.metrics.lcp)} ms | ${of((s) => s.metrics.fcp)} ms |`);
    }
  } finally {
    await server.stop();
    await build.remove();
  }
}

await main();
