/**
 * The installable, offline-tolerant app in real Chromium against the real server and a real
 * production build: the worker takes control, an offline reload still shows the signed-in shell
 * with saved data, logout leaves nothing behind, and the next person on the same browser sees
 * nothing of the previous one.
 */
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { type Account, apiLogin, newContext, registerAccount, signInThroughUi, uniqueAccount, startAppForFile, waitForServiceWorkerControl } from './harness';
import {
  createSpaceFor,
  currentSpaceId,
  logOutThroughMenu,
  maKeys,
  OFFLINE_BANNER,
  saveDocumentOnDevice,
  savedApiAnswers,
  savedRowCounts,
} from './pwa-support';
import { setOffline } from './offline';

const app = startAppForFile();

function person(prefix: string, name: string): Account {
  return { ...uniqueAccount(prefix), name };
}

/** Signs in, waits for the worker, then opens Settings with a full load so its reads go through the worker. */
async function signedInUnderWorker(context: BrowserContext, account: Account): Promise<Page> {
  const page = await context.newPage();
  await signInThroughUi(page, app.server.baseUrl, account);
  await waitForServiceWorkerControl(page);
  await page.goto(`${app.server.baseUrl}/settings`);
  await page.getByRole('heading', { name: account.name, level: 2 }).waitFor();
  return page;
}

describe('service worker and offline data', () => {
  it('controls the page and reloads a visited screen offline with the shell and its saved data', async () => {
    const account = person('offline', 'Olivia Offline');
    await registerAccount(app.server.baseUrl, account);
    const context = await newContext(app.browser);
    const page = await signedInUnderWorker(context, account);
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(/\/sw\.js$/);
    const spaceId = await currentSpaceId(page);
    expect(spaceId).toBeTruthy();
    await saveDocumentOnDevice(page, spaceId!, 'Q3 launch plan.pdf');
    expect(await savedApiAnswers(page)).toEqual(expect.arrayContaining([expect.stringContaining('/api/v1/me')]));

    await setOffline(context, true);
    await page.reload();

    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    await page.getByText(OFFLINE_BANNER).waitFor();
    // Saved data: who is signed in (GET /me) and the current space (GET /spaces/), from the worker.
    await page.getByRole('heading', { name: account.name, level: 2 }).waitFor();
    expect(await page.getByText('General (general)').count()).toBe(1);
    await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
    expect(await maKeys(page)).toEqual(expect.arrayContaining(['ma_access_token', 'ma_refresh_token']));
    expect((await savedRowCounts(page)).documents).toBe(1);

    // Another screen's code is on the device too (precached), so moving around offline works.
    await page.getByRole('link', { name: 'Knowledge Base' }).click();
    await page.getByRole('heading', { name: 'Knowledge Base', level: 1 }).waitFor();
    await setOffline(context, false);
    await context.close();
  });

  it('leaves no ma_ keys, no saved rows and no saved API answers after logout', async () => {
    const account = person('leaver', 'Liam Leaver');
    await registerAccount(app.server.baseUrl, account);
    const context = await newContext(app.browser);
    const page = await signedInUnderWorker(context, account);
    await saveDocumentOnDevice(page, (await currentSpaceId(page))!, 'brand book.pdf');
    expect((await savedRowCounts(page)).documents).toBe(1);
    expect((await savedApiAnswers(page)).length).toBeGreaterThan(0);

    await logOutThroughMenu(page, account);

    // Wiped first, then Login: on arrival nothing is left (a tab closed now leaves nothing behind).
    expect(await maKeys(page)).toEqual([]);
    expect(await savedApiAnswers(page)).toEqual([]);
    expect(Object.values(await savedRowCounts(page)).reduce((sum, count) => sum + count, 0)).toBe(0);
    expect(await page.evaluate(() => localStorage.getItem('currentSpaceId'))).toBeNull();
    expect(await page.evaluate(() => localStorage.getItem('mosaic_wipe_pending'))).toBeNull();
    await context.close();
  });

  it('shows the next person on the same browser nothing of the previous one, online or offline', async () => {
    const first = person('first', 'Fiona First');
    const second = person('second', 'Sam Second');
    await registerAccount(app.server.baseUrl, first);
    await registerAccount(app.server.baseUrl, second);
    const firstTokens = await apiLogin(app.server.baseUrl, first);
    await createSpaceFor(app.server.baseUrl, firstTokens.access_token, 'Fiona Secret Launch', 'fiona-secret-launch');

    const context = await newContext(app.browser);
    const page = await signedInUnderWorker(context, first);
    await saveDocumentOnDevice(page, (await currentSpaceId(page))!, 'fiona-only.pdf');
    await page.getByRole('button', { name: /^Space:/ }).click();
    await page.getByRole('menuitem', { name: 'Fiona Secret Launch' }).waitFor();
    await page.keyboard.press('Escape');
    await logOutThroughMenu(page, first);
    await expect.poll(async () => (await savedRowCounts(page)).documents ?? 0, { timeout: 10_000 }).toBe(0);

    await signInThroughUi(page, app.server.baseUrl, second);
    await page.goto(`${app.server.baseUrl}/settings`);
    await page.getByRole('heading', { name: second.name, level: 2 }).waitFor();
    const leaks = [first.name, first.email, first.org_name, 'Fiona Secret Launch', 'fiona-only.pdf'];
    const visible = async () => page.locator('body').innerText();
    for (const text of leaks) expect(await visible()).not.toContain(text);
    await page.getByRole('button', { name: /^Space:/ }).click();
    const spaceNames = await page.getByRole('menuitem').allInnerTexts();
    expect(spaceNames.join(' ')).not.toContain('Fiona');
    await page.keyboard.press('Escape');
    expect((await savedRowCounts(page)).documents ?? 0).toBe(0);

    // Offline, the saved answers are the second person's own.
    await setOffline(context, true);
    await page.reload();
    await page.getByRole('heading', { name: second.name, level: 2 }).waitFor();
    for (const text of leaks) expect(await visible()).not.toContain(text);
    await setOffline(context, false);
    await context.close();
  });

  it('opens a visited screen with the server gone entirely', async () => {
    const account = person('outage', 'Oscar Outage');
    await registerAccount(app.server.baseUrl, account);
    const context = await newContext(app.browser);
    const page = await signedInUnderWorker(context, account);

    await app.server.stop();
    await page.reload();

    await page.getByRole('heading', { name: account.name, level: 2 }).waitFor();
    await page.getByText(OFFLINE_BANNER).waitFor();
    await context.close();
  });
});
