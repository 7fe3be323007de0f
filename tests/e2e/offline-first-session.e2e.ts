/**
 * The first session is as offline-safe as the hundredth, in real Chromium against the real server
 * (offline engine) and the production build with its service worker. The person signs in through
 * the form and moves only by in-app links: no full page load ever happens under the worker before
 * the connection goes. A message written offline waits; a reload offline (or closing the browser
 * and opening it again offline) keeps them signed in, shows the past chat from the device and the
 * message still waiting; when the connection returns it is sent once and charged once.
 *
 * The chat, its charge and the idempotent send go through the database (the outbox's repeat is
 * answered by the unique idempotency key), so this file runs on PGlite and on PostgreSQL.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  apiLogin,
  launchPersistentChromium,
  newContext,
  registerAccount,
  signInThroughUi,
  startAppForFile,
  uniqueAccount,
  waitForServiceWorkerControl,
  type Account,
} from './harness';
import { maKeys, OFFLINE_BANNER, savedApiAnswers } from './pwa-support';
import { setOffline } from './offline';

const app = startAppForFile({ env: { LLM_PROVIDER: 'offline' } });

const FIRST_QUESTION = 'Which keywords should our bakery software landing page target?';
const QUEUED_QUESTION = 'And which ones for cafés in Porto?';
const NETWORK_ERROR_TEXT = 'Network error. Please check your connection and try again.';

const conversation = (page: Page) => page.getByRole('log', { name: 'Conversation' });
const replies = (page: Page) => conversation(page).locator('.chat-message--assistant');

/** Waits until `count` replies show and none is being written (Send is back, not Stop). */
async function repliesShown(page: Page, count: number): Promise<void> {
  await expect.poll(() => replies(page).count(), { timeout: 90_000 }).toBe(count);
  await expect.poll(() => page.getByRole('button', { name: 'Stop' }).count(), { timeout: 60_000 }).toBe(0);
  await page.getByRole('button', { name: 'Send' }).waitFor({ timeout: 60_000 });
}

interface ServerView {
  token: string;
  spaceId: string;
}

async function serverView(account: Account): Promise<ServerView> {
  const { access_token: token } = await apiLogin(app.server.baseUrl, account);
  const spaces = ((await (await fetch(`${app.server.baseUrl}/api/v1/spaces/`, { headers: { authorization: `Bearer ${token}` } })).json()) as { data: { id: string }[] }).data;
  return { token, spaceId: spaces[0]!.id };
}

async function creditsUsed({ token, spaceId }: ServerView): Promise<number> {
  const response = await fetch(`${app.server.baseUrl}/api/v1/billing/credits`, { headers: { authorization: `Bearer ${token}`, 'x-space-id': spaceId } });
  return ((await response.json()) as { used: number }).used;
}

/** How many times the server stored a user message with this text in the chat (every version). */
async function timesReceived({ token, spaceId }: ServerView, sessionId: string, text: string): Promise<number> {
  const response = await fetch(`${app.server.baseUrl}/api/v1/agents/sessions/${sessionId}/messages?versions=all`, {
    headers: { authorization: `Bearer ${token}`, 'x-space-id': spaceId },
  });
  const body = (await response.json()) as { messages: { role: string; content: string }[] };
  return body.messages.filter((message) => message.role === 'user' && message.content === text).length;
}

/**
 * The first session as a person lives it: the Login form, then only links inside the app, one
 * chat with a reply. Answers the chat's id. The worker takes control on its own meanwhile (its
 * first install claims the page); nothing here reloads the page. `workerFirst`: the person waits
 * on the Login screen until the worker controls it (the other order: sign-in and the first
 * screens' reads then already go through the worker).
 */
async function firstSessionWithOneChat(page: Page, account: Account, { workerFirst = false } = {}): Promise<string> {
  if (workerFirst) {
    await page.goto(`${app.server.baseUrl}/login`);
    await waitForServiceWorkerControl(page, 60_000);
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password').fill(account.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  } else {
    await signInThroughUi(page, app.server.baseUrl, account);
  }
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'AI Agents' }).click();
  await page.getByRole('heading', { name: 'AI Agents', level: 1 }).waitFor();
  await page.getByRole('link', { name: /^SEO:/ }).click();
  await page.getByRole('heading', { name: 'SEO', level: 1 }).waitFor();
  await page.getByRole('textbox', { name: 'Message' }).fill(FIRST_QUESTION);
  await page.getByRole('button', { name: 'Send' }).click();
  await page.waitForURL(/\/agents\/seo\/chat\/[0-9a-f-]{36}$/);
  await conversation(page).getByRole('heading', { name: 'Search intent' }).waitFor({ timeout: 60_000 });
  await repliesShown(page, 1);
  // The precache of a first install takes a while on a busy machine; the page is never reloaded for it.
  await waitForServiceWorkerControl(page, 60_000);
  const sessionId = page.url().split('/').at(-1)!;
  // Whenever the worker took control (before the sign-in or after the chat), the reads a start
  // needs are in its cache from then on: the user, the spaces and the open chat.
  const needed = ['/api/v1/me?', '/api/v1/spaces/?', `/api/v1/agents/sessions/${sessionId}/messages`];
  const missing = async () => {
    const saved = await savedApiAnswers(page);
    return needed.filter((path) => !saved.some((url) => url.includes(path)));
  };
  await expect.poll(missing, { timeout: 15_000 }).toEqual([]);
  return sessionId;
}

/** Offline: a message written now waits in the conversation, with no error beside it. */
async function queueOneMessage(page: Page): Promise<void> {
  await page.getByRole('textbox', { name: 'Message' }).fill(QUEUED_QUESTION);
  await page.getByRole('button', { name: 'Send' }).click();
  await conversation(page).getByTestId('queued-message').getByText(/Waiting to send/).waitFor({ timeout: 15_000 });
  expect(await page.getByText(NETWORK_ERROR_TEXT).count()).toBe(0);
}

/** After an offline start: still signed in, the past chat from the device, the message still waiting. */
async function expectOfflineStartOnTheDevice(page: Page, chatUrl: string): Promise<void> {
  await conversation(page).getByText(FIRST_QUESTION).waitFor({ timeout: 30_000 });
  await conversation(page).getByRole('heading', { name: 'Search intent' }).waitFor();
  const queued = conversation(page).getByTestId('queued-message');
  await queued.getByText(QUEUED_QUESTION).waitFor();
  await queued.getByText(/Waiting to send/).waitFor();
  await page.getByText(OFFLINE_BANNER).waitFor();
  expect(page.url()).toBe(chatUrl);
  expect(await maKeys(page)).toEqual(expect.arrayContaining(['ma_access_token', 'ma_refresh_token', 'ma_auth_user']));
  // One message per situation: the waiting message says it all, no network error beside it.
  expect(await page.getByText(NETWORK_ERROR_TEXT).count()).toBe(0);
}

/** Back online: the waiting message goes, is answered, and the server stored and charged it once. */
async function expectSentOnce(page: Page, view: ServerView, sessionId: string): Promise<void> {
  await expect.poll(() => timesReceived(view, sessionId, QUEUED_QUESTION), { timeout: 60_000 }).toBe(1);
  await conversation(page).getByTestId('queued-message').waitFor({ state: 'detached', timeout: 60_000 });
  await repliesShown(page, 2);
  // What the conversation shows when the question is missing: it went three ways before, each a race
  // between this send and the chat's list read (docs/testing.md "Once intermittent, now found").
  try {
    await expect.poll(() => conversation(page).getByText(QUEUED_QUESTION).count(), { timeout: 15_000 }).toBe(1);
  } catch (error) {
    // Read at the failure, not before the wait.
    throw new Error(`the sent question is not in the conversation; it shows: ${await conversation(page).innerText()}`, { cause: error });
  }
  expect(await timesReceived(view, sessionId, QUEUED_QUESTION)).toBe(1);
  // Two messages in normal mode, 20 credits each: the outbox's send was charged once.
  await expect.poll(() => creditsUsed(view), { timeout: 15_000 }).toBe(40);
}

describe('the first session, offline', () => {
  it('keeps the person signed in across an offline reload, with the past chat and the waiting message, then sends it once', async () => {
    const account = { ...uniqueAccount('first-offline'), name: 'Fran First' };
    await registerAccount(app.server.baseUrl, account);
    const view = await serverView(account);
    const context = await newContext(app.browser);
    const page = await context.newPage();
    const sessionId = await firstSessionWithOneChat(page, account);
    const chatUrl = page.url();

    await setOffline(context, true);
    await queueOneMessage(page);
    await page.reload();
    await expectOfflineStartOnTheDevice(page, chatUrl);

    await setOffline(context, false);
    await expectSentOnce(page, view, sessionId);
    await context.close();
  }, 300_000);

  it('keeps the waiting message when the browser is closed offline and opened again, and sends it once', async () => {
    const account = { ...uniqueAccount('restart-offline'), name: 'Remy Restart' };
    await registerAccount(app.server.baseUrl, account);
    const view = await serverView(account);
    const profile = await mkdtemp(join(tmpdir(), 'mosaic-e2e-profile-'));
    try {
      const first = await launchPersistentChromium(profile);
      const page = first.pages()[0] ?? (await first.newPage());
      // This time the worker controls the Login screen before the person signs in.
      const sessionId = await firstSessionWithOneChat(page, account, { workerFirst: true });
      const chatUrl = page.url();
      await setOffline(first, true);
      await queueOneMessage(page);
      // The tab closes with the browser, offline.
      await first.close();

      const second = await launchPersistentChromium(profile);
      await setOffline(second, true);
      const reopened = second.pages()[0] ?? (await second.newPage());
      await reopened.goto(chatUrl);
      await expectOfflineStartOnTheDevice(reopened, chatUrl);

      await setOffline(second, false);
      await expectSentOnce(reopened, view, sessionId);
      await second.close();
    } finally {
      await rm(profile, { recursive: true, force: true });
    }
  }, 300_000);
});
