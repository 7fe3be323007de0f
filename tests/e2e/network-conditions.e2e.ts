/**
 * The main screens under bad networks, in real Chromium against the real server (offline engine)
 * and the production build with its service worker: a slow network (400 ms, 50 KB/s), a flaky one
 * (one request in three fails), the connection going in the middle of an action, before a screen
 * opens, and a reload without it. Each in a first session (signed in through the form, moved only
 * by links, never reloaded) and a later one (after a full online reload).
 *
 * What a person must never see: being signed out, their messages, uploads or drafts gone (or a
 * screen saying their data is not there while it is on its way), a blank screen for more than a
 * second, a wait of more than a second with no sign of progress. The probe in
 * network-conditions-support.ts watches the screen every 100 ms to judge the last two.
 *
 * One server, one browser, one account per session kind; the screens are looped inside each test.
 * The results table is in docs/pwa.md "Network conditions".
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, startAppForFile } from './harness';
import { expectNeverBlank, expectWaitShownWell } from './network-conditions-support';
import { expectStillSignedIn, retriesPressed, SEEDED, startSession, whenShown, type Screen, type Session } from './network-conditions-screens';
import { OFFLINE_BANNER } from './pwa-support';

/**
 * Access tokens last seconds instead of 15 minutes, so every condition also meets refreshes: a
 * refresh that fails on a bad network must not sign the person out.
 */
const ACCESS_TOKEN_TTL_SECONDS = 10;
const app = startAppForFile({ env: { LLM_PROVIDER: 'offline', ACCESS_TOKEN_TTL_SECONDS: String(ACCESS_TOKEN_TTL_SECONDS) } });

const conversation = (page: Page) => page.getByRole('log', { name: 'Conversation' });
const composer = (page: Page) => page.getByRole('textbox', { name: 'Message' });
const screenNamed = (session: Session, name: string) => session.screens.find((screen) => screen.name === name)!;

/** The test's own access token for the account (signed in again once the short-lived one has expired). */
const tokens = new Map<Session, { token: string; at: number }>();
async function serverToken(session: Session): Promise<string> {
  const held = tokens.get(session);
  if (held && Date.now() - held.at < (ACCESS_TOKEN_TTL_SECONDS - 2) * 1000) return held.token;
  const { access_token: token } = await apiLogin(app.server.baseUrl, session.account);
  tokens.set(session, { token, at: Date.now() });
  return token;
}

/** Opens a screen by its links and waits until it is the one on view. */
async function goTo(session: Session, name: string): Promise<void> {
  const screen = screenNamed(session, name);
  await screen.open(session.page);
  await screen.heading(session.page).waitFor();
}

/** The seeded chat's messages as the server has them (every version). */
async function storedMessages(session: Session): Promise<{ id: string; role: string; content: string; parent_id?: string | null }[]> {
  const response = await fetch(`${app.server.baseUrl}/api/v1/agents/sessions/${session.seeded.chat.id}/messages?versions=all`, {
    headers: { authorization: `Bearer ${await serverToken(session)}`, 'x-space-id': session.seeded.spaceId },
  });
  return ((await response.json()) as { messages: { id: string; role: string; content: string; parent_id?: string | null }[] }).messages;
}

/** How many times the server stored a user message with this text in the seeded chat. */
async function timesStored(session: Session, text: string): Promise<number> {
  return (await storedMessages(session)).filter((message) => message.role === 'user' && message.content === text).length;
}

/** Milliseconds from the click to the person's data on screen, per session, condition and screen (printed at the end). */
const timings: { session: string; condition: string; screen: string; ms: number }[] = [];
afterAll(() => {
  const conditions = [...new Set(timings.map((entry) => `${entry.session} · ${entry.condition}`))];
  const screens = [...new Set(timings.map((entry) => entry.screen))];
  const rows = conditions.map((condition) => [condition, ...screens.map((screen) => String(timings.find((entry) => `${entry.session} · ${entry.condition}` === condition && entry.screen === screen)?.ms ?? '–'))]);
  console.log(['Time to the data on screen (ms)', ['', ...screens].join(' | '), ...rows.map((row) => row.join(' | '))].join('\n'));
});

/**
 * Opens the screen by its links and judges the wait: never blank, never waiting unsaid, never
 * saying the data is not there before it shows. Notes how long the person's data took to show.
 */
async function opensWell(session: Session, screen: Screen, condition: string): Promise<void> {
  const from = Date.now();
  await screen.open(session.page);
  await screen.heading(session.page).waitFor();
  await whenShown(session.page, session.page.getByRole('main').getByText(screen.ready));
  const ready = await session.probe.firstShowing(screen.ready, from, screen.path);
  expectWaitShownWell(session.probe, from, ready, `${session.kind} session, ${screen.name}`, screen.path);
  if (screen.claimsEmpty) {
    const claimed = session.probe.samples.find((sample) => sample.t >= from && sample.t <= ready.t && screen.path.test(sample.path) && screen.claimsEmpty!.test(sample.text));
    expect(claimed?.text, `${screen.name} said the data was not there while it was on its way`).toBeUndefined();
  }
  timings.push({ session: session.kind, condition, screen: screen.name, ms: ready.t - from });
}

const sendButton = (page: Page) => page.getByRole('button', { name: 'Send', exact: true });

/**
 * Sends a message in the open chat: it shows at once, the server stores it once and answers it,
 * and the answer ends the conversation on screen, nothing left sending or waiting.
 */
async function sendAndSeeAnswered(session: Session, text: string): Promise<void> {
  const { page, probe } = session;
  await composer(page).fill(text);
  const from = Date.now();
  await sendButton(page).click();
  const shown = await probe.firstShowing(text, from);
  expect(shown.t - from, 'the sent message on screen').toBeLessThanOrEqual(1000);
  await expect.poll(() => timesStored(session, text), { timeout: 60_000 }).toBe(1);
  const answeredOnServer = async () => {
    const messages = await storedMessages(session);
    const question = messages.find((message) => message.role === 'user' && message.content === text);
    return messages.some((message) => message.role === 'assistant' && message.parent_id === question?.id);
  };
  await expect.poll(answeredOnServer, { timeout: 60_000 }).toBe(true);
  // The list is virtualised and opens at its end: after a long reply the question may be out of it,
  // so the screen is judged by its last message, the reply, and by nothing left on its way.
  const last = conversation(page).locator('.chat-message').last();
  await expect.poll(async () => (await last.getAttribute('class')) ?? '', { timeout: 60_000 }).toMatch(/chat-message--assistant(?! chat-message--streaming)/);
  expect(await last.innerText()).toContain(SEEDED.replyHeading);
  await sendButton(page)
    .waitFor()
    .catch(async (error: Error) => {
      const onScreen = (await conversation(page).innerText().catch(() => '')).replace(/\s+/g, ' ').slice(-400);
      throw new Error(`${error.message}\nThe conversation ends: …${onScreen}\nSends, streams and polls:\n${session.chatLog.slice(-30).join('\n')}`);
    });
  for (const onItsWay of ['queued-message', 'pending-message', 'streaming-reply']) expect(await conversation(page).getByTestId(onItsWay).count(), onItsWay).toBe(0);
  expect(await conversation(page).getByText(text).count(), 'the message shown once').toBeLessThanOrEqual(1);
  expectNeverBlank(probe, from, `${session.kind} session, sending`);
}

/** Waits for `target`; when it does not come, says what the screen showed instead. */
async function waitOrSay(target: Locator, instead: Locator): Promise<void> {
  await target.waitFor().catch(async (error: Error) => {
    throw new Error(`${error.message}\nOn screen instead: ${(await instead.innerText().catch(() => '(nothing)')).replace(/\s+/g, ' ')}`);
  });
}

for (const kind of ['first', 'later'] as const) {
  describe(kind === 'first' ? 'the first session (form sign-in, links only, never reloaded)' : 'a later session (after a full online reload)', () => {
    let session: Session;
    beforeAll(async () => {
      session = await startSession(app, kind);
    }, 240_000);
    afterEach(async () => {
      await session?.net.normal();
      retriesPressed.length = 0;
    });
    afterAll(async () => {
      await session?.close();
    });

    it('on a slow network every screen shows progress while it waits, is never blank, and never says the data is not there', async () => {
      await session.net.slow();
      for (const screen of session.screens) await opensWell(session, screen, 'slow');
      await goTo(session, 'agent chat');
      await sendAndSeeAnswered(session, `Slow network, ${kind} session: which long-tail keywords?`);
      expect(retriesPressed, 'a load failed on a merely slow network').toEqual([]);
      await expectStillSignedIn(session);
    }, 180_000);

    it('on a flaky network every screen shows its data (or says what to do), a message is sent once, and nobody is signed out', async () => {
      await session.net.flaky();
      for (const screen of session.screens) await opensWell(session, screen, 'flaky');
      const question = `Flaky network, ${kind} session: which keywords for cafés?`;
      await goTo(session, 'agent chat');
      await sendAndSeeAnswered(session, question);
      expect(await timesStored(session, question)).toBe(1);
      expect(session.net.dropped.length, 'requests the flaky network failed').toBeGreaterThan(0);
      await expectStillSignedIn(session);
    }, 180_000);

    it('when the connection goes mid-action, the draft stays, the message waits and is sent once, and an upload says what to do and retries', async () => {
      const { page } = session;
      await goTo(session, 'agent chat');
      const queued = `Written offline, ${kind} session: meta descriptions?`;
      const draft = `A draft, ${kind} session, not sent yet`;
      await session.net.offline();
      await composer(page).fill(queued);
      await sendButton(page).click();
      await conversation(page).getByTestId('queued-message').getByText(/Waiting to send/).waitFor();
      await composer(page).fill(draft);
      // Away and back by links: the draft is still in the box, the message still waiting.
      await goTo(session, 'Knowledge Base');
      await goTo(session, 'agent chat');
      await expect.poll(() => composer(page).inputValue()).toBe(draft);
      await conversation(page).getByTestId('queued-message').getByText(queued).waitFor();
      await session.net.normal();
      await expect.poll(() => timesStored(session, queued), { timeout: 60_000 }).toBe(1);
      await conversation(page).getByTestId('queued-message').waitFor({ state: 'detached', timeout: 60_000 });
      expect(await composer(page).inputValue()).toBe(draft);

      // A Knowledge Base upload cut off half-way says which file failed and what to do.
      await goTo(session, 'Knowledge Base');
      await session.net.slow();
      const filename = `${kind}-campaign-notes.txt`;
      await page.getByTestId('kb-dropzone').evaluate((zone, name) => {
        const transfer = new DataTransfer();
        transfer.items.add(new File(['Spring campaign notes. '.repeat(12_000)], name, { type: 'text/plain' }));
        zone.dispatchEvent(new DragEvent('dragover', { dataTransfer: transfer, bubbles: true, cancelable: true }));
        zone.dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }));
      }, filename);
      await page.getByRole('button', { name: 'Upload 1 file' }).click();
      const row = page.getByTestId('upload-row').filter({ hasText: filename });
      await waitOrSay(row.and(page.locator('[data-phase="uploading"]')), page.getByRole('region', { name: 'Uploads' }));
      await session.net.offline();
      await row.getByText(/Connection issue - please check your internet connection/).waitFor();
      await session.net.normal();
      // Still there once the connection is back: the failure does not vanish unread, and Retry
      // sends the same file again without choosing it anew.
      expect(await row.getAttribute('data-phase')).toBe('failed');
      await row.getByRole('button', { name: `Retry ${filename}` }).click();
      await expect.poll(() => row.getAttribute('data-phase'), { timeout: 60_000 }).toBe('done');

      // A Creative Assets upload cut off half-way offers Retry, and Retry finishes it.
      await goTo(session, 'Creative Assets');
      await session.net.slow();
      const assetName = `${kind}-moodboard.txt`;
      await page.locator('input[aria-label="Choose files to upload"]').setInputFiles({ name: assetName, mimeType: 'text/plain', buffer: Buffer.from('Moodboard notes. '.repeat(16_000)) });
      const upload = page.getByTestId('asset-upload').filter({ hasText: assetName });
      await waitOrSay(upload.and(page.locator('[data-phase="uploading"]')), page.getByRole('main'));
      await session.net.offline();
      await upload.getByRole('button', { name: `Retry ${assetName}` }).waitFor();
      await session.net.normal();
      await upload.getByRole('button', { name: `Retry ${assetName}` }).click();
      await upload.getByText('Uploaded').waitFor({ timeout: 60_000 });

      // Agent Mode: the goal typed before the connection went is still there, and goes once it is back.
      await goTo(session, 'Agent Mode');
      const goal = `Plan the ${kind} session's autumn newsletter`;
      await page.getByRole('textbox', { name: 'Goal' }).fill(goal);
      await session.net.offline();
      await expect.poll(() => page.getByRole('button', { name: 'Make a plan' }).isDisabled()).toBe(true);
      await session.net.normal();
      expect(await page.getByRole('textbox', { name: 'Goal' }).inputValue()).toBe(goal);
      await page.getByRole('button', { name: 'Make a plan' }).click();
      await page.getByRole('list', { name: 'Steps' }).waitFor();

      // A screen opening as the connection goes settles on what the device saved.
      for (const screen of session.screens.filter((entry) => ['Dashboard', 'chat history', 'Credits'].includes(entry.name))) {
        await session.net.slow();
        const from = Date.now();
        await screen.open(page);
        await session.net.offline();
        await screen.heading(page).waitFor();
        const ready = await session.probe.firstShowing(screen.ready, from, screen.path);
        expectWaitShownWell(session.probe, from, ready, `${kind} session, ${screen.name} opening as the connection goes`, screen.path);
        await page.getByText(OFFLINE_BANNER).waitFor();
        timings.push({ session: kind, condition: 'offline mid-load', screen: screen.name, ms: ready.t - from });
        await session.net.normal();
      }
      await expectStillSignedIn(session);
    }, 240_000);

    it('with the connection gone before a screen opens, every screen shows what the device saved and says it is offline', async () => {
      await session.net.offline();
      for (const screen of session.screens) {
        await opensWell(session, screen, 'offline before load');
        await session.page.getByText(OFFLINE_BANNER).waitFor();
      }
      // Offline, nothing the device saved needed the server again.
      expect(retriesPressed).toEqual([]);
      await expectStillSignedIn(session);
    }, 120_000);

    it('a reload offline keeps the person signed in on every screen, with its saved data and the draft in the chat', async () => {
      const { page } = session;
      await session.net.offline();
      for (const screen of session.screens) {
        await screen.open(page);
        await page.getByRole('main').getByText(screen.ready).first().waitFor();
        const draft = screen.name === 'agent chat' ? `Typed just before the reload, ${kind} session` : null;
        if (draft) await composer(page).fill(draft);
        const from = Date.now();
        await page.reload();
        await screen.heading(page).waitFor();
        const ready = await session.probe.firstShowing(screen.ready, from, screen.path, { newDocument: true });
        expectWaitShownWell(session.probe, from, ready, `${kind} session, ${screen.name} reloaded offline`, screen.path, { reload: true });
        timings.push({ session: kind, condition: 'reload offline', screen: screen.name, ms: ready.t - from });
        await page.getByText(OFFLINE_BANNER).waitFor();
        if (draft) await expect.poll(() => composer(page).inputValue()).toBe(draft);
      }
      await expectStillSignedIn(session);
    }, 180_000);
  });
}
