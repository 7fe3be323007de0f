/**
 * The theme toggle in Chromium (Settings → Appearance): Dark applies to the app and the page behind
 * it at once, survives a reload (the page is dark before the app draws, public/theme-boot.js), and
 * Light switches back and is kept in turn. The jsdom test (tests/web/account/theme.test.tsx)
 * covers System following the device; this one covers a real page load.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { registerAccount, signInThroughUi, startAppForFile, uniqueAccount } from './harness';

const app = startAppForFile();

/** What the person sees: the app's theme and the page's own appearance (what shows before the app). */
const appearance = (page: Page) =>
  page.evaluate(() => ({
    app: document.querySelector('.radix-themes')?.classList.contains('dark') ? 'dark' : 'light',
    page: document.documentElement.dataset.appearance,
  }));

describe('the theme toggle', () => {
  it('switches to Dark at once, keeps it across a reload, and back to Light', async () => {
    const account = uniqueAccount('theme');
    await registerAccount(app.server.baseUrl, account);
    // The device prefers light, so Dark can only come from the choice.
    const context = await app.browser.newContext({ viewport: { width: 1280, height: 800 }, colorScheme: 'light' });
    const page = await context.newPage();
    await signInThroughUi(page, app.server.baseUrl, account);
    await page.goto(`${app.server.baseUrl}/settings`);
    await page.getByRole('heading', { level: 2, name: 'Appearance' }).waitFor();
    expect(await appearance(page)).toEqual({ app: 'light', page: 'light' });

    await page.getByRole('radio', { name: 'Dark' }).click();
    await page.waitForFunction(() => document.querySelector('.radix-themes')?.classList.contains('dark'));
    expect(await appearance(page)).toEqual({ app: 'dark', page: 'dark' });

    await page.reload();
    await page.getByRole('heading', { level: 2, name: 'Appearance' }).waitFor();
    expect(await appearance(page)).toEqual({ app: 'dark', page: 'dark' });
    expect(await page.getByRole('radio', { name: 'Dark' }).getAttribute('aria-checked')).toBe('true');

    await page.getByRole('radio', { name: 'Light' }).click();
    await page.waitForFunction(() => !document.querySelector('.radix-themes')?.classList.contains('dark'));
    await page.reload();
    await page.getByRole('heading', { level: 2, name: 'Appearance' }).waitFor();
    expect(await appearance(page)).toEqual({ app: 'light', page: 'light' });
    await context.close();
  });
});
