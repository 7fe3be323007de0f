/**
 * The outbox across an offline start (docs/agents.md "Offline outbox"), through the real router,
 * stores, request layer and Dexie against the fake backend: after a reload offline the waiting
 * message is the one thing said about the connection; a message a tab was sending when it reloaded
 * stays in sight and goes at once; and messages someone else left on the device are never sent.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { db, type OutboxRow } from '../../../src/db';
import { reportNetworkFailure, reportNetworkSuccess } from '../../../src/pwa';
import { startOfflineLayer } from '../../../src/app/offline-layer';
import { agentsState } from '../../../src/features/agents/agents.store';
import { AGENT_TEXT } from '../../../src/features/agents/lib/messages';
import { startOutbox } from '../../../src/features/agents/outbox/outbox-wake';
import { chatNotice } from '../../../src/features/agents/lib/chat-notice';
import { OUTBOX_TEXT } from '../../../src/features/agents/outbox/outbox.store';
import { SESSION_EXPIRED_NOTICE, unsentRemovedNotice } from '../../../src/features/auth/pages/LoginPage';
import type { FakeApi } from '../app/support/fake-api';
import { renderApp } from '../app/support/render-app';
import { controlledStream } from './controlled-stream';
import { message } from './fake-agents';
import { setUpChatScreenTests } from './chat-support';

const earlier = '2026-03-01T09:00:00.000Z';
const SESSION = { id: 'sess-1', title: 'Bakery keywords', agent_slug: 'seo', created_at: earlier, updated_at: earlier };
const Q1 = message('q1', 'sess-1', 'user', 'Which keywords for bakeries?', earlier, null);
const R1 = message('r1', 'sess-1', 'assistant', 'Start with sourdough.', '2026-03-01T09:00:05.000Z', 'q1');

let api: FakeApi;

function goOffline() {
  api.offline = true;
  act(() => reportNetworkFailure());
}
function comeBackOnline() {
  api.offline = false;
  act(() => reportNetworkSuccess());
}

/** Web Locks as a browser has them, for one tab: a lock is held while its callback runs. */
function installWebLocks(): void {
  const held = new Set<string>();
  const locks = {
    async request<T>(name: string, options: { ifAvailable?: boolean }, callback: (lock: { name: string } | null) => Promise<T>): Promise<T> {
      if (held.has(name) && options.ifAvailable) return callback(null);
      held.add(name);
      try {
        return await callback({ name });
      } finally {
        held.delete(name);
      }
    },
    async query() {
      return { held: [...held].map((name) => ({ name, mode: 'exclusive' })), pending: [] };
    },
  };
  Object.defineProperty(navigator, 'locks', { configurable: true, value: locks });
}

/** A row as the outbox keeps it. */
function outboxRow(overrides: Partial<OutboxRow>): OutboxRow {
  return {
    id: crypto.randomUUID(),
    spaceId: 's1',
    chatKey: 'sess-1',
    sessionId: 'sess-1',
    agentSlug: 'seo',
    text: 'A question',
    mode: 'normal',
    parentMessageId: 'r1',
    createdAt: Date.now(),
    state: 'waiting',
    attempted: false,
    error: null,
    ...overrides,
  };
}

// As the app starts (src/main.tsx), with the outbox listening at once rather than once the browser is idle.
beforeAll(() => {
  startOfflineLayer();
  startOutbox();
});

setUpChatScreenTests({
  role: 'org_owner',
  prepare: (fake) => {
    api = fake;
    api.on('GET /agents/sessions', () => ({ status: 200, body: [SESSION] }));
    api.on('GET /agents/sessions/sess-1/messages', () => ({ status: 200, body: { session: SESSION, messages: [Q1, R1], run: null } }));
    api.on('GET /agents/sessions/sess-1/stream', () => ({ status: 200, stream: controlledStream().body }));
  },
});
afterEach(() => {
  api.offline = false;
  reportNetworkSuccess();
  Object.defineProperty(navigator, 'locks', { configurable: true, value: undefined });
});

async function openChat() {
  const rendered = renderApp('/agents/seo/chat/sess-1');
  const log = await screen.findByRole('log', { name: 'Conversation' });
  await waitFor(() => expect(within(log).getByText('Start with sourdough.')).toBeTruthy());
  return { ...rendered, log };
}

describe('one message per situation', () => {
  it('after a reload offline, the waiting message is all that is said: no network error beside it', async () => {
    const first = await openChat();
    goOffline();
    await first.user.type(screen.getByRole('textbox', { name: 'Message' }), 'And for cafés?{Enter}');
    await within(first.log).findByTestId('queued-message');

    // The reload: the chat's messages cannot be fetched (no connection, nothing saved by the worker).
    first.view.unmount();
    renderApp('/agents/seo/chat/sess-1');
    const log = await screen.findByRole('log', { name: 'Conversation' });
    await waitFor(() => expect(within(log).getByText('Start with sourdough.')).toBeTruthy());
    const waiting = await within(log).findByTestId('queued-message');
    expect(within(waiting).getByText(/Waiting to send/)).toBeTruthy();
    // The failure is known to the store; the screen does not repeat it beside the waiting message.
    await waitFor(() => expect(agentsState.messagesError['sess-1']).toBe(AGENT_TEXT.network));
    expect(screen.queryByText(AGENT_TEXT.network)).toBeNull();
    expect(screen.queryAllByRole('alert').map((alert) => alert.textContent)).not.toContain(AGENT_TEXT.network);
  });

  it('says a connection failure when nothing else does, and always says any other failure', () => {
    expect(chatNotice(AGENT_TEXT.network, { waiting: false, online: true })).toBe(AGENT_TEXT.network);
    expect(chatNotice(AGENT_TEXT.network, { waiting: true, online: true })).toBeNull();
    expect(chatNotice(AGENT_TEXT.timeout, { waiting: false, online: false })).toBeNull();
    expect(chatNotice(OUTBOX_TEXT.oneAtATime, { waiting: true, online: false })).toBe(OUTBOX_TEXT.oneAtATime);
    expect(chatNotice(AGENT_TEXT.fetchMessagesFailed, { waiting: true, online: true })).toBe(AGENT_TEXT.fetchMessagesFailed);
  });
});

describe('a message a tab was sending when it reloaded', () => {
  it('stays in sight as "Sending…" and is sent at once when its lock is free', async () => {
    installWebLocks();
    const { log } = await openChat();
    goOffline();
    // Claimed a moment ago by this tab before its reload: no tab holds its lock any more.
    await db.outbox.put(outboxRow({ text: 'Sent just before the reload', state: 'sending', claimedAt: Date.now(), attempted: true, userId: 'u-org_owner' }));
    const sending = await within(log).findByTestId('queued-message');
    expect(within(sending).getByText('Sent just before the reload')).toBeTruthy();
    expect(within(sending).getByText(OUTBOX_TEXT.sending)).toBeTruthy();

    comeBackOnline();
    await waitFor(() => expect(api.callsTo('POST /agents/seo/messages/async')).toHaveLength(1));
    expect(api.callsTo('POST /agents/seo/messages/async')[0]!.body).toMatchObject({ message: 'Sent just before the reload' });
    await waitFor(async () => expect(await db.outbox.count()).toBe(0));
  });
});

describe('the connection coming back while a send still fails', () => {
  it('sends again: the browser says online just after the first try got no answer', async () => {
    const { user, log } = await openChat();
    goOffline();
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Sent when the train leaves the tunnel{Enter}');
    await within(log).findByTestId('queued-message');
    const accept = api.callsTo('POST /agents/seo/messages/async').length;
    let tries = 0;
    const accepted = { status: 202, body: { session_id: 'sess-1', message_id: 'msg-user-1', run_id: 'run-1', title: 't', created_at: new Date().toISOString(), status: 'queued', mode: 'normal', credits_charged: 20, credits_remaining: 1780, transaction_id: 'tx-1' } };
    api.on('POST /agents/seo/messages/async', () => {
      tries += 1;
      if (tries > 1) return accepted;
      // The first try goes out before the network is really back; the browser's "online" comes just after.
      setTimeout(() => reportNetworkSuccess(), 0);
      throw new TypeError('Failed to fetch');
    });

    comeBackOnline();
    await waitFor(() => expect(tries).toBe(2), { timeout: 3_000 });
    expect(api.callsTo('POST /agents/seo/messages/async').length - accept).toBe(2);
    await waitFor(async () => expect(await db.outbox.count()).toBe(0));
  });
});

describe('a session that expires with messages waiting', () => {
  it('removes them with the rest of the person\u2019s data, and Login says so beside the expired notice', async () => {
    const { user, log } = await openChat();
    goOffline();
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Written before the session ran out{Enter}');
    await within(log).findByTestId('queued-message');
    comeBackOnline();
    // Back online, the server refuses the refresh token: the session is over.
    api.on('POST /agents/seo/messages/async', () => ({ status: 401, body: { detail: 'Token expired', code: 'TOKEN_EXPIRED' } }));
    api.on('POST /refresh', () => ({ status: 401, body: { detail: 'Refresh token expired' } }));

    expect(await screen.findByText(SESSION_EXPIRED_NOTICE)).toBeTruthy();
    expect(await screen.findByText(unsentRemovedNotice(1))).toBeTruthy();
    await waitFor(async () => expect(await db.outbox.count()).toBe(0));
    expect(api.callsTo('POST /agents/seo/messages/async').length).toBeLessThanOrEqual(1);
  });
});

describe('messages someone else left waiting on the device', () => {
  it('are never sent under this session: removed unsent, the person told; their own still go', async () => {
    await openChat();
    goOffline();
    await db.outbox.bulkPut([
      outboxRow({ text: 'From the previous person', userId: 'u-someone-else', createdAt: Date.now() - 2_000 }),
      outboxRow({ text: 'Written before owners were recorded', chatKey: 'new:email', sessionId: null, agentSlug: 'email', createdAt: Date.now() - 1_000 }),
      outboxRow({ text: 'My own question', userId: 'u-org_owner' }),
    ]);

    comeBackOnline();
    await waitFor(() => expect(api.callsTo('POST /agents/seo/messages/async')).toHaveLength(1));
    expect(api.callsTo('POST /agents/seo/messages/async')[0]!.body).toMatchObject({ message: 'My own question' });
    expect(api.callsTo('POST /agents/email/messages/async')).toHaveLength(0);
    expect(await screen.findByText(OUTBOX_TEXT.othersRemoved)).toBeTruthy();
    await waitFor(async () => expect(await db.outbox.count()).toBe(0));
  });
});
