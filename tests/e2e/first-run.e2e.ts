/**
 * A new organisation's first run in real Chromium against the real server and a production build:
 * register → the Dashboard's "Get started" checklist with nothing done → a step's button → write
 * and save the brand voice (unsaved, the browser's back button asks first) → back on the Dashboard
 * the step is ticked → the checklist is closed, and stays closed after a reload (saved on the server).
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newContext, uniqueAccount, startAppForFile } from './harness';

const app = startAppForFile();

const checklist = (page: Page) => page.getByRole('region', { name: 'Get started with Mosaic' });

describe('a new organisation’s first run', () => {
  it('registers, follows the checklist to the brand voice, and sees the step ticked', async () => {
    const owner = { ...uniqueAccount('firstrun'), name: 'Fay First', org_name: 'Crumb & Co' };
    const context = await newContext(app.browser);
    const page = await context.newPage();
    const base = app.server.baseUrl;

    await page.goto(`${base}/register`);
    await page.getByLabel('Name', { exact: true }).fill(owner.name);
    await page.getByLabel('Work email').fill(owner.email);
    await page.getByLabel('Password').fill(owner.password);
    await page.getByLabel('Organisation name').fill(owner.org_name);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(`${base}/dashboard`, { timeout: 30_000 });

    const card = checklist(page);
    await card.getByText('Set up Crumb & Co: 0 of 5 done.').waitFor({ timeout: 30_000 });
    expect(await card.getByRole('progressbar', { name: 'Set-up progress' }).getAttribute('aria-valuenow')).toBe('0');
    // The Dashboard's own empty state says the same as Connections will.
    await page.getByText('No analytics connected yet').waitFor();
    expect(await page.getByLabel(/^Analytics status:/).first().innerText()).toBe('Not connected');

    await card.getByRole('link', { name: 'Write the brand voice' }).click();
    await page.waitForURL(`${base}/workspace-settings#brand-voice`);
    await page.getByTestId('brand-voice-scope').getByText('every space of Crumb & Co', { exact: false }).waitFor();
    const editor = page.getByRole('textbox', { name: 'Brand voice' });
    await editor.fill('Warm, plain and confident. We say "bakers", never "users".');

    // Unsaved: the browser's back button asks first, and Stay keeps the page and the text.
    await page.goBack();
    const dialog = page.getByRole('alertdialog', { name: 'Leave without saving?' });
    await dialog.waitFor();
    expect(new URL(page.url()).pathname).toBe('/workspace-settings');
    await dialog.getByRole('button', { name: 'Stay on this page' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await editor.inputValue()).toBe('Warm, plain and confident. We say "bakers", never "users".');

    await page.getByRole('button', { name: 'Save brand voice' }).click();
    await page.getByText('Brand voice saved').waitFor();

    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Dashboard' }).click();
    await card.getByText('Set up Crumb & Co: 1 of 5 done.').waitFor({ timeout: 30_000 });
    expect(await card.getByTestId('checklist-step-brand_voice').innerText()).toContain('Done');
    expect(await card.getByTestId('checklist-step-brand_voice').getByRole('link').count()).toBe(0);

    await card.getByRole('button', { name: 'Hide the checklist' }).click();
    await page.getByText('Checklist hidden on all your devices').waitFor();
    await card.waitFor({ state: 'detached' });
    await page.reload();
    await page.getByText('No analytics connected yet').waitFor({ timeout: 30_000 });
    expect(await checklist(page).count()).toBe(0);
    await context.close();
  });
});
