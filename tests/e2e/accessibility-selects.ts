/**
 * Select lists that accessibility.e2e.ts opens one by one, each checked with axe while its list is
 * open (light and dark, at 1280 and 390 px). Every select comes from src/ui/Select.tsx, whose open
 * list leaves the page visible to assistive technology and sits in its button's landmark;
 * overlay-coverage.ts names the component each state opens.
 */
import type { Page } from 'playwright-core';
import { chatWithVersions, h1, type Screen } from './accessibility-screens';

type Locate = (page: Page) => ReturnType<Page['getByRole']>;

/** Opens the select `combobox` finds and waits for its list. */
const openList = (combobox: Locate) => async (page: Page) => {
  await combobox(page).click();
  await page.getByRole('listbox').waitFor();
};
/** Escape closes the list, and focus goes back to its button. */
async function closeList(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
  await page.getByRole('listbox').waitFor({ state: 'detached' });
  await page.waitForFunction(() => document.activeElement?.getAttribute('role') === 'combobox' && document.activeElement.getAttribute('aria-expanded') === 'false', undefined, { timeout: 10_000 });
}
const select = (name: string | RegExp): Locate => (page) => page.getByRole('combobox', { name });
const documentReady = (page: Page) => page.getByTestId('document-row').getByText('Ready').first().waitFor({ timeout: 30_000 });

/** The owner with data (the seeded chat, documents, assets, the demo property, an invite). */
export const OWNER_SELECTS: Screen[] = [
  {
    name: 'Dashboard: GA4 property list open',
    path: '/dashboard',
    ready: (page) => page.getByText('Demo data', { exact: true }).waitFor({ timeout: 30_000 }),
    open: openList(select('GA4 property')),
    close: closeList,
  },
  {
    name: 'Knowledge Base: category filter open',
    path: '/knowledge-base',
    ready: documentReady,
    open: openList(select('Filter by category')),
    close: closeList,
  },
  {
    name: 'Knowledge Base: category for the files to upload open',
    path: '/knowledge-base',
    ready: documentReady,
    open: async (page) => {
      if (!(await page.getByTestId('staged-file').first().isVisible())) {
        await page.locator('input[aria-label="Choose files to upload"]').first().setInputFiles({ name: 'campaign-brief.txt', mimeType: 'text/plain', buffer: Buffer.from('Spring campaign brief: bakeries, brunch, loyalty.') });
        await page.getByTestId('staged-file').first().waitFor();
      }
      await openList(select('Category for these files'))(page);
    },
    close: async (page) => {
      await closeList(page);
      await page.getByRole('region', { name: 'Files ready to upload' }).getByRole('button', { name: 'Clear', exact: true }).click();
    },
  },
  {
    name: 'Creative Assets: type filter open',
    path: '/assets',
    ready: (page) => page.locator('img.asset-thumb').nth(1).waitFor({ timeout: 60_000 }),
    open: openList(select('Type')),
    close: closeList,
  },
  {
    name: 'Agent Chat Session: mode list open',
    path: (data) => data.chatPath,
    ready: chatWithVersions,
    open: openList(select(/^Mode: /)),
    close: closeList,
  },
  {
    // The history rail beside the chat is hidden on phones; All chats is the same list as a screen.
    name: 'All chats: agent filter open',
    path: '/agents/history',
    ready: h1('All chats'),
    open: openList(select('Filter by agent')),
    close: closeList,
  },
  {
    name: 'Agent Configuration: engine list open',
    path: '/agents/seo/configure',
    ready: (page) => page.getByRole('combobox', { name: 'Engine' }).waitFor({ timeout: 30_000 }),
    open: openList(select('Engine')),
    close: closeList,
  },
  {
    name: 'Workspace Settings: start from a knowledge document list open',
    path: '/workspace-settings',
    ready: h1('Workspace Settings'),
    open: async (page) => {
      const start = page.getByRole('button', { name: 'Start from a knowledge document' });
      if (await start.isVisible()) await start.click();
      await openList(select('Start from a knowledge document'))(page);
    },
    close: closeList,
  },
  {
    name: 'Credits: feature filter open',
    path: '/credits',
    ready: (page) => page.getByRole('combobox', { name: 'Filter by feature' }).waitFor({ timeout: 30_000 }),
    open: openList(select('Filter by feature')),
    close: closeList,
  },
  {
    // A select inside a dialog: its list goes into the dialog, and the page stays hidden behind the dialog.
    name: 'Manage Users: Invite member dialog, role list open',
    path: '/org-admin/users',
    ready: h1('Manage Users'),
    open: async (page) => {
      await page.getByRole('button', { name: 'Invite member' }).click();
      await page.getByRole('dialog').waitFor();
      await openList((p) => p.getByRole('dialog').getByRole('combobox', { name: 'Role' }))(page);
    },
    close: async (page) => {
      await closeList(page);
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'detached' });
    },
  },
  {
    name: 'Organisation Admin Dashboard: activity action filter open',
    path: '/org-admin/dashboard',
    ready: (page) => page.getByRole('combobox', { name: 'Action' }).waitFor({ timeout: 30_000 }),
    open: openList(select('Action')),
    close: closeList,
  },
];

/** The second owner once a member has joined: the member's role can be changed. */
export const NEW_OWNER_WITH_MEMBER_SELECTS: Screen[] = [
  {
    name: 'Manage Users: a member’s role list open',
    path: '/org-admin/users',
    ready: (page) => page.getByRole('combobox', { name: 'Role of Mo Member' }).waitFor({ timeout: 30_000 }),
    open: openList(select('Role of Mo Member')),
    close: closeList,
  },
];
