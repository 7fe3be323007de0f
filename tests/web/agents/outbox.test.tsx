/**
 * The offline outbox (docs/agents.md "Offline outbox") on the chat screens, through the real
 * router, stores, request layer and Dexie against the fake backend, whose network can be cut: a
 * message written offline waits in the conversation ("Waiting to send"), survives a reload, can be
 * edited or cancelled meanwhile, and is sent once when the connection returns, with one
 * Idempotency-Key however often it is tried; a refusal stays with its reason.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../../src/db';
import { reportNetworkFailure, reportNetworkSuccess } from '../../../src/pwa';
import { startOfflineLayer } from '../../../src/app/offline-layer';
import type { FakeApi } from '../app/support/fake-api';
import { renderApp } from '../app/support/render-app';
import { controlledStream, runOf } from './controlled-stream';
import { installFakeChat, message, type FakeChat } from './fake-agents';
import { setUpChatScreenTests } from './chat-support';

const earlier = '2026-03-01T09:00:00.000Z';
const SESSION = { id: 'sess-1', title: 'Bakery keywords', agent_slug: 'seo', created_at: earlier, updated_at: earlier };
const Q1 = message('q1', 'sess-1', 'user', 'Which keywords for bakeries?', earlier, null);
const R1 = message('r1', 'sess-1', 'assistant', 'Start with sourdough.', '2026-03-01T09:00:05.000Z', 'q1');

let api: FakeApi;
let chat: FakeChat;
let stream: ReturnType<typeof controlledStream>;

function goOffline() {
  api.offline = true;
  act(() => reportNetworkFailure());
}
/** What the connectivity store's probe does when the server answers again. */
function comeBackOnline() {
  api.offline = false;
  act(() => reportNetworkSuccess());
}

// As the app starts (src/main.tsx): connectivity tracking, the logout wipe, and the outbox once spaces are ready.
beforeAll(() => startOfflineLayer());

setUpChatScreenTests({
  role: 'org_owner',
  prepare: (fake, fakeChat) => {
    api = fake;
    chat = fakeChat;
    api.on('GET /agents/sessions', () => ({ status: 200, body: [SESSION] }));
    api.on('GET /agents/sessions/sess-1/messages', () => ({ status: 200, body: { session: SESSION, messages: [Q1, R1], run: null } }));
    stream = controlledStream();
    api.on('GET /agents/sessions/sess-1/stream', () => ({ status: 200, stream: stream.body }));
  },
});
afterEach(() => {
  api.offline = false;
  reportNetworkSuccess();
});

async function openChat() {
  const rendered = renderApp('/agents/seo/chat/sess-1');
  const log = await screen.findByRole('log', { name: 'Conversation' });
  await waitFor(() => expect(within(log).getByText('Start with sourdough.')).toBeTruthy());
  return { ...rendered, log };
}

describe('a message written offline', () => {
  it('waits in the conversation, survives a reload, can be edited, and is sent once when the connection returns', async () => {
    const first = await openChat();
    goOffline();
    await first.user.type(screen.getByRole('textbox', { name: 'Message' }), 'And for cafés?{Enter}');
    const waiting = await within(first.log).findByTestId('queued-message');
    expect(within(waiting).getByText('And for cafés?')).toBeTruthy();
    expect(within(waiting).getByText(/Waiting to send/)).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement).value).toBe('');
    // A second one waits for the first: said beside the box, the text kept.
    await first.user.type(screen.getByRole('textbox', { name: 'Message' }), 'And for tea rooms?{Enter}');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('A message is already waiting to send in this chat.'));
    expect((screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement).value).toBe('And for tea rooms?');
    await first.user.clear(screen.getByRole('textbox', { name: 'Message' }));

    // A reload offline: it is still there, from the device.
    first.view.unmount();
    const second = renderApp('/agents/seo/chat/sess-1');
    const log = await screen.findByRole('log', { name: 'Conversation' });
    const stillWaiting = await within(log).findByTestId('queued-message');
    await second.user.click(within(stillWaiting).getByRole('button', { name: 'Edit waiting message' }));
    const box = within(stillWaiting).getByRole('textbox', { name: 'Edited message' });
    await second.user.clear(box);
    await second.user.type(box, 'And for cafés in Porto?');
    await second.user.click(within(stillWaiting).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(log).getByText('And for cafés in Porto?')).toBeTruthy());
    expect(api.callsTo('POST /agents/seo/messages/async')).toHaveLength(0);

    comeBackOnline();
    await waitFor(() => expect(api.callsTo('POST /agents/seo/messages/async')).toHaveLength(1));
    const [sent] = api.callsTo('POST /agents/seo/messages/async');
    const queuedId = sent!.headers.get('Idempotency-Key');
    expect(queuedId).toMatch(/^[0-9a-f-]{36}$/);
    // It follows the reply it was written under, and goes as edited.
    expect(sent!.body).toMatchObject({ session_id: 'sess-1', message: 'And for cafés in Porto?', parent_message_id: 'r1' });
    await waitFor(() => expect(within(log).queryByTestId('queued-message')).toBeNull());
    await waitFor(async () => expect(await db.outbox.count()).toBe(0));

    stream.done({ run: runOf('run-1', 'succeeded', chat.userMessageId, 'r2'), message: message('r2', 'sess-1', 'assistant', 'Porto café keywords.', new Date().toISOString(), chat.userMessageId) });
    await waitFor(() => expect(within(log).getByText('Porto café keywords.')).toBeTruthy());
    expect(within(log).getAllByText('And for cafés in Porto?')).toHaveLength(1);
    // Charged once: one send, one confirming deduct with the send's own charge key.
    expect(api.callsTo('POST /agents/seo/messages/async')).toHaveLength(1);
    expect(api.callsTo('POST /billing/credits/deduct').map((call) => call.headers.get('Idempotency-Key'))).toEqual([`chat_message:${chat.userMessageId}`]);
  });

  it('keeps a send whose answer never came, and sends it again with the same Idempotency-Key', async () => {
    const { user, log } = await openChat();
    // The request leaves, the answer is lost (the connection dropped on the way back).
    let answered = 0;
    api.on('POST /agents/seo/messages/async', () => {
      answered += 1;
      api.offline = true;
      throw new TypeError('Failed to fetch');
    });
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Lost on the way{Enter}');
    const waiting = await within(log).findByTestId('queued-message');
    expect(within(waiting).getByText('Lost on the way')).toBeTruthy();
    expect(answered).toBe(1);

    installFakeChat(api, 'seo');
    api.on('GET /agents/sessions/sess-1/messages', () => ({ status: 200, body: { session: SESSION, messages: [Q1, R1], run: null } }));
    api.on('GET /agents/sessions/sess-1/stream', () => ({ status: 200, stream: stream.body }));
    comeBackOnline();
    await waitFor(() => expect(api.callsTo('POST /agents/seo/messages/async')).toHaveLength(2));
    const keys = api.callsTo('POST /agents/seo/messages/async').map((call) => call.headers.get('Idempotency-Key'));
    expect(keys[0]).toBe(keys[1]);
    await waitFor(() => expect(within(log).queryByTestId('queued-message')).toBeNull());
    // Accepted: it left the outbox and the reply is awaited.
    await waitFor(async () => expect(await db.outbox.count()).toBe(0));
    await screen.findByRole('button', { name: 'Stop' });
  });

  it('cancelled while waiting, it leaves the outbox and its text goes back into the message box; sent again, only the new words go', async () => {
    const { user, log } = await openChat();
    goOffline();
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Never mind{Enter}');
    const waiting = await within(log).findByTestId('queued-message');
    await user.click(within(waiting).getByRole('button', { name: 'Cancel sending' }));
    await waitFor(() => expect(within(log).queryByTestId('queued-message')).toBeNull());
    await waitFor(() => expect((screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement).value).toBe('Never mind'));
    expect(await db.outbox.count()).toBe(0);
    // Changed and sent again, still offline, it waits anew...
    await user.type(screen.getByRole('textbox', { name: 'Message' }), ', and for florists?{Enter}');
    await within(log).findByTestId('queued-message');
    comeBackOnline();
    // ...and is the one message sent when the connection returns: the outbox sends oldest first,
    // so the cancelled one, had it stayed, would have been posted before it.
    await waitFor(() => expect(api.callsTo('POST /agents/seo/messages/async')).toHaveLength(1));
    expect(api.callsTo('POST /agents/seo/messages/async').map((call) => (call.body as { message: string }).message)).toEqual(['Never mind, and for florists?']);
  });

  it('refused when sent, it stays with the reason until the user sends it again, edits or cancels it', async () => {
    const { user, log } = await openChat();
    goOffline();
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Expensive question{Enter}');
    await within(log).findByTestId('queued-message');
    api.on('POST /agents/seo/messages/async', () => ({
      status: 402,
      body: { detail: 'Insufficient credits. This operation requires 20 credits, but you only have 5 remaining.', code: 'INSUFFICIENT_CREDITS' },
    }));
    comeBackOnline();
    const refused = await within(log).findByText(/Not sent: Insufficient credits/);
    expect(refused.closest('[data-testid="queued-message"]')?.getAttribute('data-queued')).toBe('refused');
    expect(api.callsTo('POST /agents/seo/messages/async')).toHaveLength(1);

    installFakeChat(api, 'seo');
    api.on('GET /agents/sessions/sess-1/messages', () => ({ status: 200, body: { session: SESSION, messages: [Q1, R1], run: null } }));
    await user.click(within(log).getByRole('button', { name: 'Send again' }));
    await waitFor(() => expect(api.callsTo('POST /agents/seo/messages/async')).toHaveLength(2));
    await waitFor(() => expect(within(log).queryByTestId('queued-message')).toBeNull());
    await waitFor(async () => expect(await db.outbox.count()).toBe(0));
    await screen.findByRole('button', { name: 'Stop' });
  });
});

describe('a new chat started offline', () => {
  it('waits on the agent page and opens its chat once it is sent', async () => {
    const { user, location } = renderApp('/agents/seo');
    const box = await screen.findByRole('textbox', { name: 'Message' });
    goOffline();
    await user.type(box, 'A first question, offline{Enter}');
    const waiting = await screen.findByTestId('queued-message');
    expect(within(waiting).getByText('A first question, offline')).toBeTruthy();
    expect(location()).toBe('/agents/seo');

    comeBackOnline();
    await waitFor(() => expect(location()).toBe('/agents/seo/chat/sess-1'));
    expect(api.callsTo('POST /agents/seo/messages/async')[0]!.body).toMatchObject({ session_id: null, message: 'A first question, offline' });
    const log = await screen.findByRole('log', { name: 'Conversation' });
    await waitFor(() => expect(within(log).getByText('A first question, offline')).toBeTruthy());
  });
});

describe('logging out with messages waiting', () => {
  it('asks first; staying keeps them, logging out anyway removes them with the rest', async () => {
    const { user, log, location } = await openChat();
    goOffline();
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Written on the train{Enter}');
    await within(log).findByTestId('queued-message');

    await user.click(screen.getByRole('button', { name: /^Account menu for/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Log out' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Log out with unsent messages?' });
    expect(dialog.textContent).toContain('1 message you wrote offline has not been sent yet.');
    await user.click(within(dialog).getByRole('button', { name: 'Stay signed in' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(location()).toBe('/agents/seo/chat/sess-1');
    expect(await db.outbox.count()).toBe(1);

    await user.click(screen.getByRole('button', { name: /^Account menu for/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Log out' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Log out anyway' }));
    await waitFor(() => expect(location()).toBe('/login'));
    await waitFor(async () => expect(await db.outbox.count()).toBe(0));
  });
});
