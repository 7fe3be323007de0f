/**
 * Versions and edits (docs/agents.md "Versions and edits") over HTTP with a model provider (the
 * local OpenAI-compatible stand-in, so the test reads exactly which turns the model was given):
 * regenerating and editing keep every version as a branch of the conversation tree, the lists say
 * which message follows which, the model answers from the chosen branch only, each new version is
 * charged like a message and refunded when its run fails; an edit of a message still being
 * answered is refused with the reason.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, authHeaders, createTestApp, registerOwner, type TestApp } from '../helpers/server';
import { startFakeOpenAi, type ChatCompletionRequest, type FakeOpenAi } from '../helpers/fake-openai';
import { creditsOf, sendAsync, waitForReply, type AcceptedBody, type Caller, type MessageBody } from '../helpers/fake-openai-chat';
import { until } from '../helpers/wait-until';
import type { RegenerationAccepted, SessionWithMessages } from '../../src/contract/agents';

const lastUserText = (request: ChatCompletionRequest) => {
  const content = request.messages.filter((m) => m.role === 'user').at(-1)?.content;
  return typeof content === 'string' ? content : (content ?? []).map((part) => part.text ?? '').join('');
};
/** The conversation the model was given, without the system prompt. */
const turnsOf = (request: ChatCompletionRequest) =>
  request.messages.filter((m) => m.role !== 'system').map((m) => `${m.role}: ${typeof m.content === 'string' ? m.content : (m.content ?? []).map((part) => part.text ?? '').join('')}`);

describe('versions and edits', () => {
  let fake: FakeOpenAi;
  let t: TestApp;

  beforeAll(async () => {
    fake = await startFakeOpenAi();
    fake.behave({ reply: (request) => `Answer to ${lastUserText(request)} #${fake.requests.length}` });
    t = await createTestApp({ env: { OPENAI_COMPATIBLE_BASE_URL: fake.baseUrl, AGENT_RUN_MAX_ATTEMPTS: '1' } });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  async function newCaller(): Promise<Caller> {
    const owner = await registerOwner(t.app);
    return { access_token: owner.access_token, spaceId: owner.defaultSpace.id };
  }
  const call = (caller: Caller, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url: `${API}${url}`, headers: authHeaders(caller.access_token, caller.spaceId), ...(payload ? { payload } : {}) });

  /** Sends and waits for the reply; returns the accepted answer, the reply, and the turns the model got. */
  async function ask(caller: Caller, payload: object) {
    const asked = fake.requests.length;
    const response = await sendAsync(t.app, caller, 'seo', payload);
    expect(response.statusCode, response.body).toBe(202);
    const accepted = response.json<AcceptedBody & { parent_id: string | null }>();
    const polled = await waitForReply(t.app, caller, accepted.session_id, accepted.created_at);
    const reply = polled.messages.find((m) => m.role === 'assistant')!;
    expect(fake.requests.length).toBe(asked + 1);
    return { accepted, reply, turns: turnsOf(fake.requests.at(-1)!) };
  }

  async function messages(caller: Caller, sessionId: string, versions?: 'all') {
    const response = await call(caller, 'GET', `/agents/sessions/${sessionId}/messages${versions ? '?versions=all' : ''}`);
    expect(response.statusCode).toBe(200);
    return response.json<SessionWithMessages>().messages;
  }
  const contents = (list: MessageBody[]) => list.map((m) => m.content);

  it('regenerating keeps every reply as a version of the question; the model sees only the question’s branch', async () => {
    const caller = await newCaller();
    const first = await ask(caller, { message: 'Keywords for bakeries?' });
    expect(first.reply.parent_id).toBe(first.accepted.message_id);
    const sessionId = first.accepted.session_id;

    const asked = fake.requests.length;
    const queued = await call(caller, 'POST', `/agents/messages/${first.reply.id}/regenerate/async`);
    expect(queued.statusCode).toBe(202);
    const regeneration = queued.json<RegenerationAccepted>();
    expect(regeneration).toMatchObject({ session_id: sessionId, user_message_id: first.accepted.message_id, replaces_message_id: first.reply.id, status: 'queued', credits_charged: 20 });
    const polled = await waitForReply(t.app, caller, sessionId, regeneration.created_at);
    const second = polled.messages.find((m) => m.role === 'assistant')!;
    expect(second.parent_id).toBe(first.accepted.message_id);
    expect(turnsOf(fake.requests[asked]!)).toEqual(['user: Keywords for bakeries?']);

    // Both replies stay: every version with ?versions=all, the newest branch by default (what a spec client shows).
    const all = await messages(caller, sessionId, 'all');
    expect(all.map((m) => [m.content, m.parent_id])).toEqual([
      ['Keywords for bakeries?', null],
      [first.reply.content, first.accepted.message_id],
      [second.content, first.accepted.message_id],
    ]);
    expect(contents(await messages(caller, sessionId))).toEqual(['Keywords for bakeries?', second.content]);

    // The spec's synchronous regenerate still answers {new_message_id, content}, and of an older version too.
    const sync = await call(caller, 'POST', `/agents/messages/${first.reply.id}/regenerate`);
    expect(sync.statusCode).toBe(200);
    const third = sync.json<{ new_message_id: string; content: string; replaces_message_id: string; message: MessageBody }>();
    expect(third).toMatchObject({ replaces_message_id: first.reply.id, message: { id: third.new_message_id, content: third.content, parent_id: first.accepted.message_id } });
    expect((await messages(caller, sessionId, 'all')).filter((m) => m.parent_id === first.accepted.message_id)).toHaveLength(3);
    // Each version is charged like a message: three answers, 60 credits.
    expect((await creditsOf(t.app, caller)).remaining).toBe(3000 - 60);
  });

  it('an edit is a new version of the question with its own branch; the old branch can still be continued', async () => {
    const caller = await newCaller();
    const q1 = await ask(caller, { message: 'Q1 audience' });
    const sessionId = q1.accepted.session_id;
    const q2 = await ask(caller, { session_id: sessionId, message: 'Q2 channels' });
    expect(q2.accepted.parent_id).toBe(q1.reply.id);
    expect(q2.turns).toEqual(['user: Q1 audience', `assistant: ${q1.reply.content}`, 'user: Q2 channels']);

    // Editing Q2: the new version follows what Q2 followed, and the model never sees the old Q2 or its reply.
    const edited = await ask(caller, { session_id: sessionId, message: 'Q2 channels and budget', edits_message_id: q2.accepted.message_id });
    expect(edited.accepted.parent_id).toBe(q1.reply.id);
    expect(edited.turns).toEqual(['user: Q1 audience', `assistant: ${q1.reply.content}`, 'user: Q2 channels and budget']);
    expect(contents(await messages(caller, sessionId))).toEqual(['Q1 audience', q1.reply.content, 'Q2 channels and budget', edited.reply.content]);

    // Back on the first version of Q2, the conversation continues from there.
    const onOldBranch = await ask(caller, { session_id: sessionId, message: 'Q3 timing', parent_message_id: q2.reply.id });
    expect(onOldBranch.turns).toEqual([
      'user: Q1 audience',
      `assistant: ${q1.reply.content}`,
      'user: Q2 channels',
      `assistant: ${q2.reply.content}`,
      'user: Q3 timing',
    ]);
    expect(contents(await messages(caller, sessionId))).toEqual(['Q1 audience', q1.reply.content, 'Q2 channels', q2.reply.content, 'Q3 timing', onOldBranch.reply.content]);

    // Editing the first message starts the conversation over: the model gets that message alone.
    const restart = await ask(caller, { session_id: sessionId, message: 'Q1 audience in Porto', edits_message_id: q1.accepted.message_id });
    expect(restart.accepted.parent_id).toBeNull();
    expect(restart.turns).toEqual(['user: Q1 audience in Porto']);
    expect((await messages(caller, sessionId, 'all')).filter((m) => m.parent_id === null).map((m) => m.content)).toEqual(['Q1 audience', 'Q1 audience in Porto']);
    // Five messages sent, each charged once.
    expect((await creditsOf(t.app, caller)).remaining).toBe(3000 - 5 * 20);
  });

  it('refuses an edit of a message still being answered, with the reason, and other edits that cannot be', async () => {
    const caller = await newCaller();
    const answered = await ask(caller, { message: 'First question' });
    const sessionId = answered.accepted.session_id;
    fake.behave({ hang: true });
    const running = (await sendAsync(t.app, caller, 'seo', { session_id: sessionId, message: 'Second question' })).json<AcceptedBody>();
    await until('the model being asked', () => fake.requests.some((r) => lastUserText(r) === 'Second question'));

    const edit = await sendAsync(t.app, caller, 'seo', { session_id: sessionId, message: 'Second question, edited', edits_message_id: running.message_id });
    expect(edit.statusCode).toBe(409);
    expect(edit.json()).toMatchObject({ detail: 'This message is still being answered. Stop the reply (or wait for it) before editing the message.' });
    // Editing another message meanwhile waits for the reply like any send.
    const other = await sendAsync(t.app, caller, 'seo', { session_id: sessionId, message: 'First, edited', edits_message_id: answered.accepted.message_id });
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({ detail: 'The agent is still answering in this session. Wait for the reply or cancel it.' });
    expect((await call(caller, 'POST', `/agents/sessions/${sessionId}/cancel`)).statusCode).toBe(200);
    fake.behave({ reply: (request) => `Answer to ${lastUserText(request)} #${fake.requests.length}` });

    const reply = await sendAsync(t.app, caller, 'seo', { session_id: sessionId, message: 'Edit a reply', edits_message_id: answered.reply.id });
    expect(reply.statusCode).toBe(422);
    expect(reply.json()).toMatchObject({ detail: 'Only your messages can be edited; to get another reply, regenerate it instead' });
    const elsewhere = await ask(caller, { message: 'Another chat' });
    const foreign = await sendAsync(t.app, caller, 'seo', { session_id: sessionId, message: 'Follow another chat', parent_message_id: elsewhere.reply.id });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json()).toMatchObject({ detail: 'That message belongs to another chat' });
    // Another space's message is not revealed: it is unknown here.
    const stranger = await newCaller();
    const theirs = await ask(stranger, { message: 'Private' });
    const hidden = await sendAsync(t.app, caller, 'seo', { session_id: sessionId, message: 'Follow theirs', parent_message_id: theirs.reply.id });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toMatchObject({ detail: 'Message not found' });
    expect((await call(caller, 'POST', `/agents/messages/${theirs.reply.id}/regenerate/async`)).statusCode).toBe(404);
    const both = await sendAsync(t.app, caller, 'seo', { session_id: sessionId, message: 'Both', edits_message_id: answered.accepted.message_id, parent_message_id: answered.reply.id });
    expect(both.statusCode).toBe(422);
    // Refused sends charge nothing: two answered (40), the cancelled one refunded.
    expect((await creditsOf(t.app, caller)).remaining).toBe(3000 - 40);
  });

  it('a regeneration whose run fails, or is cancelled before it writes, costs nothing; the earlier reply stays', async () => {
    const caller = await newCaller();
    const first = await ask(caller, { message: 'Slogans?' });
    const sessionId = first.accepted.session_id;
    fake.behave({ failWith: 400 });
    const failing = (await call(caller, 'POST', `/agents/messages/${first.reply.id}/regenerate/async`)).json<RegenerationAccepted>();
    const failed = await waitForReply(t.app, caller, sessionId, failing.created_at);
    expect(failed.run).toMatchObject({ status: 'failed', refunded: true });
    expect((await creditsOf(t.app, caller)).remaining).toBe(3000 - 20);

    fake.behave({ hang: true });
    const held = (await call(caller, 'POST', `/agents/messages/${first.reply.id}/regenerate/async`)).json<RegenerationAccepted>();
    await until('the model being asked again', () => fake.requests.filter((r) => lastUserText(r) === 'Slogans?').length === 3);
    const stopped = await call(caller, 'POST', `/agents/sessions/${sessionId}/stop`);
    expect(stopped.json()).toMatchObject({ run: { id: held.run_id, status: 'cancelled' }, credits_charged: 0, credits_refunded: 20 });
    expect((await creditsOf(t.app, caller)).remaining).toBe(3000 - 20);
    expect(contents(await messages(caller, sessionId, 'all'))).toEqual(['Slogans?', first.reply.content]);
    fake.behave({ reply: (request) => `Answer to ${lastUserText(request)} #${fake.requests.length}` });
  });
});
