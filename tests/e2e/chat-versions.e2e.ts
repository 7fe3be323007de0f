/**
 * Versions, edits and the offline outbox in real Chromium against the real server (offline engine)
 * and the production build in dist/ (service worker included): regenerate and edit keep every
 * version as a branch the reader switches between, each with its own continuation; a message
 * written while the browser is offline waits in the conversation, survives a reload, and is sent
 * once when the connection returns, charged once.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiLogin, newContext, registerAccount, signInThroughUi, startAppForFile, uniqueAccount, waitForServiceWorkerControl } from './harness';
import { setOffline } from './offline';

const app = startAppForFile({ env: { LLM_PROVIDER: 'offline' } });

const replies = (page: Page) => page.getByRole('log', { name: 'Conversation' }).locator('.chat-message--assistant');

/** Waits until the conversation on screen shows `count` replies and none is being written (Send is back, not Stop). */
async function repliesShown(page: Page, count: number): Promise<void> {
  await expect.poll(() => replies(page).count(), { timeout: 90_000 }).toBe(count);
  await expect.poll(() => page.getByRole('button', { name: 'Stop' }).count(), { timeout: 60_000 }).toBe(0);
  await page.getByRole('button', { name: 'Send' }).waitFor({ timeout: 60_000 });
}

async function creditsUsed(baseUrl: string, token: string, spaceId: string): Promise<number> {
  const response = await fetch(`${baseUrl}/api/v1/billing/credits`, { headers: { authorization: `Bearer ${token}`, 'x-space-id': spaceId } });
  return ((await response.json()) as { used: number }).used;
}

async function signedIn(prefix: string) {
  const account = { ...uniqueAccount(prefix), name: 'Vera Versions' };
  await registerAccount(app.server.baseUrl, account);
  const tokens = await apiLogin(app.server.baseUrl, account);
  const spaces = ((await (await fetch(`${app.server.baseUrl}/api/v1/spaces/`, { headers: { authorization: `Bearer ${tokens.access_token}` } })).json()) as { data: { id: string }[] }).data;
  const context = await newContext(app.browser);
  const page = await context.newPage();
  await signInThroughUi(page, app.server.baseUrl, account);
  return { context, page, token: tokens.access_token, spaceId: spaces[0]!.id };
}

describe('versions and edits', () => {
  it('keeps a regenerated reply and an edited question as versions, each branch with its own continuation', async () => {
    const { context, page, token, spaceId } = await signedIn('versions');
    await page.goto(`${app.server.baseUrl}/agents/email`);
    await page.getByRole('textbox', { name: 'Message' }).fill('Write a welcome email for new bakery customers');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.waitForURL(/\/agents\/email\/chat\/[0-9a-f-]{36}$/);
    const log = page.getByRole('log', { name: 'Conversation' });
    await log.getByRole('heading', { name: 'Goal and audience' }).waitFor({ timeout: 60_000 });
    await repliesShown(page, 1);
    const firstReply = await log.locator('.chat-message--assistant .markdown-body').last().textContent();

    // Regenerate: a second version of the reply, streamed, with the first kept.
    await log.getByRole('button', { name: 'Regenerate reply' }).click();
    const replyVersions = log.getByRole('group', { name: 'Versions of this reply' });
    await replyVersions.getByText('Version 2 of 2').waitFor({ timeout: 90_000 });
    await repliesShown(page, 1);
    const secondReply = await log.locator('.chat-message--assistant .markdown-body').last().textContent();
    expect(secondReply).not.toBe(firstReply);

    // Back on the first version, the conversation continues from it.
    await replyVersions.getByRole('button', { name: 'Previous version' }).click();
    await replyVersions.getByText('Version 1 of 2').waitFor();
    expect(await log.locator('.chat-message--assistant .markdown-body').last().textContent()).toBe(firstReply);
    await page.getByRole('textbox', { name: 'Message' }).fill('Make the subject lines shorter');
    await page.getByRole('button', { name: 'Send' }).click();
    await log.getByText('Make the subject lines shorter').waitFor();
    await repliesShown(page, 2);

    // The other version of the first reply has no follow-up: switching hides it, switching back shows it.
    await log.getByRole('group', { name: 'Versions of this reply' }).first().getByRole('button', { name: 'Next version' }).click();
    await expect.poll(() => log.getByText('Make the subject lines shorter').count()).toBe(0);
    expect(await log.locator('.chat-message--assistant .markdown-body').last().textContent()).toBe(secondReply);
    await log.getByRole('group', { name: 'Versions of this reply' }).first().getByRole('button', { name: 'Previous version' }).click();
    await log.getByText('Make the subject lines shorter').waitFor();

    // Edit the follow-up: a new version of the question with its own reply; the first stays.
    await log.getByRole('button', { name: 'Edit message' }).last().click();
    const editor = log.getByRole('form', { name: 'Edit message' });
    await editor.getByRole('textbox', { name: 'Edited message' }).fill('Make the subject lines shorter and warmer');
    await editor.getByRole('button', { name: 'Send' }).click();
    await log.getByText('Make the subject lines shorter and warmer').waitFor({ timeout: 60_000 });
    const questionVersions = log.getByRole('group', { name: 'Versions of this message' });
    await questionVersions.getByText('Version 2 of 2').waitFor({ timeout: 30_000 });
    await repliesShown(page, 2);
    await questionVersions.getByRole('button', { name: 'Previous version' }).click();
    await log.getByText('Make the subject lines shorter', { exact: true }).waitFor();
    await expect.poll(() => log.getByText('Make the subject lines shorter and warmer').count()).toBe(0);

    // The chosen versions are kept on the device: a reload shows the same branch.
    await page.reload();
    await page.getByRole('log', { name: 'Conversation' }).getByText('Make the subject lines shorter', { exact: true }).waitFor({ timeout: 30_000 });
    // Four answers written, each charged once (20 credits in normal mode).
    await expect.poll(() => creditsUsed(app.server.baseUrl, token, spaceId), { timeout: 15_000 }).toBe(80);
    await context.close();
  }, 300_000);
});

describe('the offline outbox', () => {
  it('keeps a message written offline, shows it waiting across a reload, and sends it once when back online', async () => {
    const { context, page, token, spaceId } = await signedIn('outbox');
    await waitForServiceWorkerControl(page, 60_000);
    await page.goto(`${app.server.baseUrl}/agents/seo`);
    await page.getByRole('textbox', { name: 'Message' }).fill('Which keywords for bakery software?');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.waitForURL(/\/agents\/seo\/chat\/[0-9a-f-]{36}$/);
    const sessionId = page.url().split('/').at(-1)!;
    const log = page.getByRole('log', { name: 'Conversation' });
    await log.getByRole('heading', { name: 'Search intent' }).waitFor({ timeout: 60_000 });
    await repliesShown(page, 1);
    await expect.poll(() => creditsUsed(app.server.baseUrl, token, spaceId), { timeout: 15_000 }).toBe(20);

    await setOffline(context, true);
    await page.getByRole('textbox', { name: 'Message' }).fill('And for cafés in Porto?');
    await page.getByRole('button', { name: 'Send' }).click();
    const waiting = log.getByTestId('queued-message');
    await waiting.getByText(/Waiting to send/).waitFor({ timeout: 15_000 });
    expect(await page.getByRole('textbox', { name: 'Message' }).inputValue()).toBe('');

    // A reload offline (the worker serves the app): still waiting, from the device.
    await page.reload();
    await page.getByRole('log', { name: 'Conversation' }).getByTestId('queued-message').getByText('And for cafés in Porto?').waitFor({ timeout: 30_000 });

    await setOffline(context, false);
    const reloaded = page.getByRole('log', { name: 'Conversation' });
    await reloaded.getByTestId('queued-message').waitFor({ state: 'detached', timeout: 60_000 });
    await repliesShown(page, 2);
    expect(await reloaded.getByText('And for cafés in Porto?').count()).toBe(1);

    // Sent once, charged once.
    const messages = (await (
      await fetch(`${app.server.baseUrl}/api/v1/agents/sessions/${sessionId}/messages?versions=all`, { headers: { authorization: `Bearer ${token}`, 'x-space-id': spaceId } })
    ).json()) as { messages: { content: string }[] };
    expect(messages.messages.filter((message) => message.content === 'And for cafés in Porto?')).toHaveLength(1);
    await expect.poll(() => creditsUsed(app.server.baseUrl, token, spaceId), { timeout: 15_000 }).toBe(40);
    await context.close();
  }, 300_000);
});
