/**
 * The network conditions of `network-conditions.e2e.ts` and the probe that watches the screen
 * meanwhile.
 *
 * Conditions reach the page and its service worker alike, since once the worker controls the page
 * every API read is the worker's own fetch:
 * - slow: DevTools `Network.emulateNetworkConditions` on the page's target and on the worker's.
 *   Emulation set on the page does not apply to the worker's fetches (checked in Chromium 156: a
 *   read through the worker took 10 ms with 1.5 s of latency on the page), so the worker's target
 *   gets its own, through a browser-level session.
 * - offline: the same emulation with `offline: true`. Not `context.setOffline`: Chromium applies one
 *   DevTools session's conditions to a target, and once this file's session has set some (slow),
 *   Playwright's offline from its own session was ignored (checked in Chromium 156: requests went
 *   on, at the slow pace, with navigator.onLine false). One session for every condition.
 * - flaky: `context.route`, which sees the page's requests and the worker's (Playwright routes a
 *   Chromium service worker's network too); every third request fails as a dropped connection.
 *
 * The probe is an interval in the page (installed before any script of the app runs), every 100 ms:
 * whether the content region shows anything, whether a progress sign is on view, and the region's
 * text when it changed. The samples reach the test through a binding, so a reload loses none.
 * Not `page.waitForFunction`: the app's Content Security Policy forbids eval.
 */
import type { Browser, BrowserContext, CDPSession, Page, Route } from 'playwright-core';
import { expect } from 'vitest';

/** "A slow network": 400 ms before each answer starts, 50 KB/s each way. */
export const SLOW_NETWORK = { offline: false, latency: 400, downloadThroughput: 50 * 1024, uploadThroughput: 50 * 1024 } as const;
/** "A flaky one": one request in this many fails. */
export const FAIL_ONE_IN = 3;
/** No screen may stay blank, or wait without a sign of progress, for longer than this. */
export const MAX_BLANK_MS = 1000;
const NO_EMULATION = { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 } as const;
const OFFLINE = { offline: true, latency: 0, downloadThroughput: -1, uploadThroughput: -1 } as const;

export interface Sample {
  /** Epoch milliseconds on the page's clock (the same machine as the test). */
  t: number;
  /** When the document that took the sample started loading (epoch ms): tells a reload's samples from the page before it. */
  doc: number;
  path: string;
  /** The content region (the screen, or the whole page before the shell shows) has nothing visible. */
  blank: boolean;
  /** A spinner, skeleton, progress bar or loading text is on view. */
  progress: boolean;
  /** The region's visible text, sent only when it changed (undefined: as in the sample before). */
  text?: string;
}

/** Samples of one page, in order, with each sample's text filled in. */
export class ScreenProbe {
  readonly samples: Required<Sample>[] = [];
  private lastText = '';

  record(sample: Sample): void {
    if (sample.text !== undefined) this.lastText = sample.text;
    this.samples.push({ ...sample, text: sample.text ?? this.lastText });
  }

  since(t: number): Required<Sample>[] {
    return this.samples.filter((sample) => sample.t >= t);
  }

  /**
   * Waits until a sample taken at or after `t` at `path` shows `text` in the content region;
   * answers that sample. `newDocument`: only from a document loaded after `t` (a reload's).
   */
  async firstShowing(text: string, t: number, path: RegExp = /./, { newDocument = false } = {}): Promise<Required<Sample>> {
    let found: Required<Sample> | undefined;
    const look = () => (found = this.since(t).find((sample) => path.test(sample.path) && sample.text.includes(text) && (!newDocument || sample.doc >= t)));
    await expect.poll(look, { timeout: 30_000, message: `“${text}” never on screen at ${path}` }).toBeDefined();
    return found!;
  }
}

/**
 * The in-page half of the probe. Plain JavaScript in a string: it runs before the app, in every
 * document of the context, and must not depend on how the test file is compiled.
 */
const PROBE_SCRIPT = `(() => {
  if (window.top !== window) return;
  const PROGRESS = '.rt-Spinner, .rt-Skeleton, .rt-BaseButton[data-disabled][aria-busy="true"], [aria-busy="true"], .screen-arriving [role="progressbar"], [data-testid="upload-row"] [role="progressbar"], [data-testid="asset-upload"] [role="progressbar"]';
  const PROGRESS_TEXT = /Loading|Checking…|Sending…|Waiting to send|Opening the|Formatting the reply|Searching|Preparing upload|Uploading|Finishing…|Signing out/;
  const GRAPHICS = 'img, svg, canvas, video, input, textarea, button, .rt-Spinner, .rt-Skeleton, [role="progressbar"]';
  const shown = (element) => {
    const box = element.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) return false;
    const style = getComputedStyle(element);
    return style.visibility !== 'hidden' && style.display !== 'none' && style.opacity !== '0';
  };
  let lastText = null;
  const sample = () => {
    const send = window.__mosaicProbeSample;
    if (typeof send !== 'function') return;
    const region = document.getElementById('main-content') || document.getElementById('root') || document.body;
    const text = region ? (region.innerText || '').replace(/\\s+/g, ' ').trim() : '';
    const blank = !region || (text === '' && !Array.from(region.querySelectorAll(GRAPHICS)).some(shown));
    // Progress shows in the content region, in the bar above it, or (before the shell) on the start-up loader.
    const places = [region, document.querySelector('.screen-arriving')].filter(Boolean);
    const progress = places.some((place) => Array.from(place.querySelectorAll(PROGRESS)).some(shown) || (place === region && PROGRESS_TEXT.test(text)));
    const changed = text !== lastText;
    lastText = text;
    send({ t: Date.now(), doc: Math.round(performance.timeOrigin), path: location.pathname, blank, progress, ...(changed ? { text } : {}) });
  };
  setInterval(sample, 100);
})();`;

/** Installs the probe in every page of the context; answers the recorder of the page it is given. */
export async function installScreenProbe(context: BrowserContext): Promise<(page: Page) => ScreenProbe> {
  const probes = new Map<Page, ScreenProbe>();
  const probeOf = (page: Page) => {
    let probe = probes.get(page);
    if (!probe) probes.set(page, (probe = new ScreenProbe()));
    return probe;
  };
  await context.exposeBinding('__mosaicProbeSample', ({ page }, sample: Sample) => probeOf(page).record(sample));
  await context.addInitScript({ content: PROBE_SCRIPT });
  return probeOf;
}

/** The longest stretch (first to last sample, ms) of consecutive samples that all match. */
export function longestRun(samples: readonly Required<Sample>[], matches: (sample: Required<Sample>) => boolean): { ms: number; from?: Required<Sample> } {
  let longest: { ms: number; from?: Required<Sample> } = { ms: 0 };
  let start: Required<Sample> | null = null;
  for (const sample of samples) {
    if (!matches(sample)) {
      start = null;
      continue;
    }
    start ??= sample;
    if (sample.t - start.t > longest.ms) longest = { ms: sample.t - start.t, from: start };
  }
  return longest;
}

/**
 * What a person saw while a screen came: never a blank screen for more than a second (from `from`,
 * across every screen passed on the way), and never more than a second of waiting without a
 * spinner, skeleton, bar or loading text, from the moment the address became the screen's (`path`;
 * after a reload, the new document's first sample) up to the first sample showing its data
 * (`ready`). The screens passed on the way are settled while the test finds its next link, which on
 * a busy machine takes a second and more: that is not a wait. Judged only on samples: a stretch
 * counts from the first sample that showed it to the last, so a late sample cannot invent one.
 */
export function expectWaitShownWell(probe: ScreenProbe, from: number, ready: Required<Sample>, what: string, path: RegExp, { reload = false } = {}): void {
  const journey = probe.samples.filter((sample) => sample.t >= from && sample.t <= ready.t);
  const blank = longestRun(journey, (sample) => sample.blank);
  expect(blank.ms, `${what}: blank for ${blank.ms} ms from ${describe(blank.from)}`).toBeLessThanOrEqual(MAX_BLANK_MS);
  const arrived = journey.findIndex((sample) => (reload ? sample.doc >= from : path.test(sample.path)));
  const waiting = journey.slice(Math.max(arrived, 0), -1);
  const waitingUnsaid = longestRun(waiting, (sample) => !sample.progress);
  expect(waitingUnsaid.ms, `${what}: waited ${waitingUnsaid.ms} ms with no progress shown, from ${describe(waitingUnsaid.from)}`).toBeLessThanOrEqual(MAX_BLANK_MS);
}

/** No stretch in the samples since `from` where the screen was blank for more than a second. */
export function expectNeverBlank(probe: ScreenProbe, from: number, what: string): void {
  const blank = longestRun(probe.since(from), (sample) => sample.blank);
  expect(blank.ms, `${what}: blank for ${blank.ms} ms from ${describe(blank.from)}`).toBeLessThanOrEqual(MAX_BLANK_MS);
}

function describe(sample: Required<Sample> | undefined): string {
  return sample ? `${sample.path} (“${sample.text.slice(0, 120)}”)` : 'nowhere';
}

/** Slow, offline, flaky or normal, for one page and its service worker. */
export class NetworkControl {
  private flakyCount = 0;
  /** Requests the flaky network failed, by URL path (what was dropped, for the test's messages). */
  readonly dropped: string[] = [];
  private readonly flakyRoute = async (route: Route) => {
    this.flakyCount += 1;
    if (this.flakyCount % FAIL_ONE_IN === 0) {
      this.dropped.push(`${route.request().method()} ${new URL(route.request().url()).pathname}`);
      await route.abort('connectionreset');
      return;
    }
    await route.continue();
  };
  private flakyOn = false;
  private readonly sameOrigin = (url: URL) => url.origin === this.origin;
  private readonly workerSessions = new Map<string, string>();
  private nextMessageId = 0;

  private constructor(
    private readonly context: BrowserContext,
    private readonly pageSession: CDPSession,
    private readonly browserSession: CDPSession,
    private readonly contextId: string,
    private readonly origin: string,
  ) {}

  static async forPage(browser: Browser, page: Page): Promise<NetworkControl> {
    const pageSession = await page.context().newCDPSession(page);
    await pageSession.send('Network.enable');
    const { targetInfo } = await pageSession.send('Target.getTargetInfo');
    const browserSession = await browser.newBrowserCDPSession();
    return new NetworkControl(page.context(), pageSession, browserSession, targetInfo.browserContextId ?? '', new URL(page.url()).origin);
  }

  /** 400 ms latency and 50 KB/s for the page and its worker. */
  async slow(): Promise<void> {
    await this.emulate(SLOW_NETWORK);
  }

  /** No connection for the page and its worker (navigator.onLine turns false and 'offline' fires). */
  async offline(): Promise<void> {
    await this.emulate(OFFLINE);
  }

  /** One request in three (page's or worker's) fails as a reset connection. */
  async flaky(): Promise<void> {
    if (this.flakyOn) return;
    this.flakyOn = true;
    await this.context.route(this.sameOrigin, this.flakyRoute);
  }

  /** Back to a normal connection. */
  async normal(): Promise<void> {
    if (this.flakyOn) {
      this.flakyOn = false;
      // The same matcher object as route() was given: unroute compares them.
      await this.context.unroute(this.sameOrigin, this.flakyRoute);
    }
    await this.emulate(NO_EMULATION);
  }

  async dispose(): Promise<void> {
    await this.browserSession.detach().catch(() => undefined);
  }

  private async emulate(conditions: { offline: boolean; latency: number; downloadThroughput: number; uploadThroughput: number }): Promise<void> {
    await this.pageSession.send('Network.emulateNetworkConditions', { ...conditions });
    // The worker: its own target, reached through the browser's session (Playwright's CDP sessions
    // attach to pages and frames only). Every worker of this context and origin; the session stays
    // attached, since the emulation ends with it.
    const { targetInfos } = await this.browserSession.send('Target.getTargets');
    const workers = targetInfos.filter((target) => target.type === 'service_worker' && target.browserContextId === this.contextId && target.url.startsWith(this.origin));
    expect(workers.length, 'a service worker to emulate the network for').toBeGreaterThan(0);
    for (const worker of workers) {
      let sessionId = this.workerSessions.get(worker.targetId);
      if (!sessionId) {
        sessionId = (await this.browserSession.send('Target.attachToTarget', { targetId: worker.targetId, flatten: false })).sessionId;
        this.workerSessions.set(worker.targetId, sessionId);
        await this.sendToWorker(sessionId, 'Network.enable', {});
      }
      await this.sendToWorker(sessionId, 'Network.emulateNetworkConditions', conditions);
    }
  }

  /** Sends a command to a worker's target and waits for its answer. */
  private async sendToWorker(sessionId: string, method: string, params: object): Promise<void> {
    const id = (this.nextMessageId += 1);
    const answered = new Promise<void>((resolve, reject) => {
      const listener = (event: { sessionId: string; message: string }) => {
        if (event.sessionId !== sessionId) return;
        const message = JSON.parse(event.message) as { id?: number; error?: { message: string } };
        if (message.id !== id) return;
        this.browserSession.off('Target.receivedMessageFromTarget', listener);
        if (message.error) reject(new Error(`${method} in the service worker: ${message.error.message}`));
        else resolve();
      };
      this.browserSession.on('Target.receivedMessageFromTarget', listener);
    });
    await this.browserSession.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id, method, params }) });
    await answered;
  }
}
