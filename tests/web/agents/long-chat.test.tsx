/**
 * A long chat read in pages (docs/agents.md "Opening a chat"), through the real router, stores,
 * request layer and Dexie against a fake backend that pages like the server
 * (services/agents/message-pages.ts): the chat opens with its newest page, the earlier ones come
 * as the reader reaches the top (or presses the button) without moving the message being read,
 * versions still switch, a chosen version older than the newest page is read before it shows, a
 * failed page offers to try again, and offline the screen says earlier messages need a connection.
 * An export is of the whole chat: the pages not read yet are read first.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ChatMessageDto } from '../../../src/contract/agents';
import { chooseLeaf } from '../../../src/features/agents/versions/branch.store';
import { reportNetworkFailure, reportNetworkSuccess } from '../../../src/pwa';
import { startOfflineLayer } from '../../../src/app/offline-layer';
import { WHOLE_CHAT_UNREAD } from '../../../src/features/agents/components/useWholeChatExport';
import { readBlob } from '../app/support/dom';
import type { FakeApi, RecordedCall } from '../app/support/fake-api';
import { renderApp } from '../app/support/render-app';
import { message } from './fake-agents';
import { setUpChatScreenTests } from './chat-support';

const SPACE = 'space-1';
const base = Date.parse('2026-03-01T09:00:00.000Z');
const at = (second: number) => new Date(base + second * 1000).toISOString();
const SESSION = { id: 'sess-1', title: 'A long campaign chat', agent_slug: 'seo', created_at: at(0), updated_at: at(0) };

/** Messages 1…n, each following the one before: odd ones questions, even ones replies. */
function longChat(n: number): ChatMessageDto[] {
  return Array.from({ length: n }, (_, i) =>
    message(`m${i + 1}`, 'sess-1', i % 2 === 0 ? 'user' : 'assistant', `Message ${i + 1}`, at(i + 1), i === 0 ? null : `m${i}`),
  ) as ChatMessageDto[];
}

/** As the server pages every version: the newest `limit` before the cursor, oldest first. */
function pageOf(all: ChatMessageDto[], call: RecordedCall) {
  const ordered = [...all].sort((a, b) => (a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : a.id < b.id ? -1 : 1));
  const before = call.query.get('before');
  const end = before ? ordered.findIndex((entry) => entry.id === before) : ordered.length;
  const limit = Number(call.query.get('limit') ?? ordered.length);
  const start = Math.max(0, end - limit);
  return { session: SESSION, messages: ordered.slice(start, end), run: null, has_more: start > 0 };
}

let api: FakeApi;
let serverMessages: ChatMessageDto[];
const pageCalls = () => api.callsTo('GET /agents/sessions/sess-1/messages');
const earlierCalls = () => pageCalls().filter((call) => call.query.get('before') !== null);

beforeAll(() => startOfflineLayer());

setUpChatScreenTests({
  role: 'org_owner',
  prepare: (fake) => {
    api = fake;
    serverMessages = longChat(250);
    api.on('GET /agents/sessions', () => ({ status: 200, body: [SESSION] }));
    api.on('GET /agents/sessions/sess-1/messages', (call) => ({ status: 200, body: pageOf(serverMessages, call) }));
  },
});
afterEach(() => {
  api.offline = false;
  reportNetworkSuccess();
});

/** jsdom has no scrolling: the conversation gets a scroll position the list can read and set. */
function scrollable(log: HTMLElement) {
  let top = 0;
  // Set by the page, it moves the view as a browser does: a scroll event follows.
  Object.defineProperty(log, 'scrollTop', {
    configurable: true,
    get: () => top,
    set: (value: number) => {
      top = value;
      queueMicrotask(() => log.dispatchEvent(new Event('scroll')));
    },
  });
  Object.defineProperty(log, 'scrollHeight', { configurable: true, get: () => 1_000_000 });
  return {
    get top() {
      return top;
    },
    scrollTo(value: number) {
      top = value;
      fireEvent.scroll(log);
    },
  };
}

async function openChat() {
  const rendered = renderApp('/agents/seo/chat/sess-1');
  const log = await screen.findByRole('log', { name: 'Conversation' });
  await waitFor(() => expect(within(log).getAllByText(/^Message \d+$/).length).toBeGreaterThan(0));
  await waitFor(() => expect(pageCalls().length).toBeGreaterThan(0));
  return { ...rendered, log };
}

describe('a long chat', () => {
  it('opens with its newest page; reaching the top reads the earlier ones and keeps the message being read in place', async () => {
    const { log, user } = await openChat();
    const scroll = scrollable(log);
    // One request, the newest hundred of every version.
    expect(pageCalls()).toHaveLength(1);
    expect(pageCalls()[0]!.query.get('versions')).toBe('all');
    expect(pageCalls()[0]!.query.get('limit')).toBe('100');
    expect(pageCalls()[0]!.query.get('before')).toBeNull();
    // The earlier messages are offered above what is held.
    expect(within(log).getByRole('button', { name: 'Load earlier messages' })).toBeTruthy();

    // Near the top (message 151, the oldest held): the page before it is read and added above it.
    scroll.scrollTo(1);
    await waitFor(() => expect(earlierCalls()).toHaveLength(1));
    await waitFor(() => expect(within(log).getByText('Message 151')).toBeTruthy());
    await waitFor(() => expect(earlierCalls()).toHaveLength(1));
    expect(earlierCalls()[0]!.query.get('before')).toBe('m151');
    // The reader's place moved down by what was added, so message 151 is still where it was read.
    await waitFor(() => expect(scroll.top).toBeGreaterThan(1000));
    expect(within(log).getByText('Message 151')).toBeTruthy();

    // The last page, by the button this time: the chat's start is held and the button goes.
    await user.click(within(log).getByRole('button', { name: 'Load earlier messages' }));
    await waitFor(() => expect(earlierCalls()).toHaveLength(2));
    expect(earlierCalls()[1]!.query.get('before')).toBe('m51');
    await waitFor(() => expect(within(log).queryByRole('button', { name: 'Load earlier messages' })).toBeNull());
    scroll.scrollTo(0);
    await waitFor(() => expect(within(log).getByText('Message 1')).toBeTruthy());
    expect(earlierCalls()).toHaveLength(2);
  });

  it('switches versions with only the newest page held, and reads earlier pages to show a version chosen before', async () => {
    // The last reply was written twice: 250 and, later, 250b.
    serverMessages = [...longChat(250), message('m250b', 'sess-1', 'assistant', 'Message 250, again', at(300), 'm249') as ChatMessageDto];
    const { log, user, view } = await openChat();
    // To the end of the conversation, where the two versions are.
    scrollable(log).scrollTo(10_000_000);
    const versions = () => within(log).getByRole('group', { name: 'Versions of this reply' });
    await waitFor(() => expect(within(versions()).getByText('Version 2 of 2')).toBeTruthy());
    await user.click(within(versions()).getByRole('button', { name: 'Previous version' }));
    await waitFor(() => expect(within(log).getByText('Message 250')).toBeTruthy());
    expect(within(versions()).getByText('Version 1 of 2')).toBeTruthy();
    expect(earlierCalls()).toHaveLength(0);
    view.unmount();

    // A version chosen on this device long ago: the second reply's other version, older than any page held.
    serverMessages = [...serverMessages, message('m2b', 'sess-1', 'assistant', 'Message 2, first draft', at(2.5), 'm1') as ChatMessageDto];
    await chooseLeaf(SPACE, 'sess-1', 'm2b');
    api.calls.length = 0;
    const again = renderApp('/agents/seo/chat/sess-1');
    const reopened = await screen.findByRole('log', { name: 'Conversation' });
    await waitFor(() => expect(within(reopened).getByText('Message 2, first draft')).toBeTruthy());
    // Read page by page back to it; no other version was shown meanwhile.
    expect(earlierCalls().length).toBeGreaterThan(0);
    expect(within(reopened).queryByText('Message 250, again')).toBeNull();
    expect(within(within(reopened).getByRole('group', { name: 'Versions of this reply' })).getByText('Version 2 of 2')).toBeTruthy();
    again.view.unmount();
  });

  it('offers to try again when a page of earlier messages fails, and reads it then', async () => {
    let fail = true;
    api.on('GET /agents/sessions/sess-1/messages', (call) =>
      call.query.get('before') && fail ? { status: 500, body: { detail: 'Internal error', code: 'INTERNAL_ERROR' } } : { status: 200, body: pageOf(serverMessages, call) },
    );
    const { log, user } = await openChat();
    await user.click(within(log).getByRole('button', { name: 'Load earlier messages' }));
    const alert = await within(log).findByRole('alert');
    expect(alert.textContent).toMatch(/^Earlier messages could not be loaded\. /);
    // Reaching the top again does not ask again by itself: the reader decides.
    scrollable(log).scrollTo(0);
    expect(earlierCalls()).toHaveLength(1);

    fail = false;
    await user.click(within(log).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(earlierCalls()).toHaveLength(2));
    expect(await within(log).findByRole('button', { name: 'Load earlier messages' })).toBeTruthy();
    expect(within(log).queryByRole('alert')).toBeNull();
  });

  it('offline, shows the pages read and says the earlier messages need a connection', async () => {
    const first = await openChat();
    first.view.unmount();

    api.offline = true;
    act(() => reportNetworkFailure());
    renderApp('/agents/seo/chat/sess-1');
    const log = await screen.findByRole('log', { name: 'Conversation' });
    await waitFor(() => expect(within(log).getByText('Earlier messages need a connection. They show here once Mosaic is back online.')).toBeTruthy());
    scrollable(log).scrollTo(0);
    expect(within(log).getByText('Message 151')).toBeTruthy();
    expect(within(log).queryByRole('button', { name: 'Load earlier messages' })).toBeNull();
  });
});

describe('exporting a long chat', () => {
  /** Files the page downloads (an object URL and a link click), captured. */
  function captureDownloads() {
    const downloads: { blob: Blob; name: string }[] = [];
    let pending: Blob | null = null;
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: (blob: Blob) => ((pending = blob), 'blob:export'), revokeObjectURL: () => undefined }));
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      if (pending) downloads.push({ blob: pending, name: this.download });
    });
    return downloads;
  }
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('reads the pages not read yet, then exports every message', async () => {
    const downloads = captureDownloads();
    const { user } = await openChat();
    expect(earlierCalls()).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Markdown (.md)' }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(earlierCalls()).toHaveLength(2);
    const text = await readBlob(downloads[0]!.blob, 'text');
    expect(text).toContain('Message 1\n');
    expect(text).toContain('Message 250');
    // Every message once, under who wrote it.
    expect(text.match(/^## /gm)).toHaveLength(250);
  });

  it('offline, with pages not read, says the whole chat could not be read and downloads nothing', async () => {
    const downloads = captureDownloads();
    const { user } = await openChat();
    api.offline = true;
    act(() => reportNetworkFailure());
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Markdown (.md)' }));
    expect(await screen.findByText(WHOLE_CHAT_UNREAD)).toBeTruthy();
    expect(downloads).toHaveLength(0);
  });
});
