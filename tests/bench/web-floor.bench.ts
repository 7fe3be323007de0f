/**
 * npm run bench:web-floor — what Lighthouse's mobile preset allows a signed-in /dashboard on this
 * machine. It records the code the real page fetches before its heading is on the page and its
 * GETs before its largest paint (Chromium, 390 px), writes pages that do only that network work
 * (tests/bench/web-floor-pages.ts), and audits the real page and those pages back to back,
 * BENCH_ROUNDS rounds (default 3), each run with the machine's load average. `chain-and-entry` is the best any page could do that downloads the entry
 * /login downloads and then makes the start-up's requests; the gap between the real page and
 * `chain-and-code` is what running the app costs; `chain-and-code` against
 * `chain-and-code-in-two-files` is what the number of requests costs. Figures:
 * docs/performance.md, "Seventh pass".
 */
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { apiLogin, launchBrowser, registerAccount, startServer, uniqueAccount, type SessionTokens } from '../e2e/harness';
import { buildApp } from '../tools/test-build';
import { loadNow, median } from './web-compare';
import { FLOOR_PAGES, writeFloorPages, type RecordedStart } from './web-floor-pages';
import { runLighthouse, type LighthouseScore } from './web-lighthouse';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const PAGE = '/dashboard';

/**
 * The real page's start in Chromium: the code it fetched before its screen's heading was on the
 * page (what rendering it needed; the device store and the outbox, fetched when the browser is
 * idle, come later), its API GETs before the largest paint, and that paint's text.
 */
async function recordStart(baseUrl: string, tokens: SessionTokens): Promise<RecordedStart> {
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    await context.addInitScript((session) => {
      localStorage.setItem('ma_access_token', session.access_token);
      localStorage.setItem('ma_refresh_token', session.refresh_token);
      const observer = new MutationObserver(() => {
        if (!document.querySelector('main h1')) return;
        (window as unknown as { headingAt: number }).headingAt = performance.now();
        observer.disconnect();
      });
      observer.observe(document, { childList: true, subtree: true });
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

async function main(): Promise<void> {
  console.log(`# What the mobile preset allows ${PAGE} here — ${new Date().toISOString()}, load average ${loadNow()}\n`);
  const build = await buildApp(`floor-${Date.now().toString(36)}`);
  const server = await startServer({ STATIC_DIR: build.outDir });
  try {
    const account = uniqueAccount('floor');
    await registerAccount(server.baseUrl, account);
    const tokens = await apiLogin(server.baseUrl, account);
    const start = await recordStart(server.baseUrl, tokens);
    console.log(`Before its heading was on the page ${PAGE} had fetched ${start.assets.length} files; before its largest paint ("${start.lcpText.slice(0, 60)}") it made these GETs: ${start.apiGets.join(', ')}.\n`);
    console.log(`Files (as sent, brotli): ${await sentSizes(build.outDir, start.assets)}\n`);
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
