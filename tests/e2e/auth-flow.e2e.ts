import { describe, expect, it } from 'vitest';
import {
  newContext,
  registerAccount,
  uniqueAccount,
  startAppForFile,
} from './harness';

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
});
