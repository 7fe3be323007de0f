import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { apiLogin, newContext, registerAccount, signInThroughUi, uniqueAccount, startAppForFile } from './harness';

/** Spends credits through the API, as a chat would, so the bar has something to show. */
async function spend(baseUrl: string, accessToken: string, amount: number): Promise<void> {
  const headers = { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' };
  const spaces = ((await (await fetch(`${baseUrl}/api/v1/spaces/`, { headers })).json()) as { data: Array<{ id: string }> }).data;
  const res = await fetch(`${baseUrl}/api/v1/billing/credits/deduct`, {
    method: 'POST',
    headers: { ...headers, 'x-space-id': spaces[0]!.id },
    body: JSON.stringify({ amount, feature_type: 'chat', agent_name: 'SEO Agent', description: 'Keyword research' }),
  });
  if (!res.ok) throw new Error(`deduct failed: ${res.status} ${await res.text()}`);
}

const balance = (page: Page) => page.getByLabel('Credits balance');
const remaining = (page: Page) => balance(page).getByTestId('credits-remaining').textContent();
const barWidth = (page: Page) =>
  balance(page)
    .getByRole('progressbar', { name: 'Credits used' })
    .evaluate((bar) => (bar.firstElementChild as HTMLElement).style.width);

describe('buying credits', () => {
  const app = startAppForFile();

  it('buys a package on the Credits screen and sees the balance and the bar change', async () => {
    const account = uniqueAccount();
    await registerAccount(app.server.baseUrl, account);
    const { access_token } = await apiLogin(app.server.baseUrl, account);
    await spend(app.server.baseUrl, access_token, 1500);

    const context = await newContext(app.browser);
    const page = await context.newPage();
    await signInThroughUi(page, app.server.baseUrl, account);
    await page.goto(`${app.server.baseUrl}/credits`);
    await page.getByRole('heading', { name: 'Credits', level: 1 }).waitFor();
    await expect.poll(() => remaining(page)).toBe('1.5K');
    expect(await barWidth(page)).toBe('50%');
    await page.getByLabel('Transactions').getByText('Keyword research').first().waitFor();

    await page.getByRole('button', { name: 'Buy credits' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Buy credits' });
    await dialog.getByRole('radio', { name: '5,000 credits for $50' }).click();
    await dialog.getByRole('button', { name: 'Pay $50' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // 3,000 + 5,000 + 500 bonus = 8,500 in total, 1,500 used: 7,000 left, the bar at 17.6 %.
    await expect.poll(() => remaining(page)).toBe('7.0K');
    expect(Number.parseFloat(await barWidth(page))).toBeCloseTo((1500 / 8500) * 100, 3);
    await page.getByLabel('Transactions').getByText('Bought 5,000 credits').waitFor();
    // The sidebar card follows at once.
    await expect.poll(() => page.getByLabel('Plan and credits').getByText('1.5K / 8.5K').count()).toBe(1);
    await context.close();
  });
});

/** Whether what a person sees at the element's centre is the element: in the window and not covered by anything. */
const seenAtItsCentre = (element: Locator) =>
  element.evaluate((node) => {
    const box = node.getBoundingClientRect();
    const x = box.left + box.width / 2;
    const y = box.top + box.height / 2;
    const seen = y >= 0 && y <= window.innerHeight ? document.elementFromPoint(x, y) : null;
    return seen !== null && node.contains(seen);
  });

describe('the sidebar on a 1280×800 window', () => {
  const app = startAppForFile();

  it("shows an owner's Manage Users in view, not under the plan card, and the plan card and footer within reach", async () => {
    const account = uniqueAccount();
    await registerAccount(app.server.baseUrl, account);
    const context = await newContext(app.browser, 1280, 800);
    const page = await context.newPage();
    await signInThroughUi(page, app.server.baseUrl, account);
    await page.goto(`${app.server.baseUrl}/credits`);
    const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
    const manageUsers = sidebar.getByRole('link', { name: 'Manage Users' });
    await manageUsers.waitFor();
    // What a person sees at the link's centre is the link itself: not the plan card, not the footer.
    expect(await seenAtItsCentre(manageUsers)).toBe(true);

    // The plan card follows the nav: Tab brings it into view above the footer, and so does
    // scrolling the nav to its end; the account menu stays put.
    const upgrade = sidebar.getByLabel('Plan and credits').getByRole('link', { name: 'Upgrade' });
    await upgrade.focus();
    expect(await seenAtItsCentre(upgrade)).toBe(true);
    await sidebar.locator('.sidebar-scroll').evaluate((scroller) => scroller.scrollTo({ top: scroller.scrollHeight }));
    expect(await seenAtItsCentre(upgrade)).toBe(true);
    expect(await seenAtItsCentre(sidebar.getByRole('button', { name: /^Account menu for/ }))).toBe(true);
    await context.close();
  });
});
