import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newContext, registerAccount, startServer, uniqueAccount, type RunningServer } from './harness';

describe('signing in from a deep link and signing out', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('returns to the deep link after sign-in and leaves no ma_ keys after log out', async () => {
    const account = uniqueAccount();
    await registerAccount(server.baseUrl, account);
    const context = await newContext(browser);
    const page = await context.newPage();

    await page.goto(`${server.baseUrl}/knowledge-base`);
    await page.waitForURL(/\/login\?redirect=%2Fknowledge-base$/);

    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password').fill(account.password);
    await page.getByRole('button', { name: 'Sign in' }).click();

    await page.waitForURL(`${server.baseUrl}/knowledge-base`);
    await page.getByRole('heading', { name: 'Knowledge Base' }).waitFor();
    const keysWhileSignedIn = await page.evaluate(() => Object.keys(localStorage));
    expect(keysWhileSignedIn).toEqual(expect.arrayContaining(['ma_access_token', 'ma_refresh_token']));

    await page.getByRole('button', { name: new RegExp(account.name) }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.waitForURL(/\/login/);

    const keysAfterLogout = await page.evaluate(() => Object.keys(localStorage));
    expect(keysAfterLogout.filter((key) => key.startsWith('ma_'))).toEqual([]);
    expect(keysAfterLogout).not.toContain('currentSpaceId');
    await context.close();
  });
});
