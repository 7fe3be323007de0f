/**
 * Streaming replies on the chat screen (docs/agents.md "Streaming"), through the real router,
 * stores, request layer and Dexie against the fake backend: the user's message shows before the
 * server has answered anything, the reply's text shows as the stream brings it, Stop keeps what was
 * written, and a stream that breaks falls back to the long poll.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ChatMessageDto, StopResult } from '../../../src/contract/agents';
import type { FakeApi } from '../app/support/fake-api';
import { renderApp } from '../app/support/render-app';
import { message, type FakeChat } from './fake-agents';
import { followReplyStream } from '../../../src/features/agents/reply-stream';
import { setUpChatScreenTests } from './chat-support';
import { controlledStream } from './controlled-stream';

const earlier = '2026-03-01T09:00:00.000Z';
const run = (status: 'running' | 'succeeded', replyId: string | null = null) => ({
  id: 'run-1', status, error: null, user_message_id: 'msg-user-1', reply_message_id: replyId, mode: 'normal', refunded: false, updated_at: new Date().toISOString(),
});

let api: FakeApi;
let chat: FakeChat;
let stream: ReturnType<typeof controlledStream>;
/** What the server holds for the session (the messages list answers with it). */
let serverMessages: ChatMessageDto[];

setUpChatScreenTests({
  role: 'org_owner',
  prepare: (fake, fakeChat) => {
    api = fake;
    chat = fakeChat;
    chat.pollReply = () => ({ status: 200, body: { run: run('running'), timed_out: true, messages: [] } });
    const session = { id: 'sess-1', title: 'Bakery keywords', agent_slug: 'seo', created_at: earlier, updated_at: earlier };
    api.on('GET /agents/sessions', () => ({ status: 200, body: [session] }));
    serverMessages = [message('m1', 'sess-1', 'user', 'Hello', earlier)];
    api.on('GET /agents/sessions/sess-1/messages', () => ({ status: 200, body: { session, messages: serverMessages, run: null } }));
    stream = controlledStream();
    api.on('GET /agents/sessions/sess-1/stream', () => ({ status: 200, stream: stream.body }));
  },
});

async function openAndSend(text: string) {
  const { user } = renderApp('/agents/seo/chat/sess-1');
  const log = await screen.findByRole('log', { name: 'Conversation' });
  await waitFor(() => expect(within(log).getByText('Hello')).toBeTruthy());
  await user.type(screen.getByRole('textbox', { name: 'Message' }), `${text}{Enter}`);
  return { user, log };
}

describe('streaming replies', () => {
  it('shows the message at once, the reply as it streams, then the final message', async () => {
    // The plan check is held: the message must show before the server has answered anything.
    let answerPlan!: () => void;
    const planHeld = new Promise<void>((resolve) => (answerPlan = resolve));
    api.on('GET /billing/plan', async () => {
      await planHeld;
      return { status: 200, body: { id: 'p1', name: 'Free', type: 'free', days_left: 9, expires_at: null, is_active: true } };
    });
    const { log } = await openAndSend('Keywords for cafés?');
    await waitFor(() => expect(within(log).getByText('Keywords for cafés?')).toBeTruthy());
    expect(api.callsTo('POST /agents/seo/messages/async')).toHaveLength(0);
    answerPlan();

    await waitFor(() => expect(api.callsTo('GET /agents/sessions/sess-1/stream')).toHaveLength(1));
    stream.delta('Try **bakery');
    stream.delta(' POS** first');
    const streaming = await screen.findByTestId('streaming-reply');
    await waitFor(() => expect(within(streaming).getByText('bakery POS')).toBeTruthy());
    expect(screen.getByRole('button', { name: 'Stop' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send' })).toBeNull();

    stream.done({ run: run('succeeded', 'm9'), message: message('m9', 'sess-1', 'assistant', 'Try **bakery POS** first, then café menus.', new Date().toISOString()) });
    // The finished reply stays in the streaming bubble until the conversation has read it back: the
    // end state is the reply once, in the conversation, and no streaming bubble.
    await waitFor(() => {
      expect(screen.queryByTestId('streaming-reply')).toBeNull();
      expect(within(log).getAllByText(/then café menus/)).toHaveLength(1);
    });
    expect(screen.getByRole('button', { name: 'Send' })).toBeTruthy();
    // The user's message was reconciled with the server's from the send's answer: one copy, not pending.
    expect(within(log).getAllByText('Keywords for cafés?')).toHaveLength(1);
    expect(log.querySelector('[data-pending]')).toBeNull();
    // The stream brought the reply: the long poll was never needed.
    expect(api.callsTo('GET /agents/sessions/sess-1/poll')).toHaveLength(0);
  });

  it('Stop keeps the written part as the reply and unlocks the message box', async () => {
    const stopped: StopResult = {
      run: { ...run('succeeded', 'm-stopped'), error: 'Stopped by the user' },
      message: message('m-stopped', 'sess-1', 'assistant', 'Start with the audience', new Date().toISOString()),
      credits_charged: 1,
      credits_refunded: 19,
    };
    api.on('POST /agents/sessions/sess-1/stop', () => {
      serverMessages = [...serverMessages, message('msg-user-1', 'sess-1', 'user', 'Plan the launch', new Date().toISOString()), stopped.message!];
      return { status: 200, body: stopped };
    });
    const { user, log } = await openAndSend('Plan the launch');
    await waitFor(() => expect(api.callsTo('GET /agents/sessions/sess-1/stream')).toHaveLength(1));
    stream.delta('Start with the audience');
    await screen.findByTestId('streaming-reply');

    await user.click(screen.getByRole('button', { name: 'Stop' }));
    expect(api.callsTo('POST /agents/sessions/sess-1/stop')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByTestId('streaming-reply')).toBeNull());
    await waitFor(() => expect(log.textContent).toContain('Start with the audience'));
    expect(screen.getByRole('button', { name: 'Send' })).toBeTruthy();
    expect(api.callsTo('POST /agents/sessions/sess-1/cancel')).toHaveLength(0);
  });

  it('falls back to the long poll when the stream breaks', async () => {
    chat.pollReply = () => ({
      status: 200,
      body: { run: run('succeeded', 'm5'), timed_out: false, messages: [message('m5', 'sess-1', 'assistant', 'Delivered by the poll.', new Date().toISOString())] },
    });
    const { log } = await openAndSend('Anything');
    await waitFor(() => expect(api.callsTo('GET /agents/sessions/sess-1/stream')).toHaveLength(1));
    stream.delta('Half a');
    await screen.findByTestId('streaming-reply');
    stream.breakOff();
    await waitFor(() => expect(within(log).getByText('Delivered by the poll.')).toBeTruthy());
    expect(api.callsTo('GET /agents/sessions/sess-1/poll').length).toBeGreaterThan(0);
    // The reply stays where it was written until the conversation has it from the device; then once.
    await waitFor(() => expect(screen.queryByTestId('streaming-reply')).toBeNull());
    expect(within(log).getAllByText('Delivered by the poll.')).toHaveLength(1);
  });

  it('a new chat shows its first message at once and streams its reply after the chat opens', async () => {
    let answerPlan!: () => void;
    const planHeld = new Promise<void>((resolve) => (answerPlan = resolve));
    api.on('GET /billing/plan', async () => {
      await planHeld;
      return { status: 200, body: { id: 'p1', name: 'Free', type: 'free', days_left: 9, expires_at: null, is_active: true } };
    });
    const { user } = renderApp('/agents/seo');
    await user.type(await screen.findByRole('textbox', { name: 'Message' }), 'A brand new question{Enter}');
    const pending = await screen.findByTestId('pending-message');
    expect(within(pending).getByText('A brand new question')).toBeTruthy();
    answerPlan();

    const log = await screen.findByRole('log', { name: 'Conversation' });
    await waitFor(() => expect(api.callsTo('GET /agents/sessions/sess-1/stream')).toHaveLength(1));
    stream.delta('Streamed into a new chat');
    const streaming = await screen.findByTestId('streaming-reply');
    await waitFor(() => expect(within(streaming).getByText('Streamed into a new chat')).toBeTruthy());
    expect(within(log).getByText('A brand new question')).toBeTruthy();
  });
});

describe('the stream asked for with the send', () => {
  it('is asked for before the send is answered, naming the send, and follows its reply', async () => {
    let answerPost!: () => void;
    const postHeld = new Promise<void>((resolve) => (answerPost = resolve));
    api.on('POST /agents/seo/messages/async', async (call) => {
      await postHeld;
      return {
        status: 202,
        body: {
          session_id: 'sess-1', message_id: 'msg-user-1', run_id: 'run-1', title: 'Bakery keywords', created_at: new Date().toISOString(), status: 'queued',
          mode: 'normal', credits_charged: 20, credits_remaining: 2980, transaction_id: 't', sent: call.body,
        },
      };
    });
    const { log } = await openAndSend('Keywords for cafés?');
    // The post has not been answered, and the reply's stream is already asked for, for that very send.
    await waitFor(() => expect(api.callsTo('GET /agents/sessions/sess-1/stream')).toHaveLength(1));
    const post = api.callsTo('POST /agents/seo/messages/async')[0]!;
    expect(api.callsTo('GET /agents/sessions/sess-1/stream')[0]!.query.get('send')).toBe(post.headers.get('Idempotency-Key'));

    stream.delta('Try bakery POS');
    answerPost();
    const streaming = await screen.findByTestId('streaming-reply');
    await waitFor(() => expect(within(streaming).getByText('Try bakery POS')).toBeTruthy());
    stream.done({ run: run('succeeded', 'm9'), message: message('m9', 'sess-1', 'assistant', 'Try bakery POS first.', new Date().toISOString()) });
    await waitFor(() => expect(within(log).getByText('Try bakery POS first.')).toBeTruthy());
    expect(api.callsTo('GET /agents/sessions/sess-1/stream')).toHaveLength(1);
  });

  it('is given up when the send is refused', async () => {
    api.on('POST /agents/seo/messages/async', () => ({ status: 402, body: { detail: 'Insufficient credits. This operation requires 20 credits, but you only have 5 remaining.', code: 'INSUFFICIENT_CREDITS' } }));
    let streamSignal: AbortSignal | null = null;
    const realFetch = globalThis.fetch;
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input instanceof Request ? input.url : input).includes('/stream')) streamSignal = init?.signal ?? (input instanceof Request ? input.signal : null);
      return realFetch(input, init);
    });
    await openAndSend('Keywords for cafés?');
    await waitFor(() => expect(screen.getAllByText(/Insufficient credits/).length).toBeGreaterThan(0));
    await waitFor(() => expect(streamSignal?.aborted).toBe(true));
  });
});

describe('a reply finished before its stream opened', () => {
  it('hands the whole reply to the screen at once, before it is saved', async () => {
    const texts: string[] = [];
    const following = followReplyStream({ sessionId: 'sess-1', signal: new AbortController().signal, onText: (text) => texts.push(text) });
    stream.done({ run: run('succeeded', 'm9'), message: message('m9', 'sess-1', 'assistant', 'Lead with **bakery POS**.', new Date().toISOString()) });
    await expect(following).resolves.toMatchObject({ kind: 'reply', reply: { id: 'm9' } });
    expect(texts).toEqual(['Lead with **bakery POS**.']);
  });

  it('leaves a streamed reply as streamed: its final form comes with the saved message', async () => {
    const texts: string[] = [];
    const following = followReplyStream({ sessionId: 'sess-1', signal: new AbortController().signal, onText: (text) => texts.push(text) });
    stream.delta('Lead with bakery');
    stream.done({ run: run('succeeded', 'm9'), message: message('m9', 'sess-1', 'assistant', 'Lead with bakery POS.', new Date().toISOString()) });
    await following;
    expect(texts).toEqual(['Lead with bakery']);
  });
});

describe('the sent message on the device, while the reply starts', () => {
  /** The question as the conversation shows it: once, and no longer "Sending…". */
  const confirmedOnce = (log: HTMLElement, text: string) => {
    expect(within(log).getAllByText(text)).toHaveLength(1);
    expect(log.querySelector('[data-pending]')).toBeNull();
  };

  it('is confirmed when the reply’s first words arrive, while the reply is still being written', async () => {
    const { log } = await openAndSend('Keywords for tea rooms?');
    await waitFor(() => expect(api.callsTo('POST /agents/seo/messages/async')).toHaveLength(1));
    stream.delta('Start with');
    await screen.findByTestId('streaming-reply');
    await waitFor(() => confirmedOnce(log, 'Keywords for tea rooms?'));
    expect(screen.getByTestId('streaming-reply')).toBeTruthy();
  });

  it('is confirmed a moment after the send’s answer when the reply has not started', async () => {
    const { log } = await openAndSend('Keywords for juice bars?');
    await waitFor(() => expect(api.callsTo('POST /agents/seo/messages/async')).toHaveLength(1));
    await waitFor(() => confirmedOnce(log, 'Keywords for juice bars?'));
    expect(screen.queryByTestId('streaming-reply')).toBeNull();
  });

  it('comes before the reply when the reply arrives whole, with no words streamed first', async () => {
    const { log } = await openAndSend('Keywords for florists?');
    await waitFor(() => expect(api.callsTo('POST /agents/seo/messages/async')).toHaveLength(1));
    stream.done({ run: run('succeeded', 'm7'), message: message('m7', 'sess-1', 'assistant', 'Florist keywords, in full.', new Date().toISOString(), 'msg-user-1') });
    await waitFor(() => expect(within(log).getByText('Florist keywords, in full.')).toBeTruthy());
    await waitFor(() => confirmedOnce(log, 'Keywords for florists?'));
    const text = log.textContent ?? '';
    expect(text.indexOf('Keywords for florists?')).toBeLessThan(text.indexOf('Florist keywords, in full.'));
  });
});
