/**
 * A new deploy reaches an open tab only when the user agrees (docs/pwa.md): two real builds with
 * different build ids (the run's shared build and the same sources built again, tests/tools/test-build.ts),
 * swapped under the running server; the open page shows "A new version is
 * available", keeps the old version meanwhile, and Reload switches to the new one.
 */
import { cp, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { nextVersionBuild, sharedBuild, type TestBuild } from '../tools/test-build';
import {
  launchBrowser,
  newContext,
  registerAccount,
  signInThroughUi,
  startServer,
  uniqueAccount,
  waitForServiceWorkerControl,
  type RunningServer,
} from './harness';

let first: TestBuild;
let second: TestBuild;
let liveDir: string;
let server: RunningServer;
let browser: Browser;

/** Replaces what the server serves, as a deploy would: every file of the new build, nothing of the old. */
async function deploy(outDir: string): Promise<void> {
  for (const entry of await readdir(liveDir)) await rm(join(liveDir, entry), { recursive: true, force: true });
  await cp(outDir, liveDir, { recursive: true });
}

const buildIdOf = (page: Page) =>
  page.evaluate(() => document.querySelector('meta[name="mosaic-build"]')?.getAttribute('content') ?? null);

/**
 * From now on, what the page requests and each service worker's state, in milliseconds from the
 * call: what a failed swap is explained by (the old worker must go idle before the new one activates).
 */
async function recordSwapTimeline(page: Page): Promise<string[]> {
  const start = Date.now();
  const timeline: string[] = [];
  const at = (line: string) => timeline.push(`${Date.now() - start} ms ${line}`);
  page.on('request', (request) => at(`request ${request.method()} ${new URL(request.url()).pathname}`));
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) at(`navigated ${new URL(frame.url()).pathname}`);
  });
  const cdp = await page.context().newCDPSession(page);
  cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
    for (const version of versions) at(`worker ${version.versionId} ${version.status}, ${version.runningStatus}, ${version.controlledClients?.length ?? 0} clients`);
  });
  await cdp.send('ServiceWorker.enable');
  return timeline;
}

beforeAll(async () => {
  first = await sharedBuild();
  second = await nextVersionBuild();
  liveDir = await mkdtemp(join(tmpdir(), 'mosaic-live-'));
  await deploy(first.dir);
  server = await startServer({ STATIC_DIR: liveDir });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (liveDir) await rm(liveDir, { recursive: true, force: true });
});

describe('a new version deployed while the app is open', () => {
  it('waits for the user, says so, and switches on Reload', async () => {
    const account = uniqueAccount('update');
    await registerAccount(server.baseUrl, account);
    const context = await newContext(browser);
    const page = await context.newPage();
    await signInThroughUi(page, server.baseUrl, account);
    await waitForServiceWorkerControl(page);
    expect(await buildIdOf(page)).toBe(first.buildId);
    const prompt = page.getByText('A new version is available');
    expect(await prompt.count()).toBe(0);

    await deploy(second.dir);
    // What the app does when the tab becomes visible again: ask the server for a newer worker.
    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      await registration?.update();
    });

    await prompt.waitFor({ timeout: 30_000 });
    // For a visual check: PWA_SCREENSHOTS=/tmp/shots npx vitest run --config tests/e2e/vitest.config.ts tests/e2e/pwa-update.e2e.ts
    if (process.env.PWA_SCREENSHOTS) await page.screenshot({ path: join(process.env.PWA_SCREENSHOTS, 'update-prompt.png') });
    // Nothing changed under the user: the old version is still running and in control.
    expect(await buildIdOf(page)).toBe(first.buildId);
    await page.reload();
    expect(await buildIdOf(page)).toBe(first.buildId);
    await prompt.waitFor({ timeout: 30_000 });

    const timeline = await recordSwapTimeline(page);
    await page.getByRole('button', { name: 'Reload' }).click();
    await page
      .waitForFunction((id) => document.querySelector('meta[name="mosaic-build"]')?.getAttribute('content') === id, second.buildId, {
        timeout: 30_000,
      })
      .catch((error: unknown) => {
        // A swap that does not happen depends on what reached the old worker meanwhile: say it.
        throw new Error(`the new version did not take over after Reload:\n${timeline.join('\n')}`, { cause: error });
      });
    await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
    expect(await prompt.count()).toBe(0);
    await context.close();
  });
});
