/**
 * What the accessibility sweep (accessibility.e2e.ts) checks, described: a screen, and optionally a
 * menu, popover or dialog opened on it. Shared by the sweep's tables (accessibility-overlays.ts).
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { setOffline } from './offline';

export interface Screen {
  name: string;
  /** Path to open, or a function of the data made in beforeAll. */
  path: string | ((data: SeededData) => string);
  /** What shows the screen is ready (a level-1 heading unless told otherwise). */
  ready: (page: Page) => Promise<unknown>;
  /** Opens a menu or dialog to check in that state; `close` undoes it. */
  open?: (page: Page, width: number) => Promise<unknown>;
  close?: (page: Page) => Promise<unknown>;
  /** Only at these widths (the mobile menu exists only on phones). */
  widths?: number[];
}

export interface SeededData {
  chatPath: string;
  /** Agent Mode runs in three states: the plan to approve, waiting for an answer, finished. */
  planPath?: string;
  questionPath?: string;
  finishedPath?: string;
  /** A live share link of that chat (`/share/<token>`), for the signed-out shared-chat page. */
  sharePath?: string;
}

/** The seeded chat, with its reply and its question in two versions each. */
export const chatWithVersions = async (page: Page) => {
  await page.getByRole('button', { name: 'Offline engine: about these answers' }).waitFor({ timeout: 30_000 });
  await page.getByRole('group', { name: 'Versions of this message' }).waitFor({ timeout: 30_000 });
};
export const h1 = (name: string | RegExp) => (page: Page) => page.getByRole('heading', { name, level: 1 }).first().waitFor({ timeout: 15_000 });
export const escape = (page: Page) => page.keyboard.press('Escape');
/** The sidebar is an overlay on phones: open it first to reach what is in it. */
export async function openSidebarOnPhone(page: Page, width: number): Promise<void> {
  if (width < 768) await page.getByRole('button', { name: 'Open menu' }).click();
}
export async function closeEverything(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  await page.getByRole('dialog').waitFor({ state: 'detached' }).catch(() => undefined);
}

/**
 * The seeded chat as a long chat whose earlier messages are not read yet: the newest page is
 * answered with its last two messages, the first under a new id, and `has_more`, so the device holds them alone
 * and "Load earlier messages" shows above them. Reading the page before them then fails (the
 * server knows no such message), which is the failed state; offline, the notice says they need a
 * connection. `close` lets the real answer through again, which puts the whole chat back.
 */
export function earlierMessagesState(state: 'ready' | 'failed' | 'offline') {
  const newestPage = (url: URL) => /\/api\/v1\/agents\/sessions\/[^/]+\/messages$/.test(url.pathname) && !url.searchParams.has('before');
  return {
    open: async (page: Page) => {
      await page.context().route(newestPage, async (route) => {
        const response = await route.fetch();
        const body = (await response.json()) as { messages: { id: string; parent_id?: string | null }[]; has_more?: boolean };
        // The newest message keeps its id (the branch chosen on the device may end there); the one before is renamed.
        const [before, newest] = body.messages.slice(-2);
        const renamed = { ...before!, id: crypto.randomUUID(), parent_id: crypto.randomUUID() };
        body.messages = [renamed, { ...newest!, parent_id: renamed.id }];
        body.has_more = true;
        await route.fulfill({ response, json: body });
      });
      // The branch this device chose (its first send's question) is not on the device now, and would
      // be read back to at once: the state wanted is the newest branch with its earlier messages offered.
      await page.evaluate(
        () =>
          new Promise<void>((resolve, reject) => {
            const opened = indexedDB.open('mosaic');
            opened.onerror = () => reject(opened.error);
            opened.onsuccess = () => {
              const done = opened.result.transaction('chatBranches', 'readwrite');
              done.objectStore('chatBranches').clear();
              done.oncomplete = () => resolve(opened.result.close());
              done.onerror = () => reject(done.error);
            };
          }),
      );
      await page.reload();
      const log = page.getByRole('log', { name: 'Conversation' });
      await log.getByRole('button', { name: 'Load earlier messages' }).waitFor({ timeout: 30_000 });
      if (state === 'failed') {
        // The button's own click, where it is: Playwright's click scrolls the button into view
        // first, and a reader reaching the top starts the read by itself, so the button could turn
        // into "Try again" under the click, which then waited for it for good.
        await log.getByRole('button', { name: 'Load earlier messages' }).evaluate((button) => (button as HTMLElement).click());
        await log.getByRole('button', { name: 'Try again' }).waitFor({ timeout: 30_000 });
      }
      if (state === 'offline') {
        await setOffline(page.context(), true);
        await log.getByText('Earlier messages need a connection.', { exact: false }).waitFor({ timeout: 30_000 });
      }
    },
    close: async (page: Page) => {
      await setOffline(page.context(), false);
      await page.context().unroute(newestPage);
      await page.reload();
      await page.getByRole('log', { name: 'Conversation' }).waitFor();
      // The device shows what it held until the real answer is saved (the poll's own second is too short on a busy machine).
      await expect.poll(() => page.getByRole('button', { name: /Load earlier messages|Try again/ }).count(), { timeout: 30_000 }).toBe(0);
    },
  };
}
