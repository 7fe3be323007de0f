/**
 * A long chat in real Chromium against the real server and the production build: a chat of 250
 * messages opens with its newest page, and scrolling up reads the earlier pages, each added above
 * the message being read without moving it, until the chat's first message is on screen.
 *
 * The chat is written into the database between two starts of the server (one question answered
 * through the API, then 248 more messages following it), as the API would take minutes to write it.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseTarget } from '../../server/src/db/database';
import { chatMessages } from '../../server/src/db/schema/index';
import { copyPgliteTemplate } from '../helpers/database-template';
import { createThrowAwayPostgresDatabase, type ThrowAwayPostgresDatabase } from '../helpers/server-database';
import { apiLogin, E2E_DATABASE, launchBrowser, newContext, registerAccount, signInThroughUi, startServer, uniqueAccount, type Account, type RunningServer } from './harness';

const MESSAGES = 250;
const QUESTION = 'Plan the spring campaign, step by step';
const seeded = (n: number) => `Seeded message ${n} of the spring campaign`;

interface Seeded {
  account: Account;
  sessionId: string;
}

let folder: string;
let postgres: ThrowAwayPostgresDatabase | undefined;
let server: RunningServer | undefined;
let browser: Browser | undefined;
let chat: Seeded;

/** The same database for both starts of the server: a data folder of our own, or a PostgreSQL database. */
function serverEnv(): Record<string, string> {
  return { LLM_PROVIDER: 'offline', DATA_DIR: folder, ...(postgres ? { DATABASE_URL: postgres.url } : {}) };
}

async function askOneQuestion(baseUrl: string): Promise<Seeded & { spaceId: string; replyId: string; replyAt: string }> {
  const account = { ...uniqueAccount('longchat'), name: 'Lena Long' };
  await registerAccount(baseUrl, account);
  const tokens = await apiLogin(baseUrl, account);
  const auth = { authorization: `Bearer ${tokens.access_token}` };
  const spaces = (await (await fetch(`${baseUrl}/api/v1/spaces/`, { headers: auth })).json()) as { data: { id: string }[] };
  const spaceId = spaces.data[0]!.id;
  const headers = { ...auth, 'x-space-id': spaceId, 'content-type': 'application/json' };
  const sent = await fetch(`${baseUrl}/api/v1/agents/seo/messages/async`, { method: 'POST', headers, body: JSON.stringify({ message: QUESTION }) });
  expect(sent.status).toBe(202);
  const { session_id: sessionId } = (await sent.json()) as { session_id: string };
  type Listed = { messages: { id: string; role: string; created_at: string }[]; run: { status: string } | null };
  // Set-up, not a test: polled until the offline engine's answer is stored (expect.poll is for tests).
  let listed: Listed = { messages: [], run: null };
  for (const deadline = Date.now() + 90_000; ; ) {
    listed = (await (await fetch(`${baseUrl}/api/v1/agents/sessions/${sessionId}/messages?versions=all`, { headers })).json()) as Listed;
    if (listed.messages.some((message) => message.role === 'assistant') && listed.run?.status === 'succeeded') break;
    if (Date.now() > deadline) throw new Error(`the question was not answered: ${JSON.stringify(listed.run)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const reply = listed.messages.find((message) => message.role === 'assistant')!;
  return { account, sessionId, spaceId, replyId: reply.id, replyAt: reply.created_at };
}

/** Messages 3…250 after the answered question, each following the one before, a second apart. */
async function writeTheRest(target: DatabaseTarget, chatSeed: { sessionId: string; spaceId: string; replyId: string; replyAt: string }): Promise<void> {
  const database = await openDatabase(target);
  try {
    let parentId = chatSeed.replyId;
    const rows = [];
    for (let n = 3; n <= MESSAGES; n += 1) {
      const id = crypto.randomUUID();
      const role: 'user' | 'assistant' = n % 2 === 1 ? 'user' : 'assistant';
      rows.push({ id, sessionId: chatSeed.sessionId, spaceId: chatSeed.spaceId, role, content: seeded(n), parentId, createdAt: new Date(Date.parse(chatSeed.replyAt) + n * 1000) });
      parentId = id;
    }
    await database.db.insert(chatMessages).values(rows);
  } finally {
    await database.close();
  }
}

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'mosaic-e2e-long-chat-'));
  if (E2E_DATABASE === 'postgres') postgres = await createThrowAwayPostgresDatabase(process.env.TEST_DATABASE_URL || 'postgres://postgres:postgres@127.0.0.1:5432/postgres', 'mosaic_e2e');
  else await copyPgliteTemplate(join(folder, 'pglite'));
  const first = await startServer(serverEnv());
  let written: Awaited<ReturnType<typeof askOneQuestion>>;
  try {
    written = await askOneQuestion(first.baseUrl);
  } finally {
    await first.stop();
  }
  await writeTheRest(postgres ? { kind: 'postgres', url: postgres.url, poolSize: 1 } : { kind: 'pglite', dataDir: join(folder, 'pglite') }, written);
  chat = { account: written.account, sessionId: written.sessionId };
  server = await startServer(serverEnv());
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await postgres?.drop();
  await rm(folder, { recursive: true, force: true });
});

const isPage = (before: boolean) => (response: Response) =>
  response.url().includes(`/agents/sessions/${chat.sessionId}/messages`) && new URL(response.url()).searchParams.has('before') === before;

/** The top of the first message row in view, and its text. */
async function firstInView(page: Page): Promise<{ text: string; top: number }> {
  return page.getByRole('log', { name: 'Conversation' }).evaluate((log) => {
    const view = log.getBoundingClientRect();
    const rows = [...log.querySelectorAll<HTMLElement>('.message-list__row')].map((row) => ({ row, box: row.getBoundingClientRect() }));
    const first = rows.filter(({ box }) => box.bottom > view.top + 1).sort((a, b) => a.box.top - b.box.top)[0]!;
    return { text: (first.row.textContent ?? '').slice(0, 200), top: Math.round(first.box.top) };
  });
}

/** Where the row of a message is (its top, in the window), once it is in the page. */
async function rowTop(page: Page, text: string): Promise<number> {
  const row = page.locator('.message-list__row').filter({ hasText: text }).first();
  return Math.round((await row.boundingBox())?.y ?? Number.NaN);
}

describe('a long chat', () => {
  it('opens with its newest page and reads the earlier ones as the reader scrolls up, keeping the message being read in place', async () => {
    const context = await newContext(browser!);
    const page = await context.newPage();
    await signInThroughUi(page, server!.baseUrl, chat.account);
    const newest = page.waitForResponse(isPage(false));
    await page.goto(`${server!.baseUrl}/agents/seo/chat/${chat.sessionId}`);
    const opened = await newest;
    expect(new URL(opened.url()).searchParams.get('limit')).toBe('100');
    const log = page.getByRole('log', { name: 'Conversation' });
    await log.getByText(seeded(MESSAGES)).waitFor({ timeout: 60_000 });
    expect(((await opened.json()) as { has_more: boolean }).has_more).toBe(true);
    await log.getByRole('button', { name: 'Load earlier messages' }).waitFor();

    // Each page of earlier messages is held back until the reader's place is measured, then let through.
    const held: (() => void)[] = [];
    let asked: (() => void) | undefined;
    await context.route(
      (url) => url.pathname.endsWith(`/agents/sessions/${chat.sessionId}/messages`) && url.searchParams.has('before'),
      async (route) => {
        await new Promise<void>((resolve) => {
          held.push(resolve);
          asked?.();
        });
        await route.continue();
      },
    );

    // Up to the top, page by page: each page lands above the message being read, which stays put.
    let pages = 0;
    while ((await log.getByRole('button', { name: 'Load earlier messages' }).count()) > 0) {
      expect(pages).toBeLessThan(3);
      const requested = new Promise<void>((resolve) => (asked = resolve));
      await log.evaluate((element) => element.scrollTo(0, 0));
      await requested;
      await log.getByRole('status').filter({ hasText: 'Loading earlier messages…' }).waitFor();
      const reading = await firstInView(page);
      const oldestHeld = Number(/Seeded message (\d+)/.exec(reading.text)?.[1]);
      expect(oldestHeld).toBe(MESSAGES - 99 - pages * 100);
      const earlier = page.waitForResponse(isPage(true));
      held.shift()!();
      await earlier;
      pages += 1;
      // The message before it, just read, is in the page (the rows around the view are); the one being read has not moved.
      await log.getByText(seeded(oldestHeld - 1), { exact: true }).waitFor({ state: 'attached' });
      await expect.poll(() => rowTop(page, seeded(oldestHeld))).toBeGreaterThan(reading.top - 3);
      expect(Math.abs((await rowTop(page, seeded(oldestHeld))) - reading.top)).toBeLessThanOrEqual(2);
    }
    await log.evaluate((element) => element.scrollTo(0, 0));
    // Three pages: 100 on opening, then 100 and 50. The chat's start is held: nothing more is offered.
    expect(pages).toBe(2);
    await log.getByText(QUESTION).waitFor();
    expect(held).toHaveLength(0);
    await context.close();
  });
});
