/**
 * Sending and waiting (spec 001 §4, §8, §9) through the real stores, request layer and Dexie,
 * against the fake backend; timers are fake so 40 minutes of polling run in milliseconds.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { POLL_MESSAGES_MAX } from '../../../src/contract/agents';
import { db, wipeAll } from '../../../src/db';
import { loadAgents } from '../../../src/features/agents/agents.store';
import { chatState } from '../../../src/features/agents/chat.store';
import { cancelReply } from '../../../src/features/agents/reply-controls';
import { sendMessage } from '../../../src/features/agents/send/send-message';
import { pollPhaseAt } from '../../../src/features/agents/lib/chat-rules';
import { billingState, refreshBilling } from '../../../src/features/billing/billing.store';
import { spacesState } from '../../../src/session';
import { installFakeApi, type FakeApi } from '../app/support/fake-api';
import { signInAs, signOut } from '../app/support/render-app';
import { installFakeChat, message } from './fake-agents';

let api: FakeApi;

beforeEach(async () => {
  await wipeAll();
  api = installFakeApi();
  await signInAs(api, 'org_owner');
});
afterEach(async () => {
  vi.useRealTimers();
  await signOut();
  vi.unstubAllGlobals();
});

/** Timers and the clock are fake; IndexedDB (fake-indexeddb) keeps its own scheduling. */
const useFakeClock = () => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });

describe('reply polling schedule and maximum waits', () => {
  it('polls every 15 s, then 30, 45, 60, 90 s by phase, and stops at 30 minutes for Email', async () => {
    const chat = installFakeChat(api, 'email');
    await loadAgents();
    useFakeClock();
    const sentAt = Date.now();
    await sendMessage({ slug: 'email', sessionId: null, text: 'Write our welcome email', mode: 'normal' });
    await vi.advanceTimersByTimeAsync(45 * 60_000);

    const offsets = chat.pollTimes.map((at) => at - sentAt);
    expect(offsets[0]).toBeLessThan(1000);
    for (let index = 1; index < offsets.length; index += 1) {
      const gap = offsets[index]! - offsets[index - 1]!;
      expect(gap).toBe(pollPhaseAt(offsets[index - 1]!).intervalMs);
    }
    // quick (0–3 min) at 15 s, normal to 8 min at 30 s, complex to 15 at 45 s, patient to 25 at 60 s, extended after.
    expect(offsets.filter((at) => at < 3 * 60_000)).toHaveLength(12);
    expect(offsets.at(-1)).toBeLessThan(30 * 60_000);
    expect(chatState.sessions['sess-1']).toMatchObject({
      status: 'idle',
      error: 'Email timed out after 30 minutes. The request may still be processing.',
    });
  });

  it('asks again within seconds after a poll that got no answer (a flaky connection), at the phase’s pace after two', async () => {
    const chat = installFakeChat(api, 'seo');
    const running = { messages: [], run: { id: 'run-1', status: 'running', error: null, user_message_id: 'msg-user-1', reply_message_id: null, mode: 'normal', refunded: false, updated_at: new Date().toISOString() }, timed_out: true };
    const lostPolls = new Set([1, 3, 4]);
    chat.pollReply = (_call, nth) => {
      // The connection drops the request: fetch fails as it does offline.
      if (lostPolls.has(nth)) throw new TypeError('Failed to fetch');
      if (nth === 5) return { status: 200, body: { run: null, timed_out: false, messages: [message('msg-reply-1', 'sess-1', 'assistant', '### Search intent', new Date().toISOString())] } };
      return { status: 200, body: running };
    };
    useFakeClock();
    await sendMessage({ slug: 'seo', sessionId: null, text: 'Title tags?', mode: 'normal' });
    await vi.advanceTimersByTimeAsync(60_000);

    const gaps = chat.pollTimes.slice(1).map((at, index) => at - chat.pollTimes[index]!);
    // Lost → 3 s; answered → the phase's 15 s; lost, lost again → 3 s, then 15 s; the reply.
    expect(gaps).toEqual([3_000, 15_000, 3_000, 15_000]);
    await vi.waitFor(() => expect(chatState.sessions['sess-1']).toMatchObject({ status: 'idle', error: null }));
  });

  it(`reads on after a poll answering its most (${POLL_MESSAGES_MAX} messages, none the reply): the next poll, at once, since the last of them`, async () => {
    const chat = installFakeChat(api, 'seo');
    const start = Date.parse('2026-03-10T09:00:00.000Z');
    const notes = Array.from({ length: POLL_MESSAGES_MAX }, (_, index) => message(`msg-note-${index}`, 'sess-1', 'user', `Note ${index}`, new Date(start + index).toISOString()));
    chat.pollReply = (_call, nth) =>
      nth === 1
        ? { status: 200, body: { run: null, timed_out: false, messages: notes } }
        : { status: 200, body: { run: null, timed_out: false, messages: [message('msg-reply-1', 'sess-1', 'assistant', '### Search intent', new Date(start + 500).toISOString())] } };
    useFakeClock();
    await sendMessage({ slug: 'seo', sessionId: null, text: 'Title tags?', mode: 'normal' });
    // A second of the fake clock only: a poll scheduled at the phase's pace (15 s) would not go.
    await vi.advanceTimersByTimeAsync(1_000);
    await vi.waitFor(() => expect(api.callsTo('GET /agents/sessions/sess-1/poll')).toHaveLength(2));
    const polls = api.callsTo('GET /agents/sessions/sess-1/poll');
    expect(polls[1]!.query.get('since')).toBe(notes.at(-1)!.created_at);
    // Without waiting the phase's interval (on the fake clock): it went once the first answer was kept.
    expect(chat.pollTimes[1]! - chat.pollTimes[0]!).toBeLessThan(pollPhaseAt(0).intervalMs);
    await vi.waitFor(() => expect(chatState.sessions['sess-1']).toMatchObject({ status: 'idle', error: null }));
  });

  it('waits 40 minutes for the CMO (generic text when the agent list was not loaded)', async () => {
    const chat = installFakeChat(api, 'cmo', 'sess-cmo');
    useFakeClock();
    const sentAt = Date.now();
    await sendMessage({ slug: 'cmo', sessionId: null, text: 'Board update', mode: 'normal' });
    await vi.advanceTimersByTimeAsync(39 * 60_000);
    expect(chatState.sessions['sess-cmo']?.status).toBe('waiting');
    // Past 35 minutes the marathon phase polls every 120 s.
    const late = chat.pollTimes.map((at) => at - sentAt).filter((at) => at > 35 * 60_000);
    expect(late.length).toBeGreaterThan(0);
    await vi.advanceTimersByTimeAsync(2 * 60_000);
    expect(chatState.sessions['sess-cmo']).toMatchObject({ status: 'idle', error: 'Request timed out after 40 minutes' });
  });

  it('stops at once on cancel with "Request cancelled" and tells the server', async () => {
    const chat = installFakeChat(api, 'seo');
    useFakeClock();
    await sendMessage({ slug: 'seo', sessionId: null, text: 'Keywords', mode: 'normal' });
    await vi.advanceTimersByTimeAsync(20_000);
    await cancelReply('sess-1');
    const polls = chat.pollTimes.length;
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    expect(chat.pollTimes).toHaveLength(polls);
    expect(api.callsTo('POST /agents/sessions/sess-1/cancel')).toHaveLength(1);
    expect(chatState.sessions['sess-1']).toMatchObject({ status: 'idle', error: 'Request cancelled' });
  });
});

describe('sending', () => {
  it('shows a temporary message, confirms the charge with the same key, and swaps in the real messages', async () => {
    const chat = installFakeChat(api, 'seo');
    let userAt = '';
    chat.pollReply = (_call, nth) => {
      const body = { run: null, timed_out: false, messages: [] as unknown[] };
      if (nth === 1) body.messages = [message('msg-user-1', 'sess-1', 'user', 'Title tag ideas', userAt)];
      if (nth === 2) body.messages = [message('msg-reply-1', 'sess-1', 'assistant', '### Search intent\n\nPeople compare tools.', new Date().toISOString())];
      return { status: 200, body };
    };
    api.on('POST /agents/seo/messages/async', (call) => {
      userAt = new Date().toISOString();
      return { status: 202, body: { session_id: 'sess-1', message_id: 'msg-user-1', run_id: 'r', title: 'Title tag ideas', created_at: userAt, status: 'queued', mode: 'medium', credits_charged: 30, credits_remaining: 1770, transaction_id: 't', sent: call.body } };
    });

    const outcome = await sendMessage({ slug: 'seo', sessionId: null, text: 'Title tag ideas', mode: 'medium' });
    expect(outcome).toMatchObject({ kind: 'accepted', accepted: { session_id: 'sess-1' } });
    const sent = api.callsTo('POST /agents/seo/messages/async')[0]!.body;
    expect(sent).toMatchObject({ session_id: null, message: 'Title tag ideas', k_value_kb: 10, k_value_ref_docs: 10, mode: 'medium', referenced_document_ids: [], brand_documents: [] });
    // The session was created locally with the title rule.
    expect(await db.sessions.get('sess-1')).toMatchObject({ title: 'Title tag ideas', agentSlug: 'seo' });

    await vi.waitFor(async () => {
      const rows = await db.messages.where('[sessionId+createdAt]').between(['sess-1', ''], ['sess-1', '\uffff']).toArray();
      expect(rows.map((row) => [row.id, row.pending])).toEqual([
        ['msg-user-1', false],
        ['msg-reply-1', false],
      ]);
    });
    expect(chatState.sessions['sess-1']).toMatchObject({ status: 'idle', error: null });
    const deduct = api.callsTo('POST /billing/credits/deduct')[0]!;
    expect(deduct.headers.get('Idempotency-Key')).toBe('chat_message:msg-user-1');
    expect(deduct.body).toMatchObject({ amount: 30, agent_mode: 'medium', related_to: { type: 'chat_session', id: 'sess-1' } });
  });

  it('refuses an expired plan before sending (spec 001 §8)', async () => {
    installFakeChat(api, 'seo');
    api.on('GET /billing/plan', () => ({ status: 200, body: { id: 'p', name: 'Free Trial', type: 'free', days_left: 0, expires_at: null, is_active: false } }));
    await expect(sendMessage({ slug: 'seo', sessionId: null, text: 'Hi', mode: 'normal' })).rejects.toThrow(
      'Your free plan has expired. Please upgrade your plan to continue using AI agents.',
    );
    expect(api.callsTo('POST /agents/seo/messages/async')).toHaveLength(0);
    expect(await db.messages.count()).toBe(0);
  });

  it('refuses when credits do not cover the mode’s cost', async () => {
    installFakeChat(api, 'seo');
    api.on('GET /billing/credits', () => ({ status: 200, body: { used: 2975, total: 3000, remaining: 25, reset_date: '2099-01-01T00:00:00.000Z', last_updated: '2026-03-10T09:00:00.000Z' } }));
    await expect(sendMessage({ slug: 'seo', sessionId: null, text: 'Hi', mode: 'max' })).rejects.toThrow(
      'Insufficient credits. This operation requires 40 credits, but you only have 25 remaining.',
    );
    await expect(sendMessage({ slug: 'seo', sessionId: null, text: 'Hi', mode: 'normal' })).resolves.toMatchObject({ kind: 'accepted', accepted: { session_id: 'sess-1' } });
  });

  it('checks plan and credits against figures the server gave in the last minute, without asking again', async () => {
    installFakeChat(api, 'seo');
    await refreshBilling();
    const asked = { plan: api.callsTo('GET /billing/plan').length, credits: api.callsTo('GET /billing/credits').length };
    await expect(sendMessage({ slug: 'seo', sessionId: null, text: 'Hi', mode: 'normal' })).resolves.toMatchObject({ kind: 'accepted' });
    expect(api.callsTo('GET /billing/plan')).toHaveLength(asked.plan);
    expect(api.callsTo('GET /billing/credits')).toHaveLength(asked.credits);
  });

  it('is the post, the confirming deduct and the reply: the plan and credits are not asked for again, the balance comes from the answers', async () => {
    const chat = installFakeChat(api, 'seo');
    chat.pollReply = () => ({ status: 200, body: { run: null, timed_out: false, messages: [message('msg-reply-1', 'sess-1', 'assistant', 'Done.', new Date().toISOString())] } });
    await refreshBilling();
    expect(billingState.credits?.remaining).toBe(1800);
    const asked = { plan: api.callsTo('GET /billing/plan').length, credits: api.callsTo('GET /billing/credits').length };

    await sendMessage({ slug: 'seo', sessionId: null, text: 'Hi', mode: 'normal' });
    // The accepted answer's balance (1,800 less the 20 it charged) is on screen before anything else.
    expect(billingState.credits).toMatchObject({ remaining: 1780, used: 1220 });
    await vi.waitFor(() => expect(chatState.sessions['sess-1']).toMatchObject({ status: 'idle', error: null }));
    await vi.waitFor(() => expect(api.callsTo('POST /billing/credits/deduct')).toHaveLength(1));
    // Time for anything the deduct's answer would start (a refresh asks at once).
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(billingState.credits).toMatchObject({ remaining: 1780, used: 1220 });
    expect(api.callsTo('GET /billing/plan')).toHaveLength(asked.plan);
    expect(api.callsTo('GET /billing/credits')).toHaveLength(asked.credits);
  });

  it('posts within the call itself when the figures are recent: no re-render the caller scheduled runs first', async () => {
    installFakeChat(api, 'seo');
    await refreshBilling();
    const sending = sendMessage({ slug: 'seo', sessionId: null, text: 'Hi', mode: 'normal' });
    // Nothing awaited yet: a screen update queued by the click (the composer clearing) has not run.
    expect(api.callsTo('POST /agents/seo/messages/async')).toHaveLength(1);
    await expect(sending).resolves.toMatchObject({ kind: 'accepted' });
  });

  it('refuses an expired plan from recent figures before anything is posted', async () => {
    installFakeChat(api, 'seo');
    api.on('GET /billing/plan', () => ({ status: 200, body: { id: 'p', name: 'Free Trial', type: 'free', days_left: 0, expires_at: null, is_active: false } }));
    await refreshBilling();
    await expect(sendMessage({ slug: 'seo', sessionId: null, text: 'Hi', mode: 'normal' })).rejects.toThrow('Your free plan has expired.');
    expect(api.callsTo('POST /agents/seo/messages/async')).toHaveLength(0);
  });

  it('asks the server again when its figures are over a minute old', async () => {
    installFakeChat(api, 'seo');
    useFakeClock();
    await refreshBilling();
    // Spent elsewhere since: only a fresh answer knows.
    api.on('GET /billing/credits', () => ({ status: 200, body: { used: 2990, total: 3000, remaining: 10, reset_date: '2099-01-01T00:00:00.000Z', last_updated: '2026-03-10T09:00:00.000Z' } }));
    await vi.advanceTimersByTimeAsync(61_000);
    await expect(sendMessage({ slug: 'seo', sessionId: null, text: 'Hi', mode: 'normal' })).rejects.toThrow(
      'Insufficient credits. This operation requires 20 credits, but you only have 10 remaining.',
    );
    expect(api.callsTo('POST /agents/seo/messages/async')).toHaveLength(0);
  });

  it('shows the server’s refusal and removes the temporary message', async () => {
    installFakeChat(api, 'seo');
    api.on('POST /agents/seo/messages/async', () => ({ status: 404, body: { detail: 'Agent not found', code: 'NOT_FOUND' } }));
    await expect(sendMessage({ slug: 'seo', sessionId: null, text: 'Hi', mode: 'normal' })).rejects.toThrow('This agent is not available in your current space.');
    expect(await db.messages.count()).toBe(0);
    api.on('POST /agents/seo/messages/async', () => ({ status: 403, body: { detail: 'Permission denied' } }));
    await expect(sendMessage({ slug: 'seo', sessionId: null, text: 'Hi', mode: 'normal' })).rejects.toThrow("You don't have access to this space. Contact your administrator.");
  });

  it('waits 2 s for a loading space, then says so; and needs spaces to be loaded', async () => {
    installFakeChat(api, 'seo');
    useFakeClock();
    spacesState.initializing = true;
    const attempt = sendMessage({ slug: 'seo', sessionId: null, text: 'Hi', mode: 'normal' });
    const outcome = expect(attempt).rejects.toThrow('Space context is still loading. Please wait a moment and try again.');
    await vi.advanceTimersByTimeAsync(2_000);
    await outcome;
    spacesState.initializing = false;
    spacesState.initialized = false;
    await expect(sendMessage({ slug: 'seo', sessionId: null, text: 'Hi', mode: 'normal' })).rejects.toThrow('Please wait for spaces to load before sending messages');
    spacesState.initialized = true;
    const saved = spacesState.currentSpaceId;
    spacesState.currentSpaceId = 'gone';
    await expect(sendMessage({ slug: 'seo', sessionId: null, text: 'Hi', mode: 'normal' })).rejects.toThrow('Current space not found. Please refresh the page or contact support.');
    spacesState.currentSpaceId = saved;
  });
});
