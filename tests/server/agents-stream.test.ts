/**
 * Streaming replies and stop generating (docs/agents.md "Streaming", "Stop"), over real HTTP: the
 * stream hands out the text while the provider is still writing (the local stand-in holds the rest
 * until told), then the final message; the long poll still delivers that message; a stop keeps the
 * written part as the reply and refunds the unused credits; on PostgreSQL a stream held by one
 * process follows a run answered by another.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentRuns } from '../../server/src/db/schema/index';
import { creditsKeptForStoppedReply } from '../../src/contract/chat';
import { API, authHeaders, createTestApp, registerOwner, testEngine, type TestApp } from '../helpers/server';
import { openTestDatabase } from '../helpers/server-database';
import { startFakeOpenAi, type FakeOpenAi } from '../helpers/fake-openai';
import { creditsOf, sendAsync, waitForReply, type AcceptedBody, type Caller } from '../helpers/fake-openai-chat';
import { openReplyStream } from '../helpers/reply-stream-client';
import { until } from '../helpers/wait-until';
import { appForSuite, startedForSuite } from '../helpers/suite-fixtures';

async function listen(t: TestApp): Promise<string> {
  return t.app.listen({ port: 0, host: '127.0.0.1' });
}

async function newCaller(t: TestApp): Promise<Caller> {
  const owner = await registerOwner(t.app);
  return { access_token: owner.access_token, spaceId: owner.defaultSpace.id };
}

/** A send to the SEO agent carrying an Idempotency-Key, as the app's sends do. */
function sendWithKey(t: TestApp, caller: Caller, key: string, payload: object) {
  return t.app.inject({
    method: 'POST',
    url: `${API}/agents/seo/messages/async`,
    headers: { ...authHeaders(caller.access_token, caller.spaceId), 'idempotency-key': key },
    payload,
  });
}

function stop(t: TestApp, caller: Caller, sessionId: string) {
  return t.app.inject({ method: 'POST', url: `${API}/agents/sessions/${sessionId}/stop`, headers: authHeaders(caller.access_token, caller.spaceId) });
}

const ANSWER = 'Start with the audience. '.repeat(80); // 2,000 characters

describe('reply streaming with a model provider', () => {
  const fake = startedForSuite(() => startFakeOpenAi());
  const t = appForSuite(() => ({ env: { OPENAI_COMPATIBLE_BASE_URL: fake.baseUrl, AGENT_RUN_MAX_ATTEMPTS: '1', AGENT_POLL_HOLD_SECONDS: '120' } }));
  let baseUrl: string;

  beforeAll(async () => {
    baseUrl = await listen(t);
  });

  it('streams the text while the model writes, then the final message; the poll delivers it too', async () => {
    const caller = await newCaller(t);
    fake.behave({ reply: () => ANSWER, chunkSize: 10, pauseAfterCharacters: 500 });
    const accepted = (await sendAsync(t.app, caller, 'seo', { message: 'Plan our spring campaign' })).json<AcceptedBody>();
    const stream = await openReplyStream(baseUrl, caller, accepted.session_id);

    // The model holds the rest of its reply: these characters can only have come from the stream.
    await stream.untilText(500);
    expect(stream.text()).toBe(ANSWER.slice(0, 500));
    expect(stream.deltas().every((delta) => delta.run_id === accepted.run_id)).toBe(true);

    fake.resumeStreams();
    const done = await stream.done();
    expect(done.run).toMatchObject({ id: accepted.run_id, status: 'succeeded' });
    expect(done.message?.content).toBe(ANSWER);
    expect(ANSWER.startsWith(stream.text())).toBe(true);

    const polled = await waitForReply(t.app, caller, accepted.session_id, accepted.created_at);
    expect(polled.messages.find((m) => m.role === 'assistant')?.content).toBe(ANSWER);
    expect((await creditsOf(t.app, caller)).remaining).toBe(3000 - 20);
  });

  it('a stream asked for with its send, before the send is accepted, follows that send\'s run from its first words', async () => {
    const caller = await newCaller(t);
    fake.behave({ reply: () => 'First answer.' });
    const first = (await sendAsync(t.app, caller, 'seo', { message: 'Plan the launch' })).json<AcceptedBody>();
    await waitForReply(t.app, caller, first.session_id, first.created_at);

    // Opened before the second send exists: without `send` it would report the first run as ended.
    const key = `send-${first.session_id}-2`;
    const stream = await openReplyStream(baseUrl, caller, first.session_id, { send: key });
    fake.behave({ reply: () => ANSWER, chunkSize: 10, pauseAfterCharacters: 500 });
    const second = await sendWithKey(t, caller, key, { session_id: first.session_id, message: 'And the follow-up emails?' });
    expect(second.statusCode).toBe(202);
    const accepted = second.json<AcceptedBody>();
    // The model holds the rest: these characters came from the new run while it was being written.
    await stream.untilText(500);
    expect(stream.text()).toBe(ANSWER.slice(0, 500));
    expect(stream.deltas().every((delta) => delta.run_id === accepted.run_id)).toBe(true);
    fake.resumeStreams();
    const done = await stream.done();
    expect(done.run).toMatchObject({ id: accepted.run_id, status: 'succeeded' });
    expect(done.message?.content).toBe(ANSWER);
  });

  it('a stream asked for with a send already answered ends at once with that send\'s reply', async () => {
    const caller = await newCaller(t);
    fake.behave({ reply: () => 'Short answer.' });
    const key = 'send-answered-1';
    const sent = await sendWithKey(t, caller, key, { message: 'Name ideas' });
    const accepted = sent.json<AcceptedBody>();
    await waitForReply(t.app, caller, accepted.session_id, accepted.created_at);
    const stream = await openReplyStream(baseUrl, caller, accepted.session_id, { send: key });
    const done = await stream.done();
    expect(done.run).toMatchObject({ id: accepted.run_id, status: 'succeeded' });
    expect(done.message?.content).toBe('Short answer.');
  });

  it('refuses a `send` that cannot be an Idempotency-Key', async () => {
    const caller = await newCaller(t);
    const accepted = (await sendAsync(t.app, caller, 'seo', { message: 'Hello' })).json<AcceptedBody>();
    const response = await t.app.inject({
      method: 'GET',
      url: `${API}/agents/sessions/${accepted.session_id}/stream?send=${encodeURIComponent('has spaces')}`,
      headers: authHeaders(caller.access_token, caller.spaceId),
    });
    expect(response.statusCode).toBe(422);
  });

  it('stop keeps what was written as the reply and refunds the unused part', async () => {
    const caller = await newCaller(t);
    fake.behave({ reply: () => ANSWER, chunkSize: 10, pauseAfterCharacters: 1000 });
    const accepted = (await sendAsync(t.app, caller, 'seo', { message: 'Titles for the launch' })).json<AcceptedBody>();
    const stream = await openReplyStream(baseUrl, caller, accepted.session_id);
    await stream.untilText(1000);

    const response = await stop(t, caller, accepted.session_id);
    expect(response.statusCode).toBe(200);
    const written = ANSWER.slice(0, 1000).trimEnd();
    // 1,000 of the 4,000 characters a message's 20 credits pay for: 5 kept, 15 back.
    expect(creditsKeptForStoppedReply(20, written.length)).toBe(5);
    expect(response.json()).toMatchObject({
      run: { id: accepted.run_id, status: 'succeeded' },
      message: { role: 'assistant', content: written },
      credits_charged: 5,
      credits_refunded: 15,
    });
    expect((await creditsOf(t.app, caller)).remaining).toBe(3000 - 5);

    const done = await stream.done();
    expect(done.message?.content).toBe(written);
    const polled = await waitForReply(t.app, caller, accepted.session_id, accepted.created_at);
    expect(polled.messages.filter((m) => m.role === 'assistant').map((m) => m.content)).toEqual([written]);
    // The model call was abandoned, not left writing into a reply nobody keeps.
    await until('the model call being closed', () => fake.abandoned() === 1);

    // Stopping twice, or after the end, changes nothing.
    expect((await stop(t, caller, accepted.session_id)).statusCode).toBe(409);
    expect((await creditsOf(t.app, caller)).remaining).toBe(3000 - 5);
  });

  it('a stop before the first character is a cancel: no message, the whole charge back', async () => {
    const caller = await newCaller(t);
    fake.behave({ hang: true });
    const accepted = (await sendAsync(t.app, caller, 'seo', { message: 'Anything' })).json<AcceptedBody>();
    await until('the model being asked', () => fake.requests.some((r) => JSON.stringify(r.messages).includes('Anything')));
    const response = await stop(t, caller, accepted.session_id);
    expect(response.json()).toMatchObject({ run: { status: 'cancelled', refunded: true }, message: null, credits_charged: 0, credits_refunded: 20 });
    expect((await creditsOf(t.app, caller)).remaining).toBe(3000);
    fake.behave({});
  });
});

describe('regenerate with a model provider', () => {
  const fake = startedForSuite(() => startFakeOpenAi());
  const t = appForSuite(() => ({ env: { OPENAI_COMPATIBLE_BASE_URL: fake.baseUrl, AGENT_RUN_MAX_ATTEMPTS: '1' } }));

  async function answered(caller: Caller) {
    fake.behave({ reply: () => 'First answer.' });
    const accepted = (await sendAsync(t.app, caller, 'seo', { message: 'Ideas?' })).json<AcceptedBody>();
    const result = await waitForReply(t.app, caller, accepted.session_id, accepted.created_at);
    return { sessionId: accepted.session_id, replyId: result.messages.find((m) => m.role === 'assistant')!.id };
  }
  const regenerate = (caller: Caller, messageId: string) =>
    t.app.inject({ method: 'POST', url: `${API}/agents/messages/${messageId}/regenerate`, headers: authHeaders(caller.access_token, caller.spaceId) });

  it('a regeneration given up before the model wrote anything is not charged, and answers at once', async () => {
    const caller = await newCaller(t);
    const { sessionId, replyId } = await answered(caller);
    fake.behave({ hang: true });
    const asked = fake.requests.length;
    const pending = regenerate(caller, replyId);
    await until('the model being asked again', () => fake.requests.length === asked + 1);
    // What the chat screen does when the agent's wait runs out, or the user presses Stop before any text.
    const cancelled = await t.app.inject({ method: 'POST', url: `${API}/agents/sessions/${sessionId}/cancel`, headers: authHeaders(caller.access_token, caller.spaceId) });
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', refunded: true });
    const response = await pending;
    expect(response.statusCode).toBe(502);
    expect((await creditsOf(t.app, caller)).remaining).toBe(3000 - 20);
  });

  it('a regeneration stopped part way answers with the written part and charges only for it', async () => {
    const caller = await newCaller(t);
    const { sessionId, replyId } = await answered(caller);
    fake.behave({ reply: () => ANSWER, chunkSize: 10, pauseAfterCharacters: 200 });
    const pending = regenerate(caller, replyId);
    await until('text being written', async () => {
      const runs = await t.database.db.select().from(agentRuns).where(eq(agentRuns.sessionId, sessionId));
      return runs.some((row) => (row.partialText?.length ?? 0) >= 200);
    });
    const stopped = await stop(t, caller, sessionId);
    const written = ANSWER.slice(0, 200).trimEnd();
    expect(stopped.json()).toMatchObject({ credits_charged: 1, credits_refunded: 19, message: { content: written } });
    const response = await pending;
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ content: written, replaces_message_id: replyId });
    expect((await creditsOf(t.app, caller)).remaining).toBe(3000 - 20 - 1);
    fake.resumeStreams();
  });
});

describe('reply streaming with the offline engine', () => {
  const t = appForSuite();
  let baseUrl: string;
  beforeAll(async () => {
    baseUrl = await listen(t);
  });

  it('streams the offline answer in chunks and ends with the same text as the message', async () => {
    const caller = await newCaller(t);
    const accepted = (await sendAsync(t.app, caller, 'email', { message: 'Draft a welcome email for new subscribers' })).json<AcceptedBody>();
    const stream = await openReplyStream(baseUrl, caller, accepted.session_id);
    const done = await stream.done();
    expect(done.run?.status).toBe('succeeded');
    expect(stream.deltas().length).toBeGreaterThan(1);
    expect(stream.text()).toBe(done.message?.content);
  });

  it('a stream opened with no run open ends at once with the latest run', async () => {
    const caller = await newCaller(t);
    const accepted = (await sendAsync(t.app, caller, 'email', { message: 'A subject line' })).json<AcceptedBody>();
    await waitForReply(t.app, caller, accepted.session_id, accepted.created_at);
    const stream = await openReplyStream(baseUrl, caller, accepted.session_id);
    const done = await stream.done();
    expect(stream.deltas()).toEqual([]);
    expect(done).toMatchObject({ run: { id: accepted.run_id, status: 'succeeded' }, message: { role: 'assistant' } });
  });

  it('refuses a stream of another space\'s session', async () => {
    const caller = await newCaller(t);
    const stranger = await newCaller(t);
    const accepted = (await sendAsync(t.app, caller, 'email', { message: 'Private' })).json<AcceptedBody>();
    const response = await t.app.inject({ method: 'GET', url: `${API}/agents/sessions/${accepted.session_id}/stream`, headers: authHeaders(stranger.access_token, stranger.spaceId) });
    expect(response.statusCode).toBe(404);
  });
});

describe.skipIf(testEngine !== 'postgres')('a reply streamed by another process (PostgreSQL)', () => {
  let fake: FakeOpenAi;
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let apiOnly: TestApp;
  let worker: TestApp;
  let baseUrl: string;

  beforeAll(async () => {
    fake = await startFakeOpenAi();
    database = await openTestDatabase();
    const env = { OPENAI_COMPATIBLE_BASE_URL: fake.baseUrl, AGENT_RUN_MAX_ATTEMPTS: '1' };
    // The stream and the stop are asked of a process that runs no jobs; the other one answers.
    apiOnly = await createTestApp({ database: database.database, env: { ...env, JOB_WORKERS: 'false' } });
    worker = await createTestApp({ database: database.database, env });
    baseUrl = await listen(apiOnly);
  });
  afterAll(async () => {
    await apiOnly.close();
    await worker.close();
    await database.dispose();
    await fake.close();
  });

  it('streams text written by the worker process, and a stop there keeps it and refunds the rest', async () => {
    const caller = await newCaller(apiOnly);
    fake.behave({ reply: () => ANSWER, chunkSize: 10, pauseAfterCharacters: 600 });
    const accepted = (await sendAsync(apiOnly.app, caller, 'seo', { message: 'Across processes' })).json<AcceptedBody>();
    const stream = await openReplyStream(baseUrl, caller, accepted.session_id);
    await stream.untilText(600);
    expect(stream.text()).toBe(ANSWER.slice(0, 600));

    const response = await stop(apiOnly, caller, accepted.session_id);
    const written = ANSWER.slice(0, 600).trimEnd();
    const kept = creditsKeptForStoppedReply(20, written.length);
    expect(response.json()).toMatchObject({ message: { content: written }, credits_charged: kept, credits_refunded: 20 - kept });
    expect((await stream.done()).message?.content).toBe(written);
    // The worker heard the stop through NOTIFY and closed its model call.
    await until('the worker abandoning the model call', () => fake.abandoned() === 1);
    expect((await creditsOf(apiOnly.app, caller)).remaining).toBe(3000 - kept);
  });
});
