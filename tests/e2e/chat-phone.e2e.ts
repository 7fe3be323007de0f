/**
 * The chat on a 390 px phone and at 1280 px in real Chromium (offline engine): the conversation
 * keeps at least 60 % of the screen (75 % on the phone: its bars take at most a quarter), the header shows the whole title (up to two lines on a phone,
 * never cut with dots by the code), Send is a 44 px target that no toast covers, focus is back in
 * the box after sending, and the offline-engine badge shows once. On the phone the chat list opens
 * from the chat (Chats) and the actions sit in one menu. Screenshots go to test-results/.
 */
import { mkdir } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { uniqueAccount, startAppForFile } from './harness';
import { registerAndSignIn } from './owner-session';

const app = startAppForFile();

describe('chat layout on a phone and a desktop', () => {
  it.each([
    [390, 844],
    [1280, 800],
  ])('at %i px the conversation has the room and Send stays reachable', async (width, height) => {
    const account = uniqueAccount(`phone${width}`);
    const { context, page } = await registerAndSignIn(app, account, { width, height });
    await page.goto(`${app.server.baseUrl}/agents/seo`);
    const box = page.getByRole('textbox', { name: 'Message' });
    await box.fill('Which keywords should our bakery software landing page target?');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.waitForURL(/\/agents\/seo\/chat\/[0-9a-f-]{36}$/);
    const log = page.getByRole('log', { name: 'Conversation' });
    await log.getByRole('heading', { name: 'Keyword and title ideas' }).waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Offline engine: about these answers' }).waitFor();
    expect(await page.getByRole('button', { name: 'Offline engine: about these answers' }).count()).toBe(1);
    // Focus is in the message box, ready for the follow-up.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Message');

    const logBox = (await log.boundingBox())!;
    const send = (await page.getByRole('button', { name: 'Send' }).boundingBox())!;
    await mkdir('test-results', { recursive: true });
    await page.screenshot({ path: `test-results/chat-${width}.png` });
    console.log(`${width}px: conversation ${Math.round(logBox.height)} of ${height} px (${Math.round((logBox.height / height) * 100)}%), Send ${Math.round(send.width)}×${Math.round(send.height)}`);
    if (width <= 600) expect(send.height).toBeGreaterThanOrEqual(44);
    expect(send.y + send.height).toBeLessThanOrEqual(height);
    // The messages have at least 60 % of the screen; on a phone the bars (top bar, chat header,
    // message box) take at most a quarter of it.
    expect(logBox.height / height).toBeGreaterThanOrEqual(width <= 600 ? 0.75 : 0.6);

    // The title is the chat's whole title; only CSS shortens it, and on a phone it shows in full.
    const title = page.getByRole('heading', { level: 1 });
    const titleText = (await title.textContent()) ?? '';
    expect(titleText.length).toBeGreaterThan(0);
    expect(await title.getAttribute('title')).toBe(titleText);
    if (width <= 600) {
      // Nothing of it is hidden: the box is as tall as its text (two lines at most).
      const fits = await title.evaluate((element) => element.scrollHeight <= element.clientHeight + 1 && element.scrollWidth <= element.clientWidth + 1);
      expect(fits).toBe(true);
      // The chats, from the chat itself: a drawer with this chat in it.
      await page.getByRole('button', { name: 'Chats' }).click();
      const drawer = page.getByRole('dialog', { name: 'Chats' });
      await drawer.getByRole('link').filter({ hasText: titleText }).waitFor();
      await page.keyboard.press('Escape');
      await drawer.waitFor({ state: 'detached' });
      // The actions are in one menu that also shows the whole title.
      await page.getByRole('button', { name: 'Chat actions' }).click();
      await page.getByRole('menuitem', { name: 'All chats' }).waitFor();
      await page.keyboard.press('Escape');
    }
    await context.close();
  });
});
