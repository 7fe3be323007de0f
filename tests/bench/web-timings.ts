/**
 * Load times in real Chromium, from navigation start to the shell being on screen:
 *  - Login: the "Sign in" button is rendered;
 *  - signed-in screens: the sidebar navigation ("Main navigation") is rendered.
 * The moment is taken inside the page by a MutationObserver (performance.now() counts from the
 * navigation start), so polling from the test side adds nothing.
 *
 * Cold: a fresh browser context each run (empty HTTP cache, no service worker yet).
 * Warm: reloads in one context after the worker took control (precache + HTTP cache).
 * Offline: the same, with the context offline (worker precache + saved API answers).
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { SessionTokens } from '../e2e/harness';

export interface TimingOptions {
  browser: Browser;
  baseUrl: string;
  tokens: SessionTokens;
  runs: number;
}

export interface LoadTimes {
  label: string;
  samples: number[];
  median: number;
}

/** CSS selector of "the shell is rendered" per screen kind. */
const LOGIN_READY = 'button[type="submit"]';
const SHELL_READY = 'nav[aria-label="Main navigation"]';

/** Records performance.now() when `selector` first matches, into window.__shellRenderedAt. */
function observeShell(selector: string): string {
  return `(() => {
    const mark = () => { if (window.__shellRenderedAt === undefined && document.querySelector(${JSON.stringify(selector)})) {
      window.__shellRenderedAt = performance.now(); observer.disconnect(); } };
    const observer = new MutationObserver(mark);
    observer.observe(document, { childList: true, subtree: true });
  })();`;
}

async function timeNavigation(page: Page, navigate: () => Promise<unknown>): Promise<number> {
  await navigate();
  const handle = await page.waitForFunction(() => (window as unknown as { __shellRenderedAt?: number }).__shellRenderedAt, null, {
    timeout: 30_000,
  });
  return Number(await handle.jsonValue());
}

function summarise(label: string, samples: number[]): LoadTimes {
  const sorted = [...samples].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  return { label, samples: samples.map((value) => Math.round(value)), median: Math.round(median) };
}

async function signedInContext(options: TimingOptions): Promise<BrowserContext> {
  const context = await options.browser.newContext({ viewport: { width: 1280, height: 800 } });
  // The Login screen would store exactly these (spec 000 §3: ma_ token keys).
  await context.addInitScript((tokens) => {
    if (!localStorage.getItem('ma_access_token')) {
      localStorage.setItem('ma_access_token', tokens.access_token);
      localStorage.setItem('ma_refresh_token', tokens.refresh_token);
    }
  }, options.tokens);
  await context.addInitScript(observeShell(SHELL_READY));
  return context;
}

async function coldLoads(options: TimingOptions, path: string, signedIn: boolean): Promise<number[]> {
  const samples: number[] = [];
  for (let run = 0; run < options.runs; run += 1) {
    const context = signedIn
      ? await signedInContext(options)
      : await options.browser.newContext({ viewport: { width: 1280, height: 800 } });
    if (!signedIn) await context.addInitScript(observeShell(LOGIN_READY));
    const page = await context.newPage();
    samples.push(await timeNavigation(page, () => page.goto(`${options.baseUrl}${path}`)));
    await context.close();
  }
  return samples;
}

/** Warm and offline reloads of one signed-in screen, under the service worker. */
async function reloads(options: TimingOptions, path: string): Promise<{ warm: number[]; offline: number[] }> {
  const context = await signedInContext(options);
  const page = await context.newPage();
  await page.goto(`${options.baseUrl}${path}`);
  await page.waitForFunction(() => navigator.serviceWorker?.controller, null, { timeout: 30_000 });
  // One controlled load so the worker has saved this screen's API answers.
  await timeNavigation(page, () => page.reload());
  const warm: number[] = [];
  for (let run = 0; run < options.runs; run += 1) warm.push(await timeNavigation(page, () => page.reload()));
  await context.setOffline(true);
  const offline: number[] = [];
  for (let run = 0; run < options.runs; run += 1) {
    offline.push(await timeNavigation(page, () => page.reload()));
    const banner = await page.getByText("You're offline — showing saved data").count();
    if (banner !== 1) throw new Error('Offline reload did not show the offline banner: the measurement is not of an offline load');
  }
  await context.close();
  return { warm, offline };
}

export async function measureLoadTimes(options: TimingOptions): Promise<LoadTimes[]> {
  const results: LoadTimes[] = [];
  results.push(summarise('/login cold load', await coldLoads(options, '/login', false)));
  results.push(summarise('/dashboard cold load (signed in)', await coldLoads(options, '/dashboard', true)));
  const dashboard = await reloads(options, '/dashboard');
  results.push(summarise('/dashboard warm reload', dashboard.warm));
  results.push(summarise('/dashboard offline reload', dashboard.offline));
  const settings = await reloads(options, '/settings');
  results.push(summarise('/settings offline reload', settings.offline));
  return results;
}
