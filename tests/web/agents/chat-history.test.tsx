/**
 * The "All chats" screen through the real router, stores and Dexie against the fake backend:
 * grouping by date under a controlled clock, search on the server and (when it cannot be reached)
 * over the chats saved on the device, rename, delete with Undo, and nothing of a person's searches
 * or failed reloads left for the next one after a sign-out.
 */
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import Dexie from 'dexie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db, wipeAll, wipeSpace } from '../../../src/db';
import { groupHistory } from '../../../src/features/agents/history/history-groups';
import { HISTORY_ERRORS, loadHistory, searchHistory } from '../../../src/features/agents/history/history.store';
import { searchSavedChats } from '../../../src/features/agents/history/offline-search';
import type { HistorySessionDto } from '../../../src/contract/chat-history';
import { reportNetworkFailure } from '../../../src/pwa';
import { forceLogout, isWipePending } from '../../../src/session';
import { installFakeApi, type FakeApi } from '../app/support/fake-api';
import { renderApp, signInAs, signOut } from '../app/support/render-app';
import { installDomShims } from '../app/support/dom';
import { AGENTS, message } from './fake-agents';

// Wednesday 18 November 2026, 15:00 local time.
const NOW = new Date(2026, 10, 18, 15, 0);
const at = (days: number, hour = 10) => new Date(2026, 10, 18 - days, hour, 0).toISOString();

const chat = (id: string, title: string, agent: string, updated: string, extra: Partial<HistorySessionDto> = {}): HistorySessionDto => ({
  id,
  title,
  agent_slug: agent,
  created_at: updated,
  updated_at: updated,
  pinned: false,
  started_by: 'u-org_owner',
  ...extra,
});

const CHATS = [
  chat('c-today', 'Spring campaign ideas', 'creative', at(0)),
  chat('c-yesterday', 'Bakery newsletter', 'email', at(1)),
  chat('c-week', 'Sourdough keywords', 'seo', at(4)),
  chat('c-october', 'Q3 board summary', 'cmo', new Date(2026, 9, 2, 9).toISOString()),
  chat('c-pinned', 'Brand voice rules', 'brand-voice', at(40), { pinned: true }),
];

let api: FakeApi;

beforeEach(async () => {
  installDomShims();
  // Only the clock is controlled: timers stay real, so screens and waits behave as usual.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  await wipeAll();
  api = installFakeApi();
  api.on('GET /agents', () => ({ status: 200, body: AGENTS }));
  api.on('GET /agents/sessions', () => ({ status: 200, body: CHATS.map(({ pinned: _p, started_by: _s, ...session }) => session) }));
  api.on('GET /agents/history', () => ({ status: 200, body: { sessions: CHATS, has_more: false } }));
  await signInAs(api, 'org_owner');
});
afterEach(async () => {
  // The screen goes before the sign-out: a search or reload it would start as the session ends
  // (connectivity changing, the space going) must not run on into the next test.
  cleanup();
  await signOut();
  vi.useRealTimers();
});

/** A promise the test settles when it chooses. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

/** A write to the saved chats and messages that lasts until `open`: reads of them wait for it. */
function holdSavedChats() {
  const { open, opened } = gate();
  const held = db.transaction('rw', db.sessions, db.messages, () => Dexie.waitFor(opened));
  return { open, held };
}

const groupLabels = () => screen.getAllByText(/^(Pinned|Today|Yesterday|Previous 7 days|October 2026)$/).map((node) => node.textContent);

/** The search result snippet whose whole text (marks included) reads `text`. */
const snippetReading = (nav: HTMLElement, text: string) =>
  within(nav).getByText((_content, element) => element?.classList.contains('history-item__snippet') === true && element.textContent === text);

describe('chat history', () => {
  it('groups chats Pinned / Today / Yesterday / Previous 7 days / by month, with times and dates', async () => {
    renderApp('/agents/history');
    const nav = await screen.findByRole('navigation', { name: 'Chat history' });
    await within(nav).findByText('Q3 board summary');
    expect(groupLabels()).toEqual(['Pinned', 'Today', 'Yesterday', 'Previous 7 days', 'October 2026']);
    const today = within(nav).getByText('Spring campaign ideas').closest('li')!;
    expect(today.textContent).toContain('Creative · 10:00');
    expect(within(nav).getByText('Q3 board summary').closest('li')!.textContent).toContain('CMO · 2 Oct');

    // The same rule as a function: a chat from 23:59 the day before is "Yesterday", not "Today".
    const rows = [{ id: 'x', spaceId: 's1', agentSlug: 'seo', title: 'Late', createdAt: '', updatedAt: new Date(2026, 10, 17, 23, 59).toISOString() }];
    expect(groupHistory(rows, NOW).map((group) => group.label)).toEqual(['Yesterday']);
  });

  it('has no accessibility violations axe can find without layout (colour contrast is for Chromium)', async () => {
    const { view } = renderApp('/agents/history');
    const nav = await screen.findByRole('navigation', { name: 'Chat history' });
    await within(nav).findByText('Q3 board summary');
    const results = await axe.run(view.container, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
  });

  it('filters by agent', async () => {
    const { user } = renderApp('/agents/history');
    const nav = await screen.findByRole('navigation', { name: 'Chat history' });
    await within(nav).findByText('Bakery newsletter');
    await user.click(screen.getByRole('combobox', { name: 'Filter by agent' }));
    await user.click(await screen.findByRole('option', { name: 'Email' }));
    await waitFor(() => expect(within(nav).queryByText('Spring campaign ideas')).toBeNull());
    expect(within(nav).getByText('Bakery newsletter')).toBeTruthy();
  });

  it('searches on the server, and over the chats saved on this device when the server cannot be reached', async () => {
    api.on('GET /agents/history/search', (call) => ({
      status: 200,
      body: { query: call.query.get('query'), results: [{ session: CHATS[2], snippet: 'Which keywords for sourdough starters?', message_id: 'm-1' }] },
    }));
    const { user } = renderApp('/agents/history');
    const nav = await screen.findByRole('navigation', { name: 'Chat history' });
    await within(nav).findByText('Bakery newsletter');
    const box = screen.getByRole('searchbox', { name: 'Search chats' });
    await user.type(box, 'sourdough');
    expect(await within(nav).findByText('1 chat matches “sourdough”.')).toBeTruthy();
    expect(snippetReading(nav, 'Which keywords for sourdough starters?')).toBeTruthy();
    expect(api.callsTo('GET /agents/history/search').at(-1)!.query.get('query')).toBe('sourdough');

    // Offline: a message saved on the device is found by a prefix of its words.
    await db.messages.bulkPut([
      { ...toRow(message('m-7', 'c-yesterday', 'assistant', 'Subject: your first pastry workshop is on us', at(1))), spaceId: 's1' },
    ]);
    api.on('GET /agents/history/search', () => {
      throw new TypeError('Failed to fetch');
    });
    await user.clear(box);
    await user.type(box, 'pastr work');
    expect(await within(nav).findByText('1 chat matches “pastr work” among the chats saved on this device (offline).')).toBeTruthy();
    expect(snippetReading(nav, 'Subject: your first pastry workshop is on us')).toBeTruthy();
    // The words found, as prefixes: "pastr" marks "pastry", "work" marks "workshop".
    expect([...snippetReading(nav, 'Subject: your first pastry workshop is on us').querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual(['pastry', 'workshop']);
    expect(within(nav).queryByText('Sourdough keywords')).toBeNull();
  });

  it('marks the words found in a result’s snippet, and shows markup in a message as text', async () => {
    const snippet = '…asked for <img src=x onerror="alert(1)"> and a Sourdough plan for sourdough starters…';
    api.on('GET /agents/history/search', (call) => ({
      status: 200,
      body: { query: call.query.get('query'), results: [{ session: CHATS[2], snippet, message_id: 'm-1' }] },
    }));
    const { user } = renderApp('/agents/history');
    const nav = await screen.findByRole('navigation', { name: 'Chat history' });
    await within(nav).findByText('Bakery newsletter');
    await user.type(screen.getByRole('searchbox', { name: 'Search chats' }), 'sourdough');
    await within(nav).findByText('1 chat matches “sourdough”.');
    const shown = snippetReading(nav, snippet);
    expect([...shown.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual(['Sourdough', 'sourdough']);
    expect(shown.querySelector('img')).toBeNull();
  });

  it('renames a chat through its ⋯ menu', async () => {
    api.on('PATCH /agents/sessions/c-yesterday', (call) => ({ status: 200, body: { ...CHATS[1], title: (call.body as { title: string }).title } }));
    const { user } = renderApp('/agents/history');
    const nav = await screen.findByRole('navigation', { name: 'Chat history' });
    // The whole list, not search results: the chat is renamed from its group.
    const yesterday = await within(nav).findByRole('region', { name: 'Yesterday' });
    await within(yesterday).findByText('Bakery newsletter');
    await user.click(screen.getByRole('button', { name: 'Actions for Bakery newsletter' }));
    await user.click(await screen.findByRole('menuitem', { name: /Rename/ }));
    const field = await screen.findByRole('textbox', { name: 'Chat title' });
    await user.clear(field);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Give the chat a title.')).toBeTruthy();
    await user.type(field, 'Lisbon welcome email');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await within(nav).findByText('Lisbon welcome email')).toBeTruthy();
    expect(api.callsTo('PATCH /agents/sessions/c-yesterday')[0]!.body).toEqual({ title: 'Lisbon welcome email' });
  });

  it('deletes a chat at once and brings it back with Undo', async () => {
    api.on('DELETE /agents/sessions/c-week', () => ({ status: 200, body: { id: 'c-week', deleted_at: NOW.toISOString(), restorable_until: new Date(NOW.getTime() + 600_000).toISOString() } }));
    api.on('POST /agents/sessions/c-week/restore', () => ({ status: 200, body: CHATS[2] }));
    const { user } = renderApp('/agents/history');
    const nav = await screen.findByRole('navigation', { name: 'Chat history' });
    await within(nav).findByText('Sourdough keywords');
    await user.click(screen.getByRole('button', { name: 'Actions for Sourdough keywords' }));
    await user.click(await screen.findByRole('menuitem', { name: /Delete/ }));
    await waitFor(() => expect(within(nav).queryByText('Sourdough keywords')).toBeNull());
    expect(await screen.findByText('Deleted “Sourdough keywords”')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await within(nav).findByText('Sourdough keywords')).toBeTruthy();
    expect(api.callsTo('POST /agents/sessions/c-week/restore')).toHaveLength(1);
  });

  it('offers no rename or delete of a colleague\'s chat to a member, and says why', async () => {
    await signOut();
    await signInAs(api, 'org_member');
    const { user } = renderApp('/agents/history');
    const nav = await screen.findByRole('navigation', { name: 'Chat history' });
    await within(nav).findByText('Bakery newsletter');
    await user.click(screen.getByRole('button', { name: 'Actions for Bakery newsletter' }));
    expect((await screen.findByRole('menuitem', { name: /Rename/ })).hasAttribute('data-disabled')).toBe(true);
    expect(screen.getByRole('menuitem', { name: /Delete/ }).hasAttribute('data-disabled')).toBe(true);
    expect(screen.getByRole('menuitem', { name: /Pin/ }).hasAttribute('data-disabled')).toBe(false);
    expect(screen.getByText('Members can rename or delete only the chats they started. Ask an organisation owner or admin.')).toBeTruthy();
  });
});

describe('after sign-out, on a shared computer', () => {
  it("shows the next person an empty search box, not a search of the previous person's that finished after the sign-out", async () => {
    await db.sessions.bulkPut([{ id: 'c-a', spaceId: 's1', agentSlug: 'email', title: 'Pastry workshop invitations', createdAt: at(1), updatedAt: at(1) }]);
    // Offline, the search reads the device; the read is still going when the person signs out.
    api.offline = true;
    reportNetworkFailure();
    const hold = holdSavedChats();
    const search = searchHistory('pastry');
    await signOut();
    api.offline = false;
    hold.open();
    await hold.held;
    await search;
    // What the app's logout wipe does (src/app/offline-layer.ts): the next person's device holds no chat of this one.
    await wipeAll();

    await signInAs(api, 'org_member');
    renderApp('/agents/history');
    const nav = await screen.findByRole('navigation', { name: 'Chat history' });
    expect((within(nav).getByRole('searchbox', { name: 'Search chats' }) as HTMLInputElement).value).toBe('');
    // Their chats, not search results.
    expect(await within(nav).findByText('Bakery newsletter')).toBeTruthy();
    expect(within(nav).queryByText(/pastry/i)).toBeNull();
  });

  it("shows the next person no error of a reload that the previous session's end cut short", async () => {
    const page = gate();
    api.on('GET /agents/history', async () => {
      await page.opened;
      return { status: 200, body: { sessions: CHATS, has_more: false } };
    });
    const loading = loadHistory();
    await waitFor(() => expect(api.callsTo('GET /agents/history')).toHaveLength(1));
    // The session expires (its refresh refused): it ends at once, and the reload in flight is cut short.
    forceLogout();
    page.open();
    await loading;
    // The device's wipe runs on after the session has ended (the app's clears the saved chats too);
    // the next person signs in once it is done, as they would: it takes moments, a sign-in longer.
    await waitFor(() => expect(isWipePending()).toBe(false));

    // The next person's history is still on its way: the rail shows the chats the device has so far.
    const nextPage = gate();
    api.on('GET /agents/history', async () => {
      await nextPage.opened;
      return { status: 200, body: { sessions: [], has_more: false } };
    });
    await signInAs(api, 'org_member');
    renderApp('/agents/history');
    const nav = await screen.findByRole('navigation', { name: 'Chat history' });
    expect(await within(nav).findByText('Bakery newsletter')).toBeTruthy();
    expect(within(nav).queryByText(HISTORY_ERRORS.load)).toBeNull();
    nextPage.open();
  });
});

describe('offline search over the device', () => {
  it('finds chats by title and message words of this space only, and nothing after the space is wiped', async () => {
    await db.sessions.bulkPut([
      { id: 'a', spaceId: 's1', agentSlug: 'seo', title: 'Terracotta planters', createdAt: at(1), updatedAt: at(1) },
      { id: 'b', spaceId: 's1', agentSlug: 'email', title: 'Welcome series', createdAt: at(2), updatedAt: at(2) },
      { id: 'c', spaceId: 's2', agentSlug: 'email', title: 'Other space', createdAt: at(0), updatedAt: at(0) },
    ]);
    await db.messages.bulkPut([
      toRow(message('m1', 'b', 'user', 'Mention the terracotta discount in email two', at(2)), 's1'),
      toRow(message('m2', 'c', 'user', 'Terracotta secrets of another space', at(0)), 's2'),
    ]);
    const hits = await searchSavedChats('s1', 'terracotta');
    expect(hits.map((hit) => [hit.session.id, hit.messageId])).toEqual([
      ['a', null],
      ['b', 'm1'],
    ]);
    expect((await searchSavedChats('s1', 'terra disc')).map((hit) => hit.session.id)).toEqual(['b']);
    expect(await searchSavedChats('s1', 'terracotta', { slug: 'seo' })).toHaveLength(1);
    // A rating change rewrites the row: it stays findable.
    await db.messages.update('m1', { rating: 1 });
    expect((await searchSavedChats('s1', 'discount')).map((hit) => hit.session.id)).toEqual(['b']);

    await wipeSpace('s1');
    expect(await searchSavedChats('s1', 'terracotta')).toEqual([]);
  });

  it('shows each chat by its newest matching message (not its newest message), newest chat first, over many chats', async () => {
    const chats = Array.from({ length: 40 }, (_, n) => ({
      id: `c${n}`,
      spaceId: 's1',
      agentSlug: 'seo',
      title: `Chat ${n}`,
      createdAt: at(40),
      updatedAt: new Date(Date.UTC(2026, 9, 1, 0, n)).toISOString(),
    }));
    // Two chats updated at the same moment: the one whose match is newer comes first.
    chats[38]!.updatedAt = chats[39]!.updatedAt;
    const minute = (n: number, k: number) => new Date(Date.UTC(2026, 9, 2, 0, n * 3 + k)).toISOString();
    await db.sessions.bulkPut(chats);
    await db.messages.bulkPut(
      chats.flatMap((chat, n) => [
        toRow(message(`${chat.id}-1`, chat.id, 'user', `Terracotta pots, batch ${n}`, minute(n, 1))),
        toRow(message(`${chat.id}-2`, chat.id, 'assistant', n % 10 === 0 ? 'Terracotta glaze notes' : 'Terracotta colours', minute(n, 2))),
        toRow(message(`${chat.id}-3`, chat.id, 'user', 'Thanks!', minute(n, 3))),
      ]),
    );
    const found = async (query: string, limit?: number) => (await searchSavedChats('s1', query, { limit })).map((hit) => [hit.session.id, hit.messageId, hit.snippet]);

    // A word in every message: the first chats in order, each by its newest matching message.
    expect(await found('terracotta', 4)).toEqual([
      ['c39', 'c39-2', 'Terracotta colours'],
      ['c38', 'c38-2', 'Terracotta colours'],
      ['c37', 'c37-2', 'Terracotta colours'],
      ['c36', 'c36-2', 'Terracotta colours'],
    ]);
    expect(await found('terracotta pots', 3)).toEqual([
      ['c39', 'c39-1', 'Terracotta pots, batch 39'],
      ['c38', 'c38-1', 'Terracotta pots, batch 38'],
      ['c37', 'c37-1', 'Terracotta pots, batch 37'],
    ]);
    expect(await found('terracotta')).toHaveLength(30);
    // A word in a few messages.
    expect(await found('glaze')).toEqual(['c30', 'c20', 'c10', 'c0'].map((id) => [id, `${id}-2`, 'Terracotta glaze notes']));
    expect(await found('glaze pots')).toEqual([]);
  });
});

function toRow(dto: ReturnType<typeof message>, spaceId = 's1') {
  return {
    id: dto.id,
    spaceId,
    sessionId: dto.session_id,
    role: dto.role,
    content: dto.content,
    createdAt: dto.created_at,
    rating: dto.rating,
    feedbackCategories: dto.feedback_categories,
    feedbackText: dto.feedback_text,
    pending: false,
  };
}
