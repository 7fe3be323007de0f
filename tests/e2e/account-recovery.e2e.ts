/**
 * "Forgot password?" in real Chromium against the real server and a production build, at phone
 * width: the link arrives in the server's outbox (no SMTP here), opens the reset screen, the new
 * password signs in and the old one no longer does. Login, both recovery screens and Settings
 * (account forms, signed-in devices) pass axe-core at that width.
 */
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { registerAccount, signInThroughUi, startAppForFile, uniqueAccount } from './harness';
import { readOutbox } from '../helpers/mail';
import { until } from '../helpers/wait-until';

// Serves the build in dist/ (npm run test:e2e builds it first).
const app = startAppForFile();
const axeSource = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** axe-core's violations on the page as it is now (WCAG 2 A and AA rules). */
async function axeViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: axeSource });
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: Array<{ id: string; help: string }> }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa'] } });
    return result.violations.map((violation) => `${violation.id}: ${violation.help}`);
  });
}

describe('forgot password', () => {
  it('asks for a link, follows it from the outbox, sets a new password and signs in with it (390 px wide)', async () => {
    const account = uniqueAccount('forgetful');
    await registerAccount(app.server.baseUrl, account);
    // axe-core is injected as a script, which the app's strict CSP would (rightly) refuse.
    const context = await app.browser.newContext({ viewport: { width: 390, height: 844 }, bypassCSP: true });
    const page = await context.newPage();

    await page.goto(`${app.server.baseUrl}/login`);
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByLabel('Email').fill(account.email);
    await page.getByRole('button', { name: 'Email me a link' }).click();
    await page.getByRole('heading', { name: 'Check your email' }).waitFor();

    const outboxDir = join(app.server.dataDir, 'outbox');
    let link = '';
    await until('the reset email in the outbox', async () => {
      const mail = (await readOutbox(outboxDir)).find((entry) => entry.to.some((to) => to.includes(account.email)));
      link = (mail && /https?:\/\/\S+\/reset-password\?token=[A-Za-z0-9_-]+/.exec(mail.text)?.[0]) ?? '';
      return link !== '';
    });

    await page.goto(link);
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    await page.getByText('At least 8 characters (at most 128).').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    const newPassword = 'a fresh and long passphrase';
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Repeat new password').fill(newPassword);
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByRole('heading', { name: 'Password changed' }).waitFor();

    // The link worked once: opened again, it is refused in the server's words.
    await page.goto(link);
    await page.getByLabel('New password', { exact: true }).fill('yet another passphrase');
    await page.getByLabel('Repeat new password').fill('yet another passphrase');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByText('This password reset link is not valid: it has been used or replaced by a newer one. Ask for a new link.').waitFor();

    const oldPassword = await fetch(`${app.server.baseUrl}/api/v1/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: account.email, password: account.password }),
    });
    expect(oldPassword.status).toBe(401);
    await signInThroughUi(page, app.server.baseUrl, { email: account.email, password: newPassword });
    expect(new URL(page.url()).pathname).not.toBe('/login');

    // Settings: the account forms and this device, listed with its browser.
    await page.goto(`${app.server.baseUrl}/settings`);
    await page.getByRole('heading', { name: 'Signed-in devices' }).waitFor();
    await page.getByText('This device', { exact: true }).waitFor();
    await page.getByRole('form', { name: 'Change password' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    // Nothing sticks out sideways at phone width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await context.close();
  });
});
