/**
 * Google Analytics in real Chromium against the real server (no Google credentials, so its built-in
 * demo source, docs/analytics.md) and a real production build: connect, link "Demo Store", read the
 * dashboard, change the range, then reload offline and still read the saved figures.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { OFFLINE_BANNER } from './pwa-support';
import { uniqueAccount, startAppForFile, waitForServiceWorkerControl } from './harness';
import { registerAndSignIn } from './owner-session';
import { setOffline } from './offline';

const app = startAppForFile();

/** A whole count as the KPI card writes it ("12,345"); the loading placeholder "00,000" is not one. */
const COUNT = /^[1-9]\d{0,2}(,\d{3})*$/;

/** The figure on a KPI card, read as the user reads it: the line under its label (the change on the previous period follows). */
async function kpiValue(page: Page, label: string): Promise<string> {
  const card = page.getByRole('list', { name: 'Key metrics' }).getByRole('listitem', { name: label, exact: true });
  const text = await card.innerText();
  return text.replace(label, '').trim().split('\n')[0]!.trim();
}

/** The change a KPI card reads out against the previous period ("up 2.1% on the previous 28 days"). */
async function kpiChangeSpoken(page: Page, label: string): Promise<string> {
  const card = page.getByRole('list', { name: 'Key metrics' }).getByRole('listitem', { name: label, exact: true });
  return (await card.getByText(/ on the previous \d+ days$/).textContent()) ?? '';
}

/** Waits until the Sessions card shows a real count, and returns it. */
async function sessionsShown(page: Page, notEqualTo?: string): Promise<string> {
  let value = '';
  await expect
    .poll(async () => {
      value = await kpiValue(page, 'Sessions');
      return COUNT.test(value) && value !== notEqualTo;
    }, { timeout: 30_000 })
    .toBe(true);
  return value;
}

const asNumber = (figure: string) => Number(figure.replace(/,/g, ''));

describe('Google Analytics with the demo source', () => {
  it('connects, links Demo Store, reads the dashboard, changes the range and reads the saved figures offline', async () => {
    const account = { ...uniqueAccount('ga4'), name: 'Gina Analytics' };
    const { context, page } = await registerAndSignIn(app, account);
    // The worker precaches the whole app first; on a busy machine that takes a while.
    await waitForServiceWorkerControl(page, 45_000);

    await page.goto(`${app.server.baseUrl}/connections`);
    await page.getByRole('heading', { name: 'Connections', level: 1 }).waitFor();
    // One analytics status for the space, the same words the Dashboard uses.
    await page.getByText('Not connected', { exact: true }).first().waitFor();
    await page.getByRole('button', { name: 'Connect Google Analytics' }).click();

    // The demo source sends the browser through the server's OAuth callback straight back here.
    await page.waitForURL((url) => url.pathname === '/connections/ga4/manage', { timeout: 30_000 });
    await page.getByRole('heading', { name: 'Manage GA4 Properties', level: 1 }).waitFor();
    await page.getByText('Google Analytics connected', { exact: true }).waitFor();
    // The result is said once and the address cleaned, so a reload or a shared link does not repeat it.
    await expect.poll(() => new URL(page.url()).search).toBe('');
    await page.getByText('No property is linked to this space yet.', { exact: false }).waitFor();
    await page.getByRole('heading', { name: 'demo-analytics@mosaic.local', level: 3 }).waitFor();

    await page.getByRole('button', { name: 'Link Demo Store', exact: true }).click();
    await page.getByText('Property linked', { exact: true }).waitFor();
    await page.getByRole('list', { name: 'Linked properties' }).getByText('Demo Store', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Link Demo Store', exact: true }).count()).toBe(0);
    await page.getByRole('button', { name: 'Unlink Demo Store', exact: true }).waitFor();
    // The other demo property is still there to link.
    expect(await page.getByRole('button', { name: 'Link Demo Blog', exact: true }).count()).toBe(1);

    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Dashboard' }).click();
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    const sessions28 = await sessionsShown(page);
    for (const label of ['Active users', 'Conversions', 'Engaged sessions', 'Page views']) {
      expect(await kpiValue(page, label)).toMatch(COUNT);
    }
    expect(await kpiValue(page, 'Bounce rate')).toMatch(/^\d{1,3}\.\d%$/);
    expect(await kpiValue(page, 'Avg. session duration')).toMatch(/^\d+:\d{2}$/);
    // Each figure against the 28 days before, from the demo source's comparison range.
    expect(await kpiChangeSpoken(page, 'Sessions')).toMatch(/^(up|down) \d+(\.\d)?% on the previous 28 days$|^no change on the previous 28 days$/);
    await page.getByText('Demo data', { exact: true }).waitFor();
    expect(await page.getByRole('combobox', { name: 'GA4 property' }).innerText()).toContain('Demo Store');
    expect(await page.getByRole('radio', { name: '28 days' }).getAttribute('aria-checked')).toBe('true');

    const chart = page.getByRole('img', { name: 'Sessions over time' });
    await chart.waitFor();
    // The chart's own summary adds up the same days the Sessions card counts.
    await page.getByText(`${sessions28} sessions from`, { exact: false }).waitFor();
    const channels = page.getByRole('list', { name: 'Top channels' }).getByRole('listitem');
    await expect.poll(() => channels.count()).toBeGreaterThanOrEqual(3);
    expect(await channels.first().innerText()).toMatch(/Organic Search|Direct|Paid Search/);
    expect(await page.getByRole('list', { name: 'Top channels' }).innerText()).toMatch(/\d+\.\d%/);
    await page.getByText(/^Last updated /).waitFor();

    await page.getByRole('radio', { name: '7 days' }).click();
    const sessions7 = await sessionsShown(page, sessions28);
    expect(asNumber(sessions7)).toBeLessThan(asNumber(sessions28));
    await page.getByText(`${sessions7} sessions from`, { exact: false }).waitFor();

    // Offline, a reload opens the dashboard at its default range with the figures saved for it.
    await setOffline(context, true);
    await page.reload();
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    await page.getByText(OFFLINE_BANNER).waitFor();
    expect(await sessionsShown(page)).toBe(sessions28);
    expect(await page.getByRole('radio', { name: '28 days' }).getAttribute('aria-checked')).toBe('true');
    await page.getByText(/^Last updated .+ · showing figures saved on this device$/).waitFor();
    await page.getByText('Demo data', { exact: true }).waitFor();
    await page.getByRole('img', { name: 'Sessions over time' }).waitFor();
    await page.getByRole('list', { name: 'Top channels' }).getByRole('listitem').first().waitFor();
    await setOffline(context, false);
    await context.close();
  }, 120_000);
});
