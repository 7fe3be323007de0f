/**
 * Chat in real Chromium against the real server (offline engine, no model configured) and a real
 * production build: send a message, see the reply and the credits change, then go offline,
 * reload, and read the chat from the device.
 */
import { describe, expect, it } from 'vitest';
import {
  newContext,
  registerAccount,
  signInThroughUi,
  uniqueAccount,
  startAppForFile,
  waitForServiceWorkerControl,
} from './harness';

const app = startAppForFile({ buildId: 'e2e-chat' });

describe('chatting with an agent', () => {
  it('sends a message, shows the reply and the new balance, and reads the chat offline after a reload', async () => {
    const account = { ...uniqueAccount('chat'), name: 'Chloe Chat' };
    await registerAccount(app.server.baseUrl, account);
    const context = await newContext(app.browser);
    const page = await context.newPage();
    await signInThroughUi(page, app.server.baseUrl, account);
    // The worker precaches the whole app first; on a busy machine that takes a while.
    await waitForServiceWorkerControl(page, 45_000);

    await page.goto(`${app.server.baseUrl}/agents`);
    await page.getByRole('heading', { name: 'AI Agents', level: 1 }).waitFor();
    await page.getByRole('link', { name: /^SEO:/ }).click();
    await page.getByRole('heading', { name: 'SEO', level: 1 }).waitFor();
    // The plan card shows what has been used so far: nothing yet.
    const planCard = page.locator('.plan-card');
    await expect.poll(() => planCard.textContent()).toMatch(/used\s*0 \/ /);

    const question = 'Which keywords should our bakery software landing page target?';
    await page.getByRole('textbox', { name: 'Message' }).fill(question);
    await page.getByRole('button', { name: 'Send' }).click();

    await page.waitForURL(/\/agents\/seo\/chat\/[0-9a-f-]{36}$/);
    const log = page.getByRole('log', { name: 'Conversation' });
    await log.getByText(question).waitFor();
    await log.getByText('Offline engine.').waitFor({ timeout: 30_000 });
    await log.getByRole('heading', { name: 'Keyword and title ideas' }).waitFor();
    // One message in normal mode: 20 credits, charged once (the confirming deduct charges nothing more).
    await expect.poll(() => planCard.textContent(), { timeout: 10_000 }).toMatch(/used\s*20 \/ /);
    const url = page.url();

    await context.setOffline(true);
    await page.reload();
    await page.getByRole('log', { name: 'Conversation' }).getByText(question).waitFor();
    await page.getByRole('log', { name: 'Conversation' }).getByRole('heading', { name: 'Search intent' }).waitFor();
    expect(page.url()).toBe(url);
    await context.close();
  });
});
