/**
 * The owner's menus, popovers and dialogs that accessibility.e2e.ts opens one by one, each checked
 * with axe while open (light and dark, at 1280 and 390 px where the control exists). Which
 * component each state opens is listed in overlay-coverage.ts, checked by
 * tests/build/overlay-coverage.test.ts: a new menu or dialog needs its state here (or there).
 */
import type { Page } from 'playwright-core';
import { chatWithVersions, closeEverything, h1, openSidebarOnPhone, type Screen } from './accessibility-screens';
import { setOffline } from './offline';

/** Opens a menu with its trigger and waits for it. */
async function openMenu(page: Page, trigger: ReturnType<Page['getByRole']>): Promise<void> {
  await trigger.click();
  await page.getByRole('menu').waitFor();
}
/** Escape closes a menu, and focus goes back to its trigger (a collapsed menu button). */
async function closeMenu(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
  await page.getByRole('menu').waitFor({ state: 'detached' });
  await page.waitForFunction(() => document.activeElement?.getAttribute('aria-haspopup') === 'menu' && document.activeElement.getAttribute('aria-expanded') === 'false', undefined, { timeout: 10_000 });
}
async function closeAlert(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
  await page.getByRole('alertdialog').waitFor({ state: 'detached' });
}
const assetsReady = (page: Page) => page.locator('img.asset-thumb').nth(1).waitFor({ timeout: 60_000 });
const historyRow = (page: Page) => page.getByRole('navigation', { name: 'Chat history' }).getByRole('button', { name: /^Actions for / }).first();

export const OWNER_OVERLAYS: Screen[] = [
  {
    // Phones have the exports in the chat's ⋯ menu (below).
    name: 'Agent Chat Session: Export menu',
    path: (data) => data.chatPath,
    ready: chatWithVersions,
    widths: [1280],
    open: (page) => openMenu(page, page.getByRole('region', { name: 'Chat' }).getByRole('button', { name: 'Export', exact: true })),
    close: closeMenu,
  },
  {
    // The history rail beside the chat is hidden on phones (All chats is its screen there).
    name: "Agent Chat Session: a chat's … menu in the history rail",
    path: (data) => data.chatPath,
    ready: chatWithVersions,
    widths: [1280],
    open: (page) => openMenu(page, historyRow(page)),
    close: closeMenu,
  },
  {
    // Phones show the chat's actions in one ⋯ menu and the chat list in a drawer (the desktop: buttons and the rail).
    name: 'Agent Chat Session (phone): Chat actions menu',
    path: (data) => data.chatPath,
    ready: chatWithVersions,
    widths: [390],
    open: (page) => openMenu(page, page.getByRole('button', { name: 'Chat actions' })),
    close: closeMenu,
  },
  {
    name: 'Agent Chat Session (phone): Chats drawer',
    path: (data) => data.chatPath,
    ready: chatWithVersions,
    widths: [390],
    open: async (page) => {
      await page.getByRole('button', { name: 'Chats', exact: true }).click();
      await page.getByRole('dialog', { name: 'Chats' }).waitFor();
    },
    close: async (page) => {
      await page.getByRole('button', { name: 'Close chats' }).click();
      await page.getByRole('dialog', { name: 'Chats' }).waitFor({ state: 'detached' });
    },
  },
  {
    name: 'Agent Chat Session: offline engine popover',
    path: (data) => data.chatPath,
    ready: chatWithVersions,
    open: async (page) => {
      await page.getByRole('button', { name: 'Offline engine: about these answers' }).click();
      await page.getByRole('dialog').waitFor();
    },
    close: closeEverything,
  },
  {
    name: 'Agent Chat Session: attach assets popover',
    path: (data) => data.chatPath,
    ready: chatWithVersions,
    open: async (page) => {
      await page.getByRole('button', { name: /^Attach assets/ }).click();
      await page.getByRole('dialog', { name: 'Attach assets' }).waitFor();
    },
    close: closeEverything,
  },
  {
    name: 'Agent Chat Session: rating details dialog',
    path: (data) => data.chatPath,
    ready: chatWithVersions,
    open: async (page) => {
      // "Add details" follows a thumb: rate the reply first (kept for the next variants).
      const details = page.getByRole('button', { name: 'Add details' }).first();
      if (!(await details.isVisible())) await page.getByRole('button', { name: 'Helpful', exact: true }).first().click();
      await details.click();
      await page.getByRole('dialog').waitFor();
    },
    close: closeEverything,
  },
  {
    name: "All chats: a chat's … menu",
    path: '/agents/history',
    ready: h1('All chats'),
    open: (page) => openMenu(page, historyRow(page)),
    close: closeMenu,
  },
  {
    name: 'All chats: rename dialog',
    path: '/agents/history',
    ready: h1('All chats'),
    open: async (page) => {
      await openMenu(page, historyRow(page));
      await page.getByRole('menuitem', { name: 'Rename…' }).click();
      await page.getByRole('dialog').waitFor();
    },
    close: closeEverything,
  },
  {
    name: "Creative Assets: an asset's … menu",
    path: '/assets',
    ready: assetsReady,
    open: (page) => openMenu(page, page.getByRole('button', { name: 'More actions for hero.png' })),
    close: closeMenu,
  },
  {
    name: 'Creative Assets: delete confirmation',
    path: '/assets',
    ready: assetsReady,
    open: async (page) => {
      await openMenu(page, page.getByRole('button', { name: 'More actions for hero.png' }));
      await page.getByRole('menuitem', { name: 'Delete…' }).click();
      await page.getByRole('alertdialog').waitFor();
    },
    close: closeAlert,
  },
  {
    name: 'Knowledge Base: delete confirmation',
    path: '/knowledge-base',
    ready: (page) => page.getByTestId('document-row').getByText('Ready').first().waitFor({ timeout: 30_000 }),
    open: async (page) => {
      await page.getByRole('button', { name: 'Delete brand-voice.txt' }).click();
      await page.getByRole('alertdialog').waitFor();
    },
    close: closeAlert,
  },
  {
    // The owner wrote a brand voice in the set-up, so using the document asks before replacing it.
    name: 'Knowledge Base: replace the brand voice confirmation',
    path: '/knowledge-base',
    ready: (page) => page.getByRole('button', { name: 'Use as brand voice: brand-voice.txt' }).waitFor({ timeout: 30_000 }),
    open: async (page) => {
      await page.getByRole('button', { name: 'Use as brand voice: brand-voice.txt' }).click();
      await page.getByRole('alertdialog', { name: 'Replace the brand voice?' }).waitFor();
    },
    close: closeAlert,
  },
  {
    // The owner is signed in twice (the set-up's API sign-in and this browser): another device is listed.
    name: 'Settings: sign out all other devices confirmation',
    path: '/settings',
    ready: (page) => page.getByRole('button', { name: 'Sign out all other devices' }).waitFor({ timeout: 30_000 }),
    open: async (page) => {
      await page.getByRole('button', { name: 'Sign out all other devices' }).click();
      await page.getByRole('alertdialog', { name: 'Sign out all other devices?' }).waitFor();
    },
    close: closeAlert,
  },
  {
    name: 'Workspace Settings: edit space dialog',
    path: '/workspace-settings',
    ready: h1('Workspace Settings'),
    open: async (page) => {
      await page.getByRole('list', { name: 'Spaces' }).getByRole('button', { name: /^Edit / }).first().click();
      await page.getByRole('dialog').waitFor();
    },
    close: closeEverything,
  },
  {
    // The test makes a second space, "Campaigns": the default one cannot be deleted.
    name: 'Workspace Settings: delete space confirmation',
    path: '/workspace-settings',
    ready: (page) => page.getByRole('button', { name: 'Delete Campaigns' }).waitFor({ timeout: 30_000 }),
    open: async (page) => {
      await page.getByRole('button', { name: 'Delete Campaigns' }).click();
      await page.getByRole('alertdialog').waitFor();
    },
    close: closeAlert,
  },
  {
    name: 'Agent Management: delete a template confirmation',
    path: '/agents/manage',
    ready: (page) => page.locator('#templates').getByRole('button', { name: /^Delete / }).first().waitFor({ timeout: 30_000 }),
    open: async (page) => {
      await page.locator('#templates').getByRole('button', { name: /^Delete / }).first().click();
      await page.getByRole('alertdialog').waitFor();
    },
    close: closeAlert,
  },
  {
    name: 'Workspace Settings: remove single sign-on confirmation',
    path: '/workspace-settings',
    ready: h1('Workspace Settings'),
    open: async (page) => {
      await page.getByRole('button', { name: 'Remove single sign-on' }).click();
      await page.getByRole('alertdialog').waitFor();
    },
    close: closeAlert,
  },
  {
    name: 'Agent Mode: finished run, Export menu',
    path: (data) => data.finishedPath ?? '/agent-mode',
    ready: (page) => page.getByText('Finished', { exact: true }).first().waitFor({ timeout: 30_000 }),
    // Phones show the deliverable in a tab of its own; wider screens beside the plan.
    open: async (page, width) => {
      if (width < 768) await page.getByRole('tab', { name: /^Deliverable/ }).click();
      await page.getByTestId('deliverable').waitFor();
      await openMenu(page, page.getByRole('button', { name: 'Export', exact: true }));
    },
    close: async (page) => {
      await closeMenu(page);
      const planTab = page.getByRole('tab', { name: /^Plan/ });
      if (await planTab.isVisible()) await planTab.click();
    },
  },
  {
    name: 'Agent Mode: attach assets popover',
    path: '/agent-mode',
    ready: (page) => page.getByRole('button', { name: 'Make a plan' }).waitFor({ timeout: 15_000 }),
    open: async (page) => {
      await page.getByRole('button', { name: /^Attach assets/ }).click();
      await page.getByRole('dialog', { name: 'Attach assets' }).waitFor();
    },
    close: closeEverything,
  },
  {
    name: 'Connections: remove account confirmation',
    path: '/connections',
    ready: (page) => page.getByRole('button', { name: /^Remove .+@/ }).first().waitFor({ timeout: 30_000 }),
    open: async (page) => {
      await page.getByRole('button', { name: /^Remove .+@/ }).first().click();
      await page.getByRole('alertdialog').waitFor();
    },
    close: closeAlert,
  },
  {
    name: 'Pricing: confirm a plan change',
    path: '/pricing',
    ready: (page) => page.getByRole('button', { name: /^Upgrade to / }).first().waitFor({ timeout: 30_000 }),
    open: async (page) => {
      await page.getByRole('button', { name: /^Upgrade to / }).first().click();
      await page.getByRole('alertdialog').waitFor();
    },
    close: closeAlert,
  },
  {
    name: 'Account menu open',
    path: '/agents',
    ready: h1('AI Agents'),
    open: async (page, width) => {
      await openSidebarOnPhone(page, width);
      await openMenu(page, page.getByRole('button', { name: /^Account menu for / }));
    },
    close: closeEverything,
  },
  {
    // Messages written offline and not sent yet: Log out asks first (they would be wiped).
    name: 'Account menu: log out with a message waiting to send',
    path: (data) => data.chatPath,
    ready: chatWithVersions,
    open: async (page, width) => {
      await setOffline(page.context(), true);
      await page.getByRole('textbox', { name: 'Message' }).fill('And a meta description?');
      await page.getByRole('button', { name: 'Send' }).click();
      await page.getByTestId('queued-message').waitFor();
      await openSidebarOnPhone(page, width);
      await openMenu(page, page.getByRole('button', { name: /^Account menu for / }));
      await page.getByRole('menuitem', { name: 'Log out' }).click();
      await page.getByRole('alertdialog', { name: 'Log out with unsent messages?' }).waitFor();
    },
    close: async (page) => {
      await closeAlert(page);
      // On a phone the sidebar is still open over the chat: Escape closes it.
      const sidebarOpen = await page.locator('#app-sidebar[data-open="true"]').count();
      if (sidebarOpen > 0) await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Cancel sending' }).click();
      await page.getByTestId('queued-message').waitFor({ state: 'detached' });
      await setOffline(page.context(), false);
    },
  },
];
