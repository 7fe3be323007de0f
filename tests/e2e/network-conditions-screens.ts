/**
 * The screens of `network-conditions.e2e.ts`, the account data they show, and how a person reaches
 * each one: by the app's own links, never by typing an address.
 */
import { createHash } from 'node:crypto';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { apiLogin, newContext, registerAccount, signInThroughUi, uniqueAccount, type Account, type AppUnderTest } from './harness';
import { until } from '../helpers/wait-until';
import { installScreenProbe, NetworkControl, type ScreenProbe } from './network-conditions-support';
import { maKeys } from './pwa-support';

/** What the account has on the server before the browser ever sees it (another device, a colleague). */
export interface SeededAccount {
  spaceId: string;
  chat: { id: string; title: string; question: string };
  /** The Agent Mode run's title, as the server named it from its goal. */
  runTitle: string;
}

export const SEEDED = {
  document: 'brand-voice.txt',
  documentText: 'Our tone of voice is warm, direct and confident. Never stretch the logo.',
  asset: 'Spring taglines',
  runGoal: 'Write spring launch emails for small salon owners',
  question: 'Which keywords should our bakery software landing page target?',
  /** A heading of the offline engine's SEO reply. */
  replyHeading: 'Search intent',
} as const;

async function api(baseUrl: string, token: string, spaceId: string | null, method: string, path: string, body?: unknown): Promise<unknown> {
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (spaceId) headers['x-space-id'] = spaceId;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${baseUrl}/api/v1${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

/**
 * A knowledge document, a chat with its reply, a copy asset and an Agent Mode plan, made through
 * the API: each screen then has something of the person's own to show (or to lose).
 */
export async function seedAccount(baseUrl: string, account: Account): Promise<SeededAccount> {
  const { access_token: token } = await apiLogin(baseUrl, account);
  const spaces = (await api(baseUrl, token, null, 'GET', '/spaces/')) as { id: string }[];
  const spaceId = spaces[0]!.id;
  const call = (method: string, path: string, body?: unknown) => api(baseUrl, token, spaceId, method, path, body);

  const signed = (await call('POST', `/kb/uploads/sign?${new URLSearchParams({ filename: SEEDED.document, content_type: 'text/plain' })}`)) as { url: string; object_path: string };
  const put = await fetch(new URL(signed.url, baseUrl), { method: 'PUT', headers: { 'content-type': 'text/plain' }, body: SEEDED.documentText });
  if (!put.ok) throw new Error(`document upload: ${put.status}`);
  await call('POST', '/kb/uploads/commit', {
    object_path: signed.object_path,
    filename: SEEDED.document,
    size: Buffer.byteLength(SEEDED.documentText),
    mime: 'text/plain',
    hash: createHash('sha256').update(SEEDED.documentText).digest('hex'),
  });
  await call('POST', '/assets/text', { name: SEEDED.asset, content: '## Taglines\n\n- Grow something wonderful\n- Bloom where you are', source: 'chat' });
  await call('POST', '/agent-mode/runs', { goal: SEEDED.runGoal, agents: ['email'] });
  const { runs } = (await call('GET', '/agent-mode/runs')) as { runs: { title: string }[] };

  const sent = (await call('POST', '/agents/seo/messages/async', { message: SEEDED.question })) as { session_id: string };
  type Listed = { session: { title: string }; messages: { role: string }[]; run: { status: string } | null };
  let listed: Listed | undefined;
  await until(
    'the seeded chat to be answered',
    async () => {
      listed = (await call('GET', `/agents/sessions/${sent.session_id}/messages`)) as Listed;
      return listed.messages.some((message) => message.role === 'assistant') && listed.run?.status !== 'running' && listed.run?.status !== 'queued';
    },
    60_000,
  );
  return { spaceId, chat: { id: sent.session_id, title: listed!.session.title, question: SEEDED.question }, runTitle: runs[0]!.title };
}

export interface Screen {
  name: string;
  /** Opens the screen from anywhere in the signed-in app, by its links. */
  open(page: Page): Promise<void>;
  /** The screen's level-1 heading. */
  heading(page: Page): Locator;
  /** Text of the person's own data on the screen: once it shows, the screen has what it waited for. */
  ready: string;
  /** Words that would tell the person their data is gone (must not show while it is on its way). */
  claimsEmpty?: RegExp;
  /** The address the screen lives at. */
  path: RegExp;
}

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });

/** What a person pressed to get past a failed load ("Try again", "Refresh"): read by the flaky test, empty elsewhere. */
export const retriesPressed: string[] = [];

/**
 * Waits until `target` is on view; meanwhile, when the screen says a load failed and offers to try
 * again, presses that, as a person would. Every press is recorded: only the flaky network may need one.
 */
export async function whenShown(page: Page, target: Locator): Promise<void> {
  const main = page.getByRole('main');
  const retry = main.getByRole('button', { name: /^(Try again|Refresh|Retry)\b/ });
  const failure = main.getByRole('alert').or(main.getByText(/could not be (loaded|refreshed)|Network error|Connection issue/));
  // Playwright's default wait bounds it; `until` because this also runs in set-up, where expect.poll may not.
  await until(`${target} to be on view`, async () => {
    if (await target.first().isVisible()) return true;
    const offered = retry.first();
    // Short waits past the first look (isVisible never waits, isEnabled and the rest wait for the
    // element): the button may go the moment the load it offers to repeat succeeds, or the screen
    // it is on is left, and a default wait would then hold this loop for the whole time-out.
    if ((await failure.first().isVisible()) && (await offered.isVisible()) && (await offered.isEnabled({ timeout: 1000 }).catch(() => false))) {
      const label = (await offered.getAttribute('aria-label', { timeout: 1000 }).catch(() => null)) ?? (await offered.textContent({ timeout: 1000 }).catch(() => ''));
      retriesPressed.push(`${new URL(page.url()).pathname}: ${label}`);
      await offered.click({ timeout: 1000 }).catch(() => undefined);
    }
    return false;
  }, 30_000);
}

const follow = async (page: Page, link: Locator) => {
  await whenShown(page, link);
  await link.first().click();
};
const h1 = (name: string | RegExp) => (page: Page) => page.getByRole('heading', { name, level: 1 });

export function screensFor(seeded: SeededAccount): Screen[] {
  return [
    {
      name: 'Dashboard',
      open: (page) => follow(page, nav(page).getByRole('link', { name: 'Dashboard' })),
      heading: h1('Dashboard'),
      ready: 'Get started with Mosaic',
      path: /\/dashboard$/,
    },
    {
      name: 'Knowledge Base',
      open: (page) => follow(page, nav(page).getByRole('link', { name: 'Knowledge Base' })),
      heading: h1('Knowledge Base'),
      ready: SEEDED.document,
      claimsEmpty: /No documents yet/,
      path: /\/knowledge-base$/,
    },
    {
      name: 'agent chat',
      open: async (page) => {
        await follow(page, nav(page).getByRole('link', { name: 'AI Agents' }));
        await follow(page, page.getByRole('link', { name: /^SEO:/ }));
        await follow(page, page.getByRole('navigation', { name: 'Chat sessions' }).getByRole('link', { name: seeded.chat.title }));
      },
      heading: h1(seeded.chat.title),
      // A reply's heading: the list is virtualised and opens at its end, so after a few messages
      // the first question is no longer in the page at all; every reply of this engine has it.
      ready: SEEDED.replyHeading,
      path: new RegExp(`/agents/seo/chat/${seeded.chat.id}$`),
    },
    {
      name: 'chat history',
      open: async (page) => {
        await follow(page, nav(page).getByRole('link', { name: 'AI Agents' }));
        await follow(page, page.getByRole('link', { name: /^SEO:/ }));
        await follow(page, page.getByRole('link', { name: 'Every chat in this space' }));
      },
      heading: h1('All chats'),
      ready: seeded.chat.title,
      claimsEmpty: /No chats yet/,
      path: /\/agents\/history$/,
    },
    {
      name: 'Agent Mode',
      open: (page) => follow(page, nav(page).getByRole('link', { name: 'Agent Mode' })),
      heading: h1('Agent Mode'),
      ready: seeded.runTitle,
      claimsEmpty: /No runs yet/,
      path: /\/agent-mode$/,
    },
    {
      name: 'Creative Assets',
      open: (page) => follow(page, nav(page).getByRole('link', { name: 'Creative Assets' })),
      heading: h1('Creative Assets'),
      ready: SEEDED.asset,
      claimsEmpty: /No assets yet/,
      path: /\/assets$/,
    },
    {
      name: 'Credits',
      open: (page) => follow(page, page.getByRole('link', { name: /view credits$/ })),
      heading: h1('Credits'),
      ready: 'Transactions',
      path: /\/credits$/,
    },
  ];
}

/**
 * One person's browser for a session kind. First: signed in through the form and moved only by
 * links, never reloaded (the worker claims the page on its first load). Later: the same kind of
 * person after one full online reload, every screen visited online before it.
 */
export interface Session {
  kind: 'first' | 'later';
  account: Account;
  seeded: SeededAccount;
  screens: Screen[];
  context: BrowserContext;
  page: Page;
  probe: ScreenProbe;
  net: NetworkControl;
  /** When the person was signed in: the probe must never see Login after this. */
  signedInAt: number;
  /** The session's 401s and refreshes as they happened (ms since sign-in): what a failure about signing out says. */
  authLog: string[];
  /** The chat's sends, streams and polls as they happened: what a failure about a reply says. */
  chatLog: string[];
  close(): Promise<void>;
}

/** Resolves once the worker controls the page (polled from the test: the app's CSP forbids eval). */
async function workerControls(page: Page): Promise<void> {
  await until('the service worker to control the page', () => page.evaluate(() => navigator.serviceWorker.controller !== null), 60_000);
}

export async function startSession(app: AppUnderTest, kind: Session['kind']): Promise<Session> {
  const account = { ...uniqueAccount(kind === 'first' ? 'first-net' : 'later-net'), name: kind === 'first' ? 'Nia Network' : 'Leo Later' };
  await registerAccount(app.server.baseUrl, account);
  const seeded = await seedAccount(app.server.baseUrl, account);
  const screens = screensFor(seeded);
  const context = await newContext(app.browser);
  const probeOf = await installScreenProbe(context);
  const page = await context.newPage();
  await signInThroughUi(page, app.server.baseUrl, account);
  const signedInAt = Date.now();
  await workerControls(page);
  if (kind === 'later') {
    for (const screen of screens) {
      await screen.open(page);
      await whenShown(page, page.getByRole('main').getByText(screen.ready));
    }
    await page.reload();
    await screens.at(-1)!.heading(page).waitFor();
  }
  const net = await NetworkControl.forPage(app.browser, page);
  const authLog: string[] = [];
  const at = () => `${Date.now() - signedInAt} ms`;
  const pathOf = (url: string) => new URL(url).pathname.replace('/api/v1', '');
  context.on('response', (response) => {
    if (response.status() === 401 || pathOf(response.url()) === '/refresh') authLog.push(`${at()} ${response.status()} ${response.request().method()} ${pathOf(response.url())}`);
  });
  const chatLog: string[] = [];
  const chatCall = (path: string) => /^\/agents\/(sessions\/[^/]+\/(stream|poll|messages)|[^/]+\/messages\/async)$/.test(path);
  context.on('requestfailed', (request) => {
    const path = pathOf(request.url());
    if (path === '/refresh') authLog.push(`${at()} failed POST /refresh: ${request.failure()?.errorText}`);
    if (chatCall(path)) chatLog.push(`${at()} failed ${request.method()} ${path}: ${request.failure()?.errorText}`);
  });
  context.on('requestfinished', (request) => {
    const path = pathOf(request.url());
    if (chatCall(path)) void request.response().then((response) => chatLog.push(`${at()} ${response?.status() ?? '?'} ${request.method()} ${path}`));
  });
  return {
    kind,
    account,
    seeded,
    screens,
    context,
    page,
    probe: probeOf(page),
    net,
    signedInAt,
    authLog,
    chatLog,
    async close() {
      await net.dispose();
      await context.close();
    },
  };
}

/** Still signed in: never on Login since the sign-in, the session's keys still on the device. */
export async function expectStillSignedIn(session: Session): Promise<void> {
  const atLogin = session.probe.since(session.signedInAt).find((sample) => sample.path.startsWith('/login'));
  expect(atLogin, `sent to Login at ${atLogin ? atLogin.t - session.signedInAt : 0} ms; 401s and refreshes:\n${session.authLog.join('\n')}`).toBeUndefined();
  expect(new URL(session.page.url()).pathname).not.toMatch(/^\/login/);
  expect(await maKeys(session.page)).toEqual(expect.arrayContaining(['ma_access_token', 'ma_refresh_token']));
}
