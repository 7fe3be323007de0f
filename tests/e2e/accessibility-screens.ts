/**
 * What the accessibility sweep (accessibility.e2e.ts) checks, described: a screen, and optionally a
 * menu, popover or dialog opened on it. Shared by the sweep's tables (accessibility-overlays.ts).
 */
import type { Page } from 'playwright-core';

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
