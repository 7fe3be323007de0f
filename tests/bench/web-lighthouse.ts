/**
 * Lighthouse 12 scores (performance, accessibility, best practices) for Login and a signed-in
 * Dashboard, in Debian's Chromium. Lighthouse drives a Chromium that Playwright launched with a
 * real profile and a remote-debugging port; for the signed-in run the session tokens are put in
 * localStorage first (what the Login screen stores), and everything else the origin keeps
 * (service worker, caches, IndexedDB, HTTP cache) is cleared so each run is a first visit. A warm
 * run (`warm: true`) then visits the page once more before Lighthouse does, and waits for the
 * page's service worker (if it registers one) to be active, so Lighthouse audits a second visit.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse, { desktopConfig } from 'lighthouse';
import type { Config, Flags } from 'lighthouse';
import { chromium } from 'playwright-core';
import { freePort, type SessionTokens } from '../e2e/harness';
import { CHROMIUM_PATH, CHROMIUM_QUIET_FLAGS } from '../tools/chromium';

const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;
type Category = (typeof CATEGORIES)[number];

/** Runs per page before a Lighthouse runtime error (a lost trace) fails the bench. */
const RUN_ATTEMPTS = 3;

export interface LighthouseScore {
  url: string;
  formFactor: 'mobile' | 'desktop';
  scores: Record<Category, number>;
  /** Failing audits (score < 1) that carry weight, to say what to fix. */
  failing: string[];
  metrics: { fcp: number; lcp: number; tbt: number; cls: number };
  /** What painted last and largest, e.g. `h1.rt-Heading "Welcome back"`: a score is only worth
   * something if this is the screen itself, not the boot splash or a loader. */
  lcpElement: string;
}

interface LcpNode {
  selector?: string;
  nodeLabel?: string;
}

function lcpElementOf(lhr: { audits: Record<string, { details?: unknown } | undefined> }): string {
  const details = lhr.audits['largest-contentful-paint-element']?.details as
    | { items?: Array<{ items?: Array<{ node?: LcpNode }> }> }
    | undefined;
  const node = details?.items?.[0]?.items?.[0]?.node;
  return node ? `${node.selector?.split(' > ').pop() ?? '?'} "${(node.nodeLabel ?? '').slice(0, 40)}"` : 'none';
}

const CHROMIUM_FLAGS = ['--headless=new', ...CHROMIUM_QUIET_FLAGS];

export async function runLighthouse(
  baseUrl: string,
  tokens: SessionTokens,
  formFactors: Array<'mobile' | 'desktop'> = ['mobile', 'desktop'],
  /** Paths to audit; every one but /login and /register is opened signed in. */
  paths: readonly string[] = ['/login', '/dashboard'],
  options: { warm?: boolean } = {},
): Promise<LighthouseScore[]> {
  const port = await freePort();
  const profile = await mkdtemp(join(tmpdir(), 'mosaic-lighthouse-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [...CHROMIUM_FLAGS, `--remote-debugging-port=${port}`],
  });
  const results: LighthouseScore[] = [];
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    const cdp = await context.newCDPSession(page);
    const origin = new URL(baseUrl).origin;
    const firstVisit = async (signedIn: boolean) => {
      await page.goto(`${baseUrl}/robots.txt`);
      await cdp.send('Storage.clearDataForOrigin', {
        origin,
        storageTypes: 'service_workers,cache_storage,indexeddb,local_storage',
      });
      await cdp.send('Network.clearBrowserCache');
      if (signedIn) {
        await page.evaluate((session) => {
          localStorage.setItem('ma_access_token', session.access_token);
          localStorage.setItem('ma_refresh_token', session.refresh_token);
        }, tokens);
      }
    };
    // A second visit: the first one's files in the browser's cache and, for the app, its service
    // worker installed (precache filled) and in control of the next navigation.
    const primingVisit = async (path: string) => {
      await page.goto(`${baseUrl}${path}`, { waitUntil: 'load' });
      await page.waitForLoadState('networkidle');
      // The bench's floor pages (/floor/…) register no worker; the app registers its own after the load.
      if (!path.startsWith('/floor/')) await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
      await page.goto(`${baseUrl}/robots.txt`);
    };

    for (const formFactor of formFactors) {
      for (const path of paths) {
        const signedIn = path !== '/login' && path !== '/register';
        const flags: Flags = {
          port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: [...CATEGORIES],
          // Storage is prepared above (cleared, tokens set); Lighthouse must not wipe the tokens.
          disableStorageReset: true,
        };
        const config: Config | undefined = formFactor === 'desktop' ? desktopConfig : undefined;
        // Lighthouse sometimes loses the trace on this busy machine (NO_NAVSTART, NO_LCP, "Please
        // run Lighthouse again"): a fresh first visit and another run, up to RUN_ATTEMPTS times.
        let result: Awaited<ReturnType<typeof lighthouse>>;
        for (let attempt = 1; ; attempt += 1) {
          await firstVisit(signedIn);
          if (options.warm) await primingVisit(path);
          result = await lighthouse(`${baseUrl}${path}`, flags, config);
          // A lost largest contentful paint (Lantern's NO_LCP) leaves the performance score empty.
          const scored = result?.lhr.categories.performance?.score != null;
          if ((!result?.lhr.runtimeError && scored) || attempt >= RUN_ATTEMPTS) break;
        }
        if (!result) throw new Error(`Lighthouse returned nothing for ${path}`);
        const { lhr } = result;
        // BENCH_LIGHTHOUSE_REPORTS=<folder> keeps each full report (open in the Lighthouse viewer)
        // to see what a score is made of: the LCP element, long tasks, unused and blocking bytes.
        const reports = process.env.BENCH_LIGHTHOUSE_REPORTS;
        if (reports) {
          await mkdir(reports, { recursive: true });
          await writeFile(join(reports, `${formFactor}${path.replaceAll('/', '-')}.json`), JSON.stringify(lhr));
        }
        if (lhr.runtimeError) throw new Error(`Lighthouse failed on ${path}: ${lhr.runtimeError.message}`);
        const scores = Object.fromEntries(
          CATEGORIES.map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)]),
        ) as Record<Category, number>;
        const failing = CATEGORIES.flatMap((id) =>
          (lhr.categories[id]?.auditRefs ?? [])
            .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
            .map((ref) => `${id}: ${ref.id} (${lhr.audits[ref.id]?.displayValue ?? lhr.audits[ref.id]?.score})`),
        );
        const metric = (id: string) => Math.round(lhr.audits[id]?.numericValue ?? Number.NaN);
        results.push({
          url: path,
          formFactor,
          scores,
          failing,
          lcpElement: lcpElementOf(lhr),
          metrics: {
            fcp: metric('first-contentful-paint'),
            lcp: metric('largest-contentful-paint'),
            tbt: metric('total-blocking-time'),
            cls: Math.round((lhr.audits['cumulative-layout-shift']?.numericValue ?? 0) * 1000) / 1000,
          },
        });
      }
    }
  } finally {
    await context.close();
    await rm(profile, { recursive: true, force: true });
  }
  return results;
}
