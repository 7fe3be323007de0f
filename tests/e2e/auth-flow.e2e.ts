import { describe, expect, it } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import {
  apiLogin,
  newContext,
  registerAccount,
  uniqueAccount,
  startAppForFile,
} from './harness';

/** The script files a page asks for itself (the service worker's precaching aside) until the network settles. */
async function scriptsFetched(context: BrowserContext, url: string, ready: (page: Page) => Locator): Promise<string[]> {
  const page = await context.newPage();
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script' && !request.serviceWorker()) scripts.push(new URL(request.url()).pathname);
  });
  await page.goto(url);
  await ready(page).waitFor({ timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  await page.close();
  return scripts;
}

const SHELL_CHUNK = /^\/assets\/shell-[\w-]+\.js$/;

describe('signing in from a deep link and signing out', () => {
  const app = startAppForFile();

  it('returns to the deep link after sign-in and leaves no ma_ keys after log out', async () => {
    const account = uniqueAccount();
    await registerAccount(app.server.baseUrl, account);
    const context = await newContext(app.browser);
    const page = await context.newPage();

    await page.goto(`${app.server.baseUrl}/knowledge-base`);
    await page.waitForURL(/\/login\?redirect=%2Fknowledge-base$/);

    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password').fill(account.password);
    await page.getByRole('button', { name: 'Sign in' }).click();

    await page.waitForURL(`${app.server.baseUrl}/knowledge-base`);
    await page.getByRole('heading', { name: 'Knowledge Base' }).waitFor();
    const keysWhileSignedIn = await page.evaluate(() => Object.keys(localStorage));
    expect(keysWhileSignedIn).toEqual(expect.arrayContaining(['ma_access_token', 'ma_refresh_token']));

    await page.getByRole('button', { name: new RegExp(account.name) }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.waitForURL(/\/login/);

    // Login shows as soon as the logout starts; the keys go once the logout call has settled.
    const storedKeys = () => page.evaluate(() => Object.keys(localStorage));
    await expect.poll(async () => (await storedKeys()).filter((key) => key.startsWith('ma_'))).toEqual([]);
    expect(await storedKeys()).not.toContain('currentSpaceId');
    await context.close();
  });

  // The build merges what only signed-in users load into the `shell` chunk (src/vite-plugins/chunk-plan.ts);
  // a visitor who is not signed in must not pay for it.
  it('fetches the shell chunk for a signed-in screen only, never for the sign-in screen', async () => {
    const signedOut = await newContext(app.browser);
    expect((await scriptsFetched(signedOut, `${app.server.baseUrl}/login`, (page) => page.getByRole('heading', { name: 'Welcome back' }))).filter((path) => SHELL_CHUNK.test(path))).toEqual([]);
    await signedOut.close();

    const account = uniqueAccount();
    await registerAccount(app.server.baseUrl, account);
    const tokens = await apiLogin(app.server.baseUrl, account);
    const signedIn = await newContext(app.browser);
    await signedIn.addInitScript((stored) => {
      localStorage.setItem('ma_access_token', stored.access_token);
      localStorage.setItem('ma_refresh_token', stored.refresh_token);
    }, tokens);
    expect((await scriptsFetched(signedIn, `${app.server.baseUrl}/dashboard`, (page) => page.getByRole('navigation', { name: 'Main navigation' }))).filter((path) => SHELL_CHUNK.test(path))).toHaveLength(1);
    await signedIn.close();
  });
});
