/**
 * axe-core on every screen in real Chromium against the real server and the production build in
 * dist/: signed out and signed in (owner with data, system admin with the owner's organisation to
 * look at: drawers and dialogs open), light and dark, at 1280 and
 * 390 px, plus open menus and dialogs. Any violation fails the test; all of them are printed first.
 *
 * One page per role is reused: each screen is opened once, then the colour scheme and the viewport
 * are switched in place, so 4 checks cost one navigation.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, launchBrowser, registerAccount, signInThroughUi, startServer, uniqueAccount, type RunningServer } from './harness';
import { startOidcProvider, type TestIdentityProvider } from '../helpers/oidc-provider';
import { verifyDomainThroughAdmin } from './domain-approval';
import { chatWithVersions, closeEverything, earlierMessagesState, escape, h1, openSidebarOnPhone, type Screen, type SeededData } from './accessibility-screens';
import { OWNER_OVERLAYS } from './accessibility-overlays';
import { NEW_OWNER_WITH_MEMBER_SELECTS, OWNER_SELECTS } from './accessibility-selects';
import { setOffline } from './offline';

const require = createRequire(import.meta.url);
const root = new URL('../../', import.meta.url).pathname;

type Scheme = 'light' | 'dark';
const VARIANTS: { width: number; height: number; scheme: Scheme }[] = [
  { width: 1280, height: 800, scheme: 'light' },
  { width: 1280, height: 800, scheme: 'dark' },
  { width: 390, height: 844, scheme: 'dark' },
  { width: 390, height: 844, scheme: 'light' },
];

const checklistShown = (page: Page) => page.getByRole('region', { name: 'Get started with Mosaic' }).waitFor({ timeout: 30_000 });

/** An address of the owner's domain, which signs in through its provider (set in the test). */
let ssoEmail = '';
/** A pending invite's address, for the invite list's copy-link state (set in the test). */
let invitedEmail = '';

const SIGNED_OUT: Screen[] = [
  { name: 'Login', path: '/login', ready: h1('Welcome back') },
  {
    name: 'Login: Sign in with the provider offered',
    path: '/login',
    ready: h1('Welcome back'),
    open: async (page) => {
      await page.getByLabel('Email').fill(ssoEmail);
      // The offer waits for the server's look-up of the domain, slow on a loaded machine.
      await page.getByRole('button', { name: 'Sign in with Acme ID' }).waitFor({ timeout: 30_000 });
    },
  },
  { name: 'Sign in with SSO', path: '/login/sso', ready: h1('Sign in with SSO') },
  {
    name: 'Sign in with SSO: refused by the domain rule',
    path: '/login/sso?error=SSO_DOMAIN_NOT_ALLOWED&email=ada%40example.com',
    ready: (page) => page.getByRole('alert').waitFor({ timeout: 15_000 }),
  },
  { name: 'Login after expiry', path: '/login?expired=true', ready: h1('Welcome back') },
  { name: 'Register', path: '/register', ready: h1('Create your account') },
  { name: 'Pricing (signed out)', path: '/pricing', ready: h1(/Pricing|plan/i) },
  { name: 'Page not found (signed out)', path: '/no-such-page', ready: h1(/not found/i) },
];

/** Creative Assets before anything is added: checked before the owner's assets are made. */
const ASSETS_EMPTY: Screen[] = [{ name: 'Creative Assets: empty', path: '/assets', ready: (page) => page.getByText('No assets yet').waitFor({ timeout: 30_000 }) }];

/** The library with an image, a PDF and a text asset, once their thumbnails are on the page. */
const assetsReady = (page: Page) => page.locator('img.asset-thumb').nth(1).waitFor({ timeout: 60_000 });
let uploadsHeld = 0;
let releaseUpload: (() => void) | null = null;
const ASSET_SCREENS: Screen[] = [
  { name: 'Creative Assets: grid', path: '/assets', ready: assetsReady },
  {
    name: 'Creative Assets: list',
    path: '/assets',
    ready: assetsReady,
    open: (page) => page.getByRole('radio', { name: 'List view' }).click().then(() => page.getByTestId('asset-row').first().waitFor()),
    close: (page) => page.getByRole('radio', { name: 'Grid view' }).click(),
  },
  {
    name: 'Creative Assets: preview dialog',
    path: '/assets',
    ready: assetsReady,
    open: async (page) => {
      await page.getByRole('button', { name: 'Open hero.png' }).click();
      await page.locator('img[data-testid="preview-image"][data-full="true"]').waitFor({ timeout: 30_000 });
    },
    close: closeEverything,
  },
  {
    name: 'Creative Assets: upload in progress',
    path: '/assets',
    ready: assetsReady,
    // The PUT is held at the network edge, so the panel stays in "Uploading" while axe looks at it.
    open: async (page) => {
      uploadsHeld += 1;
      await page.route('**/api/v1/kb/uploads/target**', async (route) => {
        await new Promise<void>((resolve) => (releaseUpload = resolve));
        await route.continue();
      });
      await page.locator('input[aria-label="Choose files to upload"]').setInputFiles({ name: `moodboard-${uploadsHeld}.txt`, mimeType: 'text/plain', buffer: Buffer.from(`Mood board notes, round ${uploadsHeld}`) });
      await page.getByTestId('asset-upload').filter({ hasText: /Uploading/ }).waitFor({ timeout: 30_000 });
    },
    close: async (page) => {
      releaseUpload?.();
      await page.getByTestId('asset-upload').filter({ hasText: 'Uploaded' }).waitFor({ timeout: 30_000 });
      await page.unroute('**/api/v1/kb/uploads/target**');
      await page.getByRole('button', { name: 'Clear list' }).click();
    },
  },
];

const OWNER: Screen[] = [
  { name: 'Dashboard', path: '/dashboard', ready: (page) => page.getByText('Demo data', { exact: true }).waitFor({ timeout: 30_000 }) },
  { name: 'Connections', path: '/connections', ready: h1('Connections') },
  { name: 'Manage GA4 Properties', path: '/connections/ga4/manage', ready: h1('Manage GA4 Properties') },
  { name: 'GA4 Setup', path: '/ga4-setup', ready: h1(/GA4|Google Analytics/) },
  {
    name: 'Knowledge Base',
    path: '/knowledge-base',
    ready: (page) => page.getByTestId('document-row').getByText('Ready').first().waitFor({ timeout: 30_000 }),
  },
  ...ASSET_SCREENS,
  { name: 'AI Agents', path: '/agents', ready: h1('AI Agents') },
  { name: 'Agent Management', path: '/agents/manage', ready: h1(/Agent/) },
  { name: 'Agent Chat', path: '/agents/seo', ready: h1('SEO') },
  { name: 'Agent Configuration', path: '/agents/seo/configure', ready: h1(/SEO|Configur/) },
  {
    // The seeded chat has a regenerated reply and an edited question: both version switchers show.
    name: 'Agent Chat Session',
    path: (data) => data.chatPath,
    ready: chatWithVersions,
  },
  {
    name: 'Agent Chat Session: editing a message',
    path: (data) => data.chatPath,
    ready: chatWithVersions,
    open: (page) =>
      page
        .getByRole('button', { name: 'Edit message' })
        .first()
        .click()
        .then(() => page.getByRole('form', { name: 'Edit message' }).waitFor()),
    close: (page) => page.keyboard.press('Escape').then(() => page.getByRole('form', { name: 'Edit message' }).waitFor({ state: 'detached' })),
  },
  {
    name: 'Agent Chat Session: a message waiting to send (offline)',
    path: (data) => data.chatPath,
    ready: chatWithVersions,
    open: async (page) => {
      await setOffline(page.context(), true);
      await page.getByRole('textbox', { name: 'Message' }).fill('And a meta description?');
      await page.getByRole('button', { name: 'Send' }).click();
      await page.getByTestId('queued-message').waitFor();
    },
    close: async (page) => {
      await page.getByRole('button', { name: 'Cancel sending' }).click();
      await page.getByTestId('queued-message').waitFor({ state: 'detached' });
      await setOffline(page.context(), false);
    },
  },
  // A long chat whose earlier messages are not read yet: offered, failed to load, offline.
  ...(['ready', 'failed', 'offline'] as const).map((state) => ({
    name: `Agent Chat Session: earlier messages (${state})`,
    path: (data: SeededData) => data.chatPath,
    ready: chatWithVersions,
    ...earlierMessagesState(state),
  })),
  { name: 'Agent Mode', path: '/agent-mode', ready: (page) => page.getByRole('button', { name: 'Make a plan' }).waitFor({ timeout: 15_000 }) },
  {
    name: 'Agent Mode: documents to use',
    path: '/agent-mode',
    ready: (page) => page.getByRole('button', { name: 'Make a plan' }).waitFor({ timeout: 15_000 }),
    open: (page) => page.getByRole('button', { name: 'Add documents' }).click().then(() => page.getByRole('dialog').waitFor()),
    close: closeEverything,
  },
  { name: 'Agent Mode: plan to approve', path: (data) => data.planPath ?? '/agent-mode', ready: (page) => page.getByRole('button', { name: 'Start run' }).waitFor({ timeout: 30_000 }) },
  { name: 'Agent Mode: question', path: (data) => data.questionPath ?? '/agent-mode', ready: (page) => page.getByRole('textbox', { name: 'Your answer' }).waitFor({ timeout: 30_000 }) },
  {
    name: 'Agent Mode: cancel dialog',
    path: (data) => data.questionPath ?? '/agent-mode',
    ready: (page) => page.getByRole('textbox', { name: 'Your answer' }).waitFor({ timeout: 30_000 }),
    open: (page) => page.getByRole('button', { name: 'Cancel run' }).click().then(() => page.getByRole('alertdialog').waitFor()),
    close: closeEverything,
  },
  { name: 'Agent Mode: finished run', path: (data) => data.finishedPath ?? '/agent-mode', ready: (page) => page.getByText('Finished', { exact: true }).first().waitFor({ timeout: 30_000 }) },
  {
    name: 'Agent Mode: finished run, deliverable tab',
    path: (data) => data.finishedPath ?? '/agent-mode',
    ready: (page) => page.getByText('Finished', { exact: true }).first().waitFor({ timeout: 30_000 }),
    widths: [390],
    open: (page) => page.getByRole('tab', { name: /^Deliverable/ }).click().then(() => page.getByTestId('deliverable').waitFor()),
    close: (page) => page.getByRole('tab', { name: /^Plan/ }).click(),
  },
  {
    name: 'Agent Chat Session: citation opens the document preview',
    path: (data) => data.chatPath,
    ready: (page) => page.getByTestId('citation-marker').first().waitFor({ timeout: 30_000 }),
    open: async (page) => {
      // The marker's own click, brought into view first: the list re-measures its rows (and keeps
      // the reader's row in place) while Playwright's scrolling waits on them, and a click at the
      // marker's position could land after it moved (the preview then never opened).
      // Opened afresh for each variant: after the previous variant's preview closed, the marker was
      // sometimes gone from the conversation for the rest of the page's life (not yet understood:
      // docs/accessibility.md "Known gaps").
      await page.goto(page.url());
      const marker = page.getByTestId('citation-marker').first();
      await marker.waitFor({ timeout: 30_000 });
      await marker.evaluate((element) => element.scrollIntoView({ block: 'center' }));
      await marker.evaluate((element) => (element as HTMLElement).click());
      await page.getByTestId('passage-highlight').waitFor();
    },
    close: closeEverything,
  },
  {
    name: 'Agent Chat Session: context picker open',
    path: (data) => data.chatPath,
    ready: (page) => page.getByRole('button', { name: /^Add context/ }).waitFor({ timeout: 30_000 }),
    open: async (page) => {
      await page.getByRole('button', { name: /^Add context/ }).click();
      await page.getByTestId('context-picker').getByRole('checkbox').first().waitFor();
    },
    close: closeEverything,
  },
  {
    name: 'Agent Chat Session: "/" templates list',
    path: (data) => data.chatPath,
    ready: (page) => page.getByRole('textbox', { name: 'Message' }).waitFor({ timeout: 30_000 }),
    open: async (page) => {
      await page.getByRole('textbox', { name: 'Message' }).fill('/');
      await page.getByRole('listbox', { name: 'Prompt templates' }).waitFor();
    },
    close: (page) => page.getByRole('textbox', { name: 'Message' }).fill(''),
  },
  {
    name: 'Agent Chat Session: template blanks form',
    path: (data) => data.chatPath,
    ready: (page) => page.getByRole('textbox', { name: 'Message' }).waitFor({ timeout: 30_000 }),
    open: async (page) => {
      await page.getByRole('textbox', { name: 'Message' }).fill('/launch');
      await page.getByRole('listbox', { name: 'Prompt templates' }).waitFor();
      await page.keyboard.press('Enter');
      await page.getByTestId('template-form').waitFor();
    },
    close: async (page) => {
      await page.keyboard.press('Escape');
      await page.getByRole('textbox', { name: 'Message' }).fill('');
    },
  },
  {
    name: 'Agent Chat Session: share dialog',
    path: (data) => data.chatPath,
    // Narrow screens keep the chat's actions in its ⋯ menu ("Chat actions").
    ready: (page) => page.getByRole('button', { name: /^(Share chat|Chat actions)$/ }).first().waitFor({ timeout: 30_000 }),
    open: async (page, width) => {
      if (width <= 768) {
        await page.getByRole('button', { name: 'Chat actions' }).click();
        await page.getByRole('menuitem', { name: 'Share chat…' }).click();
      } else {
        await page.getByRole('button', { name: 'Share chat' }).click();
      }
      await page.getByTestId('share-link').first().waitFor();
    },
    close: closeEverything,
  },
  {
    name: 'Knowledge Base: document preview',
    path: '/knowledge-base',
    ready: (page) => page.getByTestId('document-row').getByText('Ready').first().waitFor({ timeout: 30_000 }),
    open: async (page) => {
      await page.getByRole('button', { name: 'brand-voice.txt', exact: true }).click();
      await page.getByTestId('document-text').waitFor();
    },
    close: closeEverything,
  },
  {
    name: 'Agent Management: new template dialog',
    path: '/agents/manage',
    ready: (page) => page.getByTestId('template-item').first().waitFor({ timeout: 30_000 }),
    open: async (page) => {
      await page.getByRole('button', { name: 'New template' }).click();
      await page.getByTestId('template-editor').waitFor();
    },
    close: closeEverything,
  },
  { name: 'Agent Mode', path: '/agent-mode', ready: h1(/Agent Mode/) },
  { name: 'Workspace Settings', path: '/workspace-settings', ready: h1('Workspace Settings') },
  { name: 'Credits', path: '/credits', ready: h1('Credits') },
  {
    name: 'Credits: Buy credits dialog',
    path: '/credits',
    ready: h1('Credits'),
    open: (page) => page.getByRole('button', { name: 'Buy credits' }).click().then(() => page.getByRole('dialog').waitFor()),
    close: closeEverything,
  },
  { name: 'Settings', path: '/settings', ready: h1('Settings') },
  {
    name: 'Settings: a help guide open',
    path: '/settings#help',
    ready: (page) => page.getByRole('heading', { name: 'Guides' }).waitFor({ timeout: 15_000 }),
    open: (page) => page.getByText('Working offline', { exact: true }).click(),
    close: (page) => page.getByText('Working offline', { exact: true }).click(),
  },
  {
    name: 'Settings: help search with no match',
    path: '/settings#help',
    ready: (page) => page.getByRole('heading', { name: 'Guides' }).waitFor({ timeout: 15_000 }),
    open: async (page) => {
      await page.getByRole('searchbox', { name: 'Search help' }).fill('zebra crossing');
      await page.getByText('No guide matches.', { exact: false }).waitFor();
    },
  },
  { name: 'Pricing', path: '/pricing', ready: h1(/Pricing|plan/i) },
  {
    name: 'Organisation Admin Dashboard with Activity',
    path: '/org-admin/dashboard',
    ready: (page) => page.getByRole('table', { name: 'Activity' }).or(page.getByRole('list', { name: 'Activity' })).first().waitFor({ timeout: 30_000 }),
  },
  { name: 'Manage Users', path: '/org-admin/users', ready: h1('Manage Users') },
  {
    name: 'Manage Users: invite link copied from the list',
    path: '/org-admin/users',
    ready: h1('Manage Users'),
    open: async (page) => {
      // The browser refuses the clipboard: the new link is shown under the invite to copy by hand.
      await page.evaluate(() => {
        navigator.clipboard.writeText = () => Promise.reject(new DOMException('Write permission denied.', 'NotAllowedError'));
      });
      await page.getByRole('button', { name: `Copy invite link for ${invitedEmail}` }).click();
      await page.getByLabel(`New invite link for ${invitedEmail}`, { exact: true }).waitFor();
    },
  },
  {
    name: 'Manage Users: Invite member dialog',
    path: '/org-admin/users',
    ready: h1('Manage Users'),
    open: (page) => page.getByRole('button', { name: 'Invite member' }).click().then(() => page.getByRole('dialog').waitFor()),
    close: closeEverything,
  },
  {
    name: 'Space menu open',
    path: '/agents',
    ready: h1('AI Agents'),
    open: async (page, width) => {
      await openSidebarOnPhone(page, width);
      await page.getByRole('button', { name: /^Space:/ }).click();
      await page.getByRole('menu').waitFor();
    },
    close: closeEverything,
  },
  {
    name: 'Create New Space dialog',
    path: '/agents',
    ready: h1('AI Agents'),
    open: async (page, width) => {
      await openSidebarOnPhone(page, width);
      await page.getByRole('button', { name: /^Space:/ }).click();
      await page.getByRole('menuitem', { name: 'Create New Space' }).click();
      await page.getByRole('dialog').waitFor();
    },
    close: closeEverything,
  },
  {
    name: 'Notifications open',
    path: '/settings',
    ready: h1('Settings'),
    open: async (page, width) => {
      await openSidebarOnPhone(page, width);
      await page.getByRole('button', { name: /^Notifications/ }).click();
      await page.getByRole('dialog', { name: 'Notifications' }).waitFor();
    },
    close: closeEverything,
  },
  {
    name: 'Phone sidebar open',
    path: '/knowledge-base',
    ready: h1('Knowledge Base'),
    widths: [390],
    open: (page, width) => openSidebarOnPhone(page, width),
    close: escape,
  },
  // Every other menu, popover and dialog of the owner's screens (tests/build/overlay-coverage.test.ts).
  ...OWNER_OVERLAYS,
  ...OWNER_SELECTS,
  { name: 'Page not found', path: '/no-such-page', ready: h1(/not found/i) },
];

/** The admin screens with data: the owner's organisation above, its people and its audit log. */
const table = (name: string) => (page: Page) => page.getByRole('table', { name }).or(page.getByRole('list', { name })).first().waitFor({ timeout: 30_000 });
const openFirst = async (page: Page) => {
  // In the page's own list: on a phone the first "Open …" button is the top bar's "Open menu".
  await page.getByRole('main').getByRole('button', { name: /^Open / }).first().click();
  await page.getByRole('dialog').waitFor();
  // The drawer's content has loaded (its actions or credits section).
  await page.getByRole('dialog').getByRole('heading', { level: 2 }).first().waitFor({ timeout: 30_000 });
};
/** A shared chat, opened by someone with no session (the page outside the signed-in app). */
const SHARED: Screen[] = [
  {
    name: 'Shared chat (signed out)',
    path: (data) => data.sharePath ?? '/share/missing',
    ready: (page) => page.getByTestId('shared-chat').getByRole('heading', { level: 1 }).waitFor({ timeout: 30_000 }),
  },
  { name: 'Shared chat not available', path: `/share/${'x'.repeat(43)}`, ready: h1('This shared chat is not available') },
];

/** A new organisation's owner: nothing done yet, one knowledge document ready. */
const NEW_OWNER: Screen[] = [
  { name: 'Dashboard: first run (checklist, no analytics)', path: '/dashboard', ready: checklistShown },
  { name: 'Connections: nothing connected', path: '/connections', ready: (page) => page.getByText('Not connected', { exact: true }).waitFor({ timeout: 30_000 }) },
  { name: 'Knowledge Base: one document', path: '/knowledge-base', ready: h1('Knowledge Base') },
  {
    name: 'Workspace Settings: brand voice drafted from a document',
    path: '/workspace-settings',
    ready: h1('Workspace Settings'),
    open: async (page) => {
      const start = page.getByRole('button', { name: 'Start from a knowledge document' });
      if (await start.isVisible()) await start.click();
      await page.getByRole('combobox', { name: 'Start from a knowledge document' }).click();
      await page.getByRole('option', { name: /voice-notes\.txt/ }).click();
      await page.getByText(/Draft from “voice-notes\.txt”/).waitFor();
      // Choosing the draft scrolls the brand voice card into view, and at 390 px where the page
      // then stops depends on the card's height: the breadcrumb's Go back button can end a few
      // pixels below the sticky top bar, which axe reads as a target partly covered. That is
      // content scrolled under a sticky bar, not this state; it is checked from the page's top.
      await page.evaluate(() => window.scrollTo(0, 0));
    },
    // The organisation and SSO cards have a Discard of their own: the brand voice card's.
    close: (page) => page.locator('#brand-voice').getByRole('button', { name: 'Discard' }).click(),
  },
  {
    name: 'Workspace Settings: leave without saving?',
    path: '/workspace-settings',
    ready: h1('Workspace Settings'),
    open: async (page, width) => {
      await page.getByRole('textbox', { name: 'Brand voice' }).fill('Warm and plain, not saved yet.');
      await openSidebarOnPhone(page, width);
      await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Dashboard' }).click();
      await page.getByRole('alertdialog', { name: 'Leave without saving?' }).waitFor();
    },
    close: async (page) => {
      await page.getByRole('button', { name: 'Stay on this page' }).click();
      await page.keyboard.press('Escape');
      await page.locator('#brand-voice').getByRole('button', { name: 'Discard' }).click();
    },
  },
  {
    // Its single sign-on domain is not proved yet: the TXT record to add, and Verify failing (this server has no record to find).
    name: 'Workspace Settings: email domain not verified, the check failed',
    path: '/workspace-settings',
    ready: (page) => page.getByRole('region', { name: /^Email domain / }).getByText('Unverified', { exact: true }).waitFor({ timeout: 30_000 }),
    open: async (page) => {
      const domain = page.getByRole('region', { name: /^Email domain / });
      const failure = domain.getByRole('alert');
      if (await failure.isVisible()) return;
      await domain.getByRole('button', { name: 'Verify' }).click();
      await failure.waitFor({ timeout: 30_000 });
    },
  },
];

/** A member who joined the new organisation: the checklist and analytics status say who does what. */
const MEMBER: Screen[] = [
  { name: 'Dashboard: first run as a member', path: '/dashboard', ready: checklistShown },
  { name: 'Connections as a member', path: '/connections', ready: (page) => page.getByText('Not connected', { exact: true }).waitFor({ timeout: 30_000 }) },
  { name: 'Workspace Settings as a member', path: '/workspace-settings', ready: h1('Workspace Settings') },
];

/** Once the member has joined the new owner's organisation. */
const NEW_OWNER_WITH_MEMBER: Screen[] = [
  {
    name: 'Manage Users: remove member confirmation',
    path: '/org-admin/users',
    ready: (page) => page.getByRole('button', { name: 'Remove Mo Member' }).waitFor({ timeout: 30_000 }),
    open: async (page) => {
      await page.getByRole('button', { name: 'Remove Mo Member' }).click();
      await page.getByRole('alertdialog').waitFor();
    },
    close: closeEverything,
  },
  ...NEW_OWNER_WITH_MEMBER_SELECTS,
];

const ADMIN: Screen[] = [
  { name: 'Admin Dashboard', path: '/admin/dashboard', ready: (page) => page.getByRole('heading', { name: 'Job queues', level: 2 }).waitFor({ timeout: 30_000 }) },
  { name: 'Admin Users', path: '/admin/users', ready: table('Users') },
  { name: 'Admin Users: account drawer', path: '/admin/users', ready: table('Users'), open: openFirst, close: closeEverything },
  {
    name: 'Admin Users: suspend dialog',
    path: '/admin/users?q=alex',
    ready: table('Users'),
    open: async (page) => {
      await openFirst(page);
      await page.getByRole('dialog').getByRole('button', { name: 'Suspend' }).click();
      await page.getByRole('alertdialog').waitFor();
    },
    close: closeEverything,
  },
  {
    name: 'Admin Users: send a reset link confirmation',
    path: '/admin/users?q=alex',
    ready: table('Users'),
    open: async (page) => {
      await openFirst(page);
      await page.getByRole('dialog').getByRole('button', { name: 'Send reset link' }).click();
      await page.getByRole('alertdialog').waitFor();
    },
    close: closeEverything,
  },
  { name: 'Admin Organisations', path: '/admin/organizations', ready: table('Organisations') },
  { name: 'Admin Organisations: organisation drawer', path: '/admin/organizations', ready: table('Organisations'), open: openFirst, close: closeEverything },
  {
    name: 'Admin Organisations: adjust credits dialog',
    path: '/admin/organizations',
    ready: table('Organisations'),
    open: async (page) => {
      await openFirst(page);
      await page.getByRole('dialog').getByRole('button', { name: 'Adjust credits' }).click();
      await page.getByRole('dialog', { name: /^Adjust credits of/ }).waitFor();
    },
    close: closeEverything,
  },
  { name: 'Admin Security', path: '/admin/security', ready: table('Activity') },
  {
    name: 'Admin Security: approve a domain claim dialog',
    path: '/admin/security',
    ready: (page) => page.getByRole('list', { name: 'Domain claims awaiting review' }).waitFor({ timeout: 30_000 }),
    open: async (page) => {
      await page.getByRole('list', { name: 'Domain claims awaiting review' }).getByRole('button', { name: 'Approve' }).first().click();
      await page.getByRole('alertdialog').waitFor();
    },
    close: closeEverything,
  },
];

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

/** Turns off transitions and animations so colours are read at rest, not mid-fade. */
const STILL_STYLE = '*,*::before,*::after{transition:none!important;animation:none!important;caret-color:transparent!important}';

async function prepareContext(context: BrowserContext, axeSource: string): Promise<void> {
  await context.addInitScript({ content: axeSource });
  await context.addInitScript({
    content: `addEventListener('DOMContentLoaded',()=>{const s=document.createElement('style');s.textContent=${JSON.stringify(STILL_STYLE)};document.head.append(s);});`,
  });
}

async function setVariant(page: Page, variant: (typeof VARIANTS)[number]): Promise<void> {
  await page.emulateMedia({ colorScheme: variant.scheme, reducedMotion: 'reduce' });
  await page.setViewportSize({ width: variant.width, height: variant.height });
  // Radix Themes follows the media query on the next render: wait for it, then for layout.
  await page.waitForFunction((scheme) => document.querySelector(`.radix-themes.${scheme}, .radix-themes.${scheme}-theme`) !== null, variant.scheme);
  // Two frames, or a second at most: a page the browser counts as hidden draws no frames, and
  // Playwright's evaluate has no time limit of its own (a clean-clone run once stood still for 19
  // minutes inside this sweep, with the browser and the server idle). Said when it happens.
  const drawn = await page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        requestAnimationFrame(() => requestAnimationFrame(() => resolve('drawn')));
        setTimeout(() => resolve(`no frame in 1 s (the page is ${document.visibilityState})`), 1_000);
      }),
  );
  if (drawn !== 'drawn') console.warn(`${variant.width}px ${variant.scheme}: ${drawn}`);
}

/** A wait inside the page that never ends would stop the sweep with no word of where: bounded. */
async function bounded<T>(what: string, work: Promise<T>, ms = 120_000): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const limit = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`${what}: not done in ${ms / 1000} s`)), ms)));
  try {
    return await Promise.race([work, limit]);
  } finally {
    clearTimeout(timer);
  }
}

async function runAxe(page: Page): Promise<AxeViolation[]> {
  return bounded(`axe on ${page.url()}`, axeIn(page));
}

function axeIn(page: Page): Promise<AxeViolation[]> {
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: AxeViolation[] }> } }).axe;
    // target-size (WCAG 2.2 2.5.8) is off by default in axe; the product asks for it.
    const result = await axe.run(document, { resultTypes: ['violations'], rules: { 'target-size': { enabled: true } } });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })),
    }));
  });
}

/**
 * Beyond axe: every control at least 24 × 24 px (its label counts when the label wraps it; inline
 * text links are exempt, as in WCAG 2.5.8), the phone's top-bar menu button 44 × 44 px, and the
 * keyboard focus ring on the screen's first control at ≥ 3:1 against what it is drawn on.
 */
async function checkTargetsAndFocus(page: Page, withFocus: boolean): Promise<string[]> {
  if (withFocus) {
    // A key press first, so programmatic focus counts as keyboard focus (:focus-visible).
    await page.keyboard.press('Shift');
  }
  return page.evaluate((focus) => {
    const problems: string[] = [];
    const describe = (el: Element) => `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}[${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}]`;
    const controls = document.querySelectorAll<HTMLElement>(
      'button, a[href], input:not([type=hidden]), select, textarea, [role=button], [role=menuitem], [role=tab], [role=radio], [role=checkbox], [role=switch], [role=option]',
    );
    for (const el of controls) {
      if (el.closest('[inert], [aria-hidden="true"], .visually-hidden, .skip-link')) continue;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.display === 'inline') continue;
      const area = el.closest('label') ?? el.closest('.card-link-area') ?? el;
      const rect = area.getBoundingClientRect();
      if (rect.width <= 1 || rect.height <= 1) continue;
      if (rect.width < 23.5 || rect.height < 23.5) problems.push(`target-size-24: ${describe(el)} is ${Math.round(rect.width)}×${Math.round(rect.height)} px`);
    }
    if (window.innerWidth < 768) {
      for (const el of document.querySelectorAll<HTMLElement>('.mobile-topbar button')) {
        const rect = el.getBoundingClientRect();
        if (rect.width < 43.5 || rect.height < 43.5) problems.push(`target-size-44: ${describe(el)} is ${Math.round(rect.width)}×${Math.round(rect.height)} px`);
      }
    }
    if (!focus) return problems;

    type Rgb = [number, number, number];
    const parse = (colour: string): Rgb | null => {
      const m = /rgba?\(([^)]+)\)/.exec(colour);
      if (!m?.[1]) return null;
      const [r = 0, g = 0, b = 0, alpha = 1] = m[1].split(/[ ,/]+/).filter(Boolean).map(Number);
      return alpha === 0 ? null : [r, g, b];
    };
    const channel = (v: number) => (v / 255 <= 0.03928 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4);
    const luminance = ([r, g, b]: Rgb) => 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
    const ratio = (a: Rgb, b: Rgb) => (Math.max(luminance(a), luminance(b)) + 0.05) / (Math.min(luminance(a), luminance(b)) + 0.05);
    const main = document.querySelector('main');
    const first = main?.querySelector<HTMLElement>('button:not([disabled]), a[href], input:not([type=hidden]):not([disabled]), textarea, [role=tab]');
    if (!first) return problems;
    first.focus();
    // Programmatic focus shows the ring only in keyboard modality; without it there is nothing to judge.
    if (!first.matches(':focus-visible')) return problems;
    // The ring is drawn on the control, on a pseudo-element of it (switches, checkboxes) or on a field's wrapper.
    const wrapper = first.closest('.rt-TextFieldRoot, .rt-TextAreaRoot, .card-link-area');
    const drawn = [getComputedStyle(first), getComputedStyle(first, '::before'), getComputedStyle(first, '::after'), ...(wrapper ? [getComputedStyle(wrapper)] : [])];
    const ringStyle = drawn.find((style) => style.outlineStyle !== 'none' && style.outlineWidth !== '0px');
    const ringOwner: Element = wrapper && ringStyle === drawn[drawn.length - 1] ? wrapper : first;
    if (!ringStyle) {
      problems.push(`focus-visible: ${describe(first)} shows no outline when focused from the keyboard`);
      return problems;
    }
    const ring = parse(ringStyle.outlineColor);
    // What is behind the ring: the backgrounds of its ancestors up to the first opaque one, the
    // translucent ones (a surface callout, a soft card) laid over it as the browser paints them.
    const layers: [number, number, number, number][] = [];
    for (let behind = ringOwner.parentElement; behind; behind = behind.parentElement) {
      const m = /rgba?\(([^)]+)\)/.exec(getComputedStyle(behind).backgroundColor);
      const [r = 0, g = 0, b = 0, alpha = 1] = m?.[1] ? m[1].split(/[ ,/]+/).filter(Boolean).map(Number) : [0, 0, 0, 0];
      if (alpha === 0) continue;
      layers.push([r, g, b, alpha]);
      if (alpha >= 1) break;
    }
    const opaque = layers.at(-1)?.[3] === 1 ? layers.pop()! : null;
    let background: Rgb = opaque ? [opaque[0], opaque[1], opaque[2]] : (parse(getComputedStyle(document.body).backgroundColor) ?? ([255, 255, 255] as Rgb));
    for (const [r, g, b, alpha] of layers.reverse()) {
      background = [background[0] * (1 - alpha) + r * alpha, background[1] * (1 - alpha) + g * alpha, background[2] * (1 - alpha) + b * alpha];
    }
    if (ring && ratio(ring, background) < 3) {
      problems.push(`focus-ring-contrast: ${describe(first)} ring ${ringStyle.outlineColor} on ${background.map(Math.round).join(',')} is ${ratio(ring, background).toFixed(2)}:1`);
    }
    first.blur();
    return problems;
  }, withFocus);
}

/** Checks every screen of a table on one page; returns one line per violation found. */
/** A11Y_SCREENS=<regular expression>: check only the screens whose name matches (while working on them). */
const ONLY = process.env.A11Y_SCREENS ? new RegExp(process.env.A11Y_SCREENS, 'i') : null;

async function checkScreens(page: Page, baseUrl: string, screens: Screen[], data: SeededData, counts: Map<string, number>): Promise<string[]> {
  const found: string[] = [];
  for (const screen of screens.filter((candidate) => !ONLY || ONLY.test(candidate.name))) {
    const path = typeof screen.path === 'function' ? screen.path(data) : screen.path;
    await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${baseUrl}${path}`);
    try {
      await screen.ready(page);
    } catch (error) {
      found.push(`${screen.name}: did not open (${String(error).split('\n')[0]})`);
      continue;
    }
    for (const variant of VARIANTS) {
      if (screen.widths && !screen.widths.includes(variant.width)) continue;
      await setVariant(page, variant);
      const label = `${screen.name} @${variant.width} ${variant.scheme}`;
      try {
        if (screen.open) await bounded(`${label}: its state`, screen.open(page, variant.width));
      } catch (error) {
        found.push(`${label}: could not be opened (${String(error).split('\n').slice(0, 8).join(' | ')})`);
        // What the open set up is undone before the screen is opened again: an earlier-messages
        // state left its rerouted answer in place otherwise, so the chat came back as its last two
        // messages, and the ready check (the first question's versions) waited 30 s for nothing.
        await screen.close?.(page).catch(() => undefined);
        await setOffline(page.context(), false);
        await page.goto(`${baseUrl}${path}`);
        await screen.ready(page);
        continue;
      }
      const violations = await runAxe(page);
      counts.set(label, violations.reduce((sum, v) => sum + v.nodes.length, 0));
      for (const v of violations) {
        for (const node of v.nodes) {
          found.push(`${label}: ${v.id} (${v.impact}) ${v.help} — ${node.target.join(' ')}\n    ${(node.failureSummary ?? '').replace(/\n/g, '\n    ')}`);
        }
      }
      for (const problem of await checkTargetsAndFocus(page, !screen.open)) found.push(`${label}: ${problem}`);
      if (screen.close) await bounded(`${label}: closing its state`, screen.close(page));
    }
  }
  return found;
}

/** The join-pending page: a second person at the owner's domain asks to join the organisation. */
async function checkJoinPending(page: Page, baseUrl: string, ownerEmail: string, counts: Map<string, number>): Promise<string[]> {
  await page.goto(`${baseUrl}/register`);
  await page.getByLabel('Name', { exact: true }).fill('Jo Joiner');
  await page.getByLabel('Work email').fill(`jo.${Date.now().toString(36)}@${ownerEmail.split('@')[1]}`);
  await page.getByLabel('Password').fill('correct horse battery staple');
  await page.getByRole('button', { name: 'Request to join' }).click();
  await h1('Request sent')(page);
  const screen: Screen = { name: 'Join request sent', path: '', ready: h1('Request sent') };
  const found: string[] = [];
  for (const variant of VARIANTS) {
    await setVariant(page, variant);
    const label = `${screen.name} @${variant.width} ${variant.scheme}`;
    const violations = await runAxe(page);
    counts.set(label, violations.reduce((sum, v) => sum + v.nodes.length, 0));
    for (const v of violations) for (const node of v.nodes) found.push(`${label}: ${v.id} (${v.impact}) ${v.help} — ${node.target.join(' ')}`);
  }
  return found;
}

/** Gives the chat's reply a second version (regenerate) and its question one (an edit), through the API. */
async function addVersions(baseUrl: string, token: string, spaceId: string, sessionId: string): Promise<void> {
  const headers = { authorization: `Bearer ${token}`, 'x-space-id': spaceId, 'content-type': 'application/json' };
  type Listed = { messages: { id: string; role: string }[]; run: { status: string } | null };
  const messages = async () => (await (await fetch(`${baseUrl}/api/v1/agents/sessions/${sessionId}/messages?versions=all`, { headers })).json()) as Listed;
  const settled = async (replies: number) => {
    await expect.poll(async () => {
      const listed = await messages();
      return listed.messages.filter((message) => message.role === 'assistant').length >= replies && listed.run?.status !== 'running' && listed.run?.status !== 'queued';
    }, { timeout: 60_000 }).toBe(true);
    return messages();
  };
  const first = await settled(1);
  const question = first.messages.find((message) => message.role === 'user')!;
  const reply = first.messages.find((message) => message.role === 'assistant')!;
  // No body, so no content type (an empty JSON body is refused).
  const regenerated = await fetch(`${baseUrl}/api/v1/agents/messages/${reply.id}/regenerate`, { method: 'POST', headers: { authorization: headers.authorization, 'x-space-id': spaceId } });
  expect(regenerated.status, await regenerated.clone().text()).toBe(200);
  const edited = await fetch(`${baseUrl}/api/v1/agents/seo/messages/async`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ session_id: sessionId, message: 'Which keywords should our bakery and café landing page target?', edits_message_id: question.id }),
  });
  expect(edited.status).toBe(202);
  await settled(3);
}

/** Uploads one text document through the API the way the browser does (sign → PUT → commit). */
async function uploadDocument(baseUrl: string, token: string, spaceId: string, filename: string, content: string): Promise<void> {
  const headers = { authorization: `Bearer ${token}`, 'x-space-id': spaceId };
  const query = new URLSearchParams({ filename, content_type: 'text/plain' });
  const signed = await (await fetch(`${baseUrl}/api/v1/kb/uploads/sign?${query}`, { method: 'POST', headers })).json();
  await fetch(new URL(signed.url, baseUrl), { method: 'PUT', headers: { 'content-type': 'text/plain' }, body: content });
  const committed = await fetch(`${baseUrl}/api/v1/kb/uploads/commit`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({
      object_path: signed.object_path,
      filename,
      size: Buffer.byteLength(content),
      mime: 'text/plain',
      hash: createHash('sha256').update(content).digest('hex'),
    }),
  });
  if (committed.status !== 201) throw new Error(`upload failed: ${committed.status}`);
}

/**
 * Agent Mode runs in the states the screen shows (offline engine): a plan waiting to be started, a
 * run whose research asked a question (nothing in the knowledge base about its goal), a finished one.
 */
async function seedAgentModeRuns(baseUrl: string, token: string, spaceId: string): Promise<Pick<SeededData, 'planPath' | 'questionPath' | 'finishedPath'>> {
  const headers = { authorization: `Bearer ${token}`, 'x-space-id': spaceId };
  const call = async (method: string, path: string, body?: object) => {
    const response = await fetch(`${baseUrl}/api/v1${path}`, { method, headers: body ? { ...headers, 'content-type': 'application/json' } : headers, body: body ? JSON.stringify(body) : undefined });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return response.json() as Promise<{ run: { id: string; status: string } }>;
  };
  const make = (goal: string, agents: string[]) => call('POST', '/agent-mode/runs', { goal, agents });
  const settle = async (id: string, status: string) => {
    const deadline = Date.now() + 60_000;
    while ((await call('GET', `/agent-mode/runs/${id}`)).run.status !== status) {
      if (Date.now() > deadline) throw new Error(`run ${id} did not become ${status}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  };
  // The finished run's research must find the uploaded document: wait until it is processed.
  const deadline = Date.now() + 60_000;
  for (;;) {
    const { documents } = (await (await fetch(`${baseUrl}/api/v1/kb/documents`, { headers })).json()) as { documents: { status: string }[] };
    if (documents.some((document) => document.status === 'ready')) break;
    if (Date.now() > deadline) throw new Error('the knowledge document was not processed in time');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const plan = await make('Plan the bakery market research summary for our team', ['cmo', 'email', 'brand-voice']);
  const question = await make('Write a welcome note for the garden centre reopening', ['email']);
  const finished = await make('Summarise our bakery market research for the team', ['cmo', 'brand-voice']);
  await call('POST', `/agent-mode/runs/${question.run.id}/approve`);
  await call('POST', `/agent-mode/runs/${finished.run.id}/approve`);
  await settle(question.run.id, 'waiting_for_answer');
  await settle(finished.run.id, 'succeeded');
  const at = (id: string) => `/agent-mode?run=${id}`;
  return { planPath: at(plan.run.id), questionPath: at(question.run.id), finishedPath: at(finished.run.id) };
}

/** A member of the owner's organisation: asks to join at the owner's domain, and the owner approves. */
async function addMember(baseUrl: string, owner: { email: string }, ownerToken: string): Promise<{ email: string; password: string }> {
  const member = { email: `mo.${Date.now().toString(36)}@${owner.email.split('@')[1]}`, password: 'correct horse battery staple' };
  const asked = await fetch(`${baseUrl}/api/v1/register/with-domain`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...member, name: 'Mo Member', choice: 'join_existing' }),
  });
  if (asked.status !== 202) throw new Error(`join request failed: ${asked.status}`);
  const headers = { authorization: `Bearer ${ownerToken}` };
  const { join_requests } = await (await fetch(`${baseUrl}/api/v1/orgs/join-requests`, { headers })).json();
  const request = join_requests.find((candidate: { email: string }) => candidate.email === member.email);
  const approved = await fetch(`${baseUrl}/api/v1/orgs/join-requests/${request.id}/approve`, { method: 'PUT', headers });
  if (!approved.ok) throw new Error(`approve failed: ${approved.status}`);
  return member;
}

/** An image, a one-page PDF and a text asset for the Creative Assets screens (sign → PUT → commit, and POST /assets/text). */
async function seedAssets(baseUrl: string, token: string, spaceId: string): Promise<void> {
  const headers = { authorization: `Bearer ${token}`, 'x-space-id': spaceId };
  const png = await sharp({ create: { width: 960, height: 640, channels: 3, background: { r: 40, g: 120, b: 200 } } }).png().toBuffer();
  const pdf = await PDFDocument.create();
  pdf.addPage([595, 842]).drawText('Spring brochure', { x: 48, y: 760, size: 32, font: await pdf.embedFont(StandardFonts.Helvetica) });
  const files = [
    { filename: 'hero.png', type: 'image/png', bytes: png },
    { filename: 'brochure.pdf', type: 'application/pdf', bytes: Buffer.from(await pdf.save()) },
  ];
  for (const file of files) {
    const query = new URLSearchParams({ filename: file.filename, content_type: file.type });
    const signed = await (await fetch(`${baseUrl}/api/v1/assets/uploads/sign?${query}`, { method: 'POST', headers })).json();
    await fetch(new URL(signed.url, baseUrl), { method: 'PUT', headers: { 'content-type': file.type }, body: file.bytes });
    const committed = await fetch(`${baseUrl}/api/v1/assets/uploads/commit`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ object_path: signed.object_path, filename: file.filename, size: file.bytes.length, mime: file.type, hash: createHash('sha256').update(file.bytes).digest('hex'), tags: ['spring'] }),
    });
    if (committed.status !== 201) throw new Error(`asset upload failed: ${committed.status}`);
  }
  const text = await fetch(`${baseUrl}/api/v1/assets/text`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Spring taglines', content: '## Taglines\n\n- Grow something wonderful\n- Bloom where you are', source: 'chat' }),
  });
  if (text.status !== 201) throw new Error(`text asset failed: ${text.status}`);
}

/** Creates a system admin in a data folder before the server opens it (PGlite has one user at a time). */
async function createAdmin(dataDir: string, email: string, password: string): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const child = spawn(join(root, 'node_modules/.bin/tsx'), ['server/src/cli/create-admin.ts', '--email', email, '--name', 'Sam Sysadmin', '--password', password], {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`admin:create exited with ${code}`))));
  });
}

describe('accessibility of every screen (axe-core)', () => {
  let server: RunningServer;
  let browser: Browser;
  let idp: TestIdentityProvider | undefined;
  let dataDir: string;
  const admin = { email: 'sam.sysadmin@mosaic-a11y.test', password: 'correct horse battery staple' };

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'mosaic-a11y-'));
    await createAdmin(dataDir, admin.email, admin.password);
    // This data folder (PGlite) on both suites: the admin above must be in the server's database.
    // The identity provider runs on http://127.0.0.1 (allowed for tests only).
    server = await startServer({ DATA_DIR: dataDir, DATABASE_URL: '', SSO_ALLOW_HTTP_ISSUERS: 'true' });
    browser = await launchBrowser();
  }, 360_000); // creating the admin and the first start of the server: minutes on a loaded 2-core machine
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await idp?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('finds no violation signed out, as an owner with data, or as a system admin', async () => {
    const axeSource = await readFile(require.resolve('axe-core/axe.min.js'), 'utf8');
    const counts = new Map<string, number>();
    const found: string[] = [];
    const baseUrl = server.baseUrl;

    const owner = { ...uniqueAccount('a11y'), name: 'Alex Access' };
    await registerAccount(baseUrl, owner);
    const tokens = await apiLogin(baseUrl, owner);
    const spaces = await (await fetch(`${baseUrl}/api/v1/spaces/`, { headers: { authorization: `Bearer ${tokens.access_token}` } })).json();
    await uploadDocument(baseUrl, tokens.access_token, spaces.data[0].id, 'brand-voice.txt', 'Our tone of voice is warm, direct and confident. Market research on bakeries.');
    // Single sign-on for the owner's domain (the Login offer, the settings card), and a pending invite.
    const domain = owner.email.split('@')[1]!;
    idp = await startOidcProvider({ redirectUris: [`${baseUrl}/api/v1/auth/sso/callback`] });
    const authorised = { authorization: `Bearer ${tokens.access_token}`, 'content-type': 'application/json' };
    // A brand voice already written: "Use as brand voice" on the guidelines document then asks before replacing it.
    const voice = await fetch(`${baseUrl}/api/v1/settings/brand-voice`, { method: 'PUT', headers: { ...authorised, 'x-space-id': spaces.data[0].id }, body: JSON.stringify({ content: 'Warm, direct and confident.' }) });
    if (!voice.ok) throw new Error(`brand voice set-up failed: ${voice.status} ${await voice.text()}`);
    const sso = await fetch(`${baseUrl}/api/v1/settings/sso`, {
      method: 'PUT',
      headers: authorised,
      body: JSON.stringify({ provider_name: 'Acme ID', issuer: idp.issuer, client_id: idp.clientId, client_secret: idp.clientSecret, email_domain: domain, enabled: true }),
    });
    if (!sso.ok) throw new Error(`single sign-on set-up failed: ${sso.status} ${await sso.text()}`);
    // Offered at sign-in, and open to join requests, once the domain is verified: a system admin approves it.
    const adminToken = (await apiLogin(baseUrl, admin)).access_token;
    await verifyDomainThroughAdmin(baseUrl, domain, tokens.access_token, adminToken);
    // Another organisation claiming the same domain: a clash awaiting the admins (Admin Security).
    const squatter = { ...uniqueAccount('a11y-squat'), name: 'Sid Squatter' };
    await registerAccount(baseUrl, squatter);
    const squatterTokens = await apiLogin(baseUrl, squatter);
    const clash = await fetch(`${baseUrl}/api/v1/settings/domain-claims`, {
      method: 'POST',
      headers: { authorization: `Bearer ${squatterTokens.access_token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ domain }),
    });
    expect(clash.status).toBe(409);
    ssoEmail = `someone@${domain}`;
    invitedEmail = `ivy.${Date.now().toString(36)}@example.org`;
    const invite = await fetch(`${baseUrl}/api/v1/orgs/invites`, { method: 'POST', headers: authorised, body: JSON.stringify({ email: invitedEmail, role: 'org_member' }) });
    if (!invite.ok) throw new Error(`invite failed: ${invite.status}`);

    const signedOut = await browser.newContext();
    await prepareContext(signedOut, axeSource);
    const outPage = await signedOut.newPage();
    found.push(...(await checkScreens(outPage, baseUrl, SIGNED_OUT, { chatPath: '' }, counts)));
    found.push(...(await checkJoinPending(outPage, baseUrl, owner.email, counts)));
    await signedOut.close();

    const ownerContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await prepareContext(ownerContext, axeSource);
    const page = await ownerContext.newPage();
    let chatPath = '';
    await signInThroughUi(page, baseUrl, owner);
    // Data for the screens: the demo analytics property linked, and one chat with a reply.
    await page.goto(`${baseUrl}/connections`);
    await page.getByRole('button', { name: 'Connect Google Analytics' }).click();
    await page.waitForURL((url) => url.pathname === '/connections/ga4/manage', { timeout: 30_000 });
    await page.getByRole('button', { name: 'Link Demo Store', exact: true }).click();
    await page.getByText('Property linked', { exact: true }).waitFor();
    await page.goto(`${baseUrl}/agents/seo`);
    await page.getByRole('textbox', { name: 'Message' }).fill('Which keywords should our bakery landing page target?');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.waitForURL(/\/agents\/seo\/chat\/[0-9a-f-]{36}$/);
    chatPath = new URL(page.url()).pathname;
    await addVersions(baseUrl, tokens.access_token, spaces.data[0].id, chatPath.split('/').at(-1)!);
    // A prompt template for the "/" list and Agent Configuration, and a share link of the chat.
    const asOwner = { authorization: `Bearer ${tokens.access_token}`, 'x-space-id': spaces.data[0].id, 'content-type': 'application/json' };
    await fetch(`${baseUrl}/api/v1/prompt-templates`, {
      method: 'POST',
      headers: asOwner,
      body: JSON.stringify({ scope: 'org', title: 'Launch email', body: 'Write a launch email for {{product}} aimed at {{audience}}.' }),
    });
    // No body, so no JSON content type (the server refuses an empty JSON body).
    const { 'content-type': _json, ...asOwnerNoBody } = asOwner;
    const shared = await fetch(`${baseUrl}/api/v1/agents/sessions/${chatPath.split('/').pop()}/shares`, { method: 'POST', headers: asOwnerNoBody });
    expect(shared.status).toBe(201);
    const sharePath = ((await shared.json()) as { path: string }).path;
    found.push(...(await checkScreens(page, baseUrl, ASSETS_EMPTY, { chatPath }, counts)));
    await seedAssets(baseUrl, tokens.access_token, spaces.data[0].id);
    const agentMode = await seedAgentModeRuns(baseUrl, tokens.access_token, spaces.data[0].id);
    // A second space, so Workspace Settings offers Delete (never offered for the default space).
    const secondSpace = await fetch(`${baseUrl}/api/v1/spaces/`, { method: 'POST', headers: asOwner, body: JSON.stringify({ name: 'Campaigns', slug: 'campaigns' }) });
    expect(secondSpace.status, await secondSpace.clone().text()).toBe(201);
    found.push(...(await checkScreens(page, baseUrl, OWNER, { chatPath, sharePath, ...agentMode }, counts)));
    await ownerContext.close();

    const strangerContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await prepareContext(strangerContext, axeSource);
    found.push(...(await checkScreens(await strangerContext.newPage(), baseUrl, SHARED, { chatPath, sharePath }, counts)));
    await strangerContext.close();

    // A second organisation, new: its owner's first run, then a member who joined it.
    const newOwner = { ...uniqueAccount('a11y-new'), name: 'Nina New' };
    await registerAccount(baseUrl, newOwner);
    const newTokens = await apiLogin(baseUrl, newOwner);
    const newSpaces = await (await fetch(`${baseUrl}/api/v1/spaces/`, { headers: { authorization: `Bearer ${newTokens.access_token}` } })).json();
    await uploadDocument(baseUrl, newTokens.access_token, newSpaces.data[0].id, 'voice-notes.txt', 'Our tone of voice: warm, plain and confident. We say bakers, never users.');
    // Its single sign-on is set up but its domain not yet proved: the card shows the record to add.
    const newDomain = newOwner.email.split('@')[1]!;
    const newSso = await fetch(`${baseUrl}/api/v1/settings/sso`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${newTokens.access_token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ provider_name: 'Nina ID', issuer: idp.issuer, client_id: idp.clientId, client_secret: idp.clientSecret, email_domain: newDomain, enabled: true }),
    });
    if (!newSso.ok) throw new Error(`single sign-on set-up failed: ${newSso.status} ${await newSso.text()}`);
    const newOwnerContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await prepareContext(newOwnerContext, axeSource);
    const newOwnerPage = await newOwnerContext.newPage();
    await signInThroughUi(newOwnerPage, baseUrl, newOwner);
    found.push(...(await checkScreens(newOwnerPage, baseUrl, NEW_OWNER, { chatPath }, counts)));

    // The member asks to join by the domain, which needs it verified.
    await verifyDomainThroughAdmin(baseUrl, newDomain, newTokens.access_token, adminToken);
    const member = await addMember(baseUrl, newOwner, newTokens.access_token);
    const memberContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await prepareContext(memberContext, axeSource);
    const memberPage = await memberContext.newPage();
    await signInThroughUi(memberPage, baseUrl, member);
    found.push(...(await checkScreens(memberPage, baseUrl, MEMBER, { chatPath }, counts)));
    await memberContext.close();
    // The new owner again, now with someone to remove.
    found.push(...(await checkScreens(newOwnerPage, baseUrl, NEW_OWNER_WITH_MEMBER, { chatPath }, counts)));
    await newOwnerContext.close();

    const adminContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await prepareContext(adminContext, axeSource);
    const adminPage = await adminContext.newPage();
    await signInThroughUi(adminPage, baseUrl, admin);
    found.push(...(await checkScreens(adminPage, baseUrl, ADMIN, { chatPath }, counts)));
    await adminContext.close();

    // Per-screen node counts (docs/accessibility.md records them).
    console.log([...counts].map(([label, n]) => `${n}\t${label}`).join('\n'));
    if (found.length > 0) console.log(`axe violations (${found.length}):\n${found.join('\n')}`);
    expect(found).toEqual([]);
  }, 1_800_000); // every screen × 4 variants: 6 minutes on a quiet machine, over 15 under heavy load
});
