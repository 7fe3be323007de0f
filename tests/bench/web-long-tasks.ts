/**
 * The main thread's long tasks during a signed-in first visit, read from a Chrome trace at 4×
 * CPU slow-down (what Lighthouse's mobile preset assumes). Lighthouse's total blocking time is a
 * simulation built on such a trace, and on this shared machine it moved by seconds between runs of
 * one build; the measured tasks move too (the machine's load), by less, and each is named, so a
 * change of a hundred milliseconds shows over ten alternating rounds (docs/performance.md).
 */
import type { Browser, CDPSession } from 'playwright-core';
import type { SessionTokens } from '../e2e/harness';

/** Lighthouse's mobile preset slows the CPU down four times. */
const CPU_SLOWDOWN = 4;
/** A task longer than this blocks input; the part beyond it is "blocking time". */
export const LONG_TASK_MS = 50;

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { data?: { url?: string } };
}

export interface LongTask {
  /** Milliseconds after the navigation's request. */
  startMs: number;
  durationMs: number;
  /** Start and end in the trace's clock (microseconds), to attribute CPU samples to the task. */
  traceStart: number;
  traceEnd: number;
}

export interface LongTaskRun {
  fcpMs: number;
  lcpMs: number;
  /** Sum over the long tasks after the first contentful paint of (duration − 50 ms): Lighthouse's definition. */
  blockingMs: number;
  /** The same sum over every long task from the navigation on: steadier, as the first paint moves from run to run. */
  allBlockingMs: number;
  /** Every main-thread task from the navigation on, summed. */
  busyMs: number;
  longTasks: LongTask[];
}

/**
 * Opens `path` signed in (the tokens in localStorage, as the Login screen leaves them) in a fresh
 * context of `width`×844, traces it for `settleMs`, and reads the main thread's tasks. The caller
 * may start a CPU profile on `beforeNavigate`'s session to attribute the tasks.
 */
export async function traceFirstVisit(
  browser: Browser,
  baseUrl: string,
  tokens: SessionTokens,
  path: string,
  options: {
    settleMs?: number;
    width?: number;
    /** A second visit: the page visited once first, its service worker active and in control of the traced one. */
    warm?: boolean;
    beforeNavigate?: (cdp: CDPSession) => Promise<void>;
    afterTrace?: (cdp: CDPSession, run: LongTaskRun) => Promise<void>;
  } = {},
): Promise<LongTaskRun> {
  const context = await browser.newContext({ viewport: { width: options.width ?? 390, height: 844 } });
  try {
    const page = await context.newPage();
    await page.goto(`${baseUrl}/robots.txt`);
    await page.evaluate((session) => {
      localStorage.setItem('ma_access_token', session.access_token);
      localStorage.setItem('ma_refresh_token', session.refresh_token);
    }, tokens);
    if (options.warm) {
      await page.goto(`${baseUrl}${path}`, { waitUntil: 'load' });
      await page.waitForLoadState('networkidle');
      await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
      await page.goto(`${baseUrl}/robots.txt`);
    }
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await options.beforeNavigate?.(cdp);
    await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'loading'] });
    await page.goto(`${baseUrl}${path}`);
    await page.waitForTimeout(options.settleMs ?? 7_000);
    const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] };
    const run = longTasksOf(trace.traceEvents, path);
    await options.afterTrace?.(cdp, run);
    return run;
  } finally {
    await context.close();
  }
}

/** The long tasks of the page's main thread, from the navigation's request on. */
export function longTasksOf(events: TraceEvent[], path: string): LongTaskRun {
  const navigation = events.find((event) => event.name === 'ResourceSendRequest' && (event.args?.data?.url ?? '').endsWith(path));
  // The trace may still hold the previous page's paint: the first one after this navigation's request.
  const fcp = navigation && events.find((event) => event.name === 'firstContentfulPaint' && event.ts > navigation.ts);
  if (!navigation || !fcp) throw new Error(`the trace has no navigation to ${path} or no first contentful paint`);
  const onMainThread = (event: TraceEvent) => event.pid === fcp.pid && event.tid === fcp.tid && event.ts >= navigation.ts;
  const tasks = events.filter((event) => event.name === 'RunTask' && onMainThread(event));
  const sinceNavigation = (ts: number) => Math.round((ts - navigation.ts) / 1000);
  const lcpCandidates = events.filter((event) => event.name === 'largestContentfulPaint::Candidate' && event.ts >= navigation.ts);
  const longTasks = tasks
    .filter((task) => (task.dur ?? 0) / 1000 > LONG_TASK_MS)
    .map((task) => ({ startMs: sinceNavigation(task.ts), durationMs: Math.round(task.dur! / 1000), traceStart: task.ts, traceEnd: task.ts + task.dur! }));
  return {
    fcpMs: sinceNavigation(fcp.ts),
    lcpMs: lcpCandidates.length > 0 ? sinceNavigation(lcpCandidates[lcpCandidates.length - 1]!.ts) : Number.NaN,
    blockingMs: blockingOf(longTasks.filter((task) => task.traceStart > fcp.ts)),
    allBlockingMs: blockingOf(longTasks),
    busyMs: Math.round(tasks.reduce((sum, task) => sum + (task.dur ?? 0), 0) / 1000),
    longTasks,
  };
}

const blockingOf = (tasks: LongTask[]) => tasks.reduce((sum, task) => sum + task.durationMs - LONG_TASK_MS, 0);
