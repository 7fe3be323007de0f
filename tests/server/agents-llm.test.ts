/**
 * Agents answering through a model provider: the app talks to a local fake OpenAI-compatible
 * server over real HTTP with the real wire format (SSE streaming). Covers the prompt the model gets,
 * failures with refunds, cancel, the session lock and that a waiting long poll is woken by the reply
 * (polls here hold far longer than a test may take, so a poll that was not woken fails the test).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { API, authHeaders, createTestApp, registerOwner, testEngine, type TestApp } from '../helpers/server';
import { openTestDatabase } from '../helpers/server-database';
import { until } from '../helpers/wait-until';
import { startFakeOpenAi, type FakeOpenAi } from '../helpers/fake-openai';
import { creditsOf, poll, seedDocument, sendAsync, waitForReply, type AcceptedBody, type PollBody } from '../helpers/fake-openai-chat';
import { appForSuite, startedForSuite, preparedForSuite } from '../helpers/suite-fixtures';

describe('agents with an OpenAI-compatible provider', () => {
  const fake = startedForSuite(() => startFakeOpenAi());
  const t = appForSuite(() => ({
    env: {
      OPENAI_COMPATIBLE_BASE_URL: fake.baseUrl,
      OPENAI_COMPATIBLE_API_KEY: 'local-key',
      LLM_MODEL: 'llama-test',
      // One attempt: a failing provider ends the run at once (retries have their own test below).
      AGENT_RUN_MAX_ATTEMPTS: '1',
      // Longer than any test may take: a poll that answers was answered by news, never by its time-out.
      AGENT_POLL_HOLD_SECONDS: '120',
    },
  }));
  const owner = preparedForSuite(() => registerOwner(t.app));
  const caller = preparedForSuite(() => ({ access_token: owner.access_token, spaceId: owner.defaultSpace.id }));

  beforeAll(async () => {
    await seedDocument(t.database, {
      spaceId: caller.spaceId,
      filename: 'brand-book.pdf',
      passages: ['Mosaic speaks like a helpful colleague: short sentences, no buzzwords, always a concrete next step for the marketer.'],
    });
  });
  afterEach(() => fake.behave({}));

  it('streams the reply from the provider and gives it the persona, template and knowledge passages', async () => {
    const answer = '### Verdict\n\nMostly on brand.\n\n' + 'Use shorter sentences. '.repeat(40);
    fake.behave({ reply: () => answer, chunkSize: 7 });
    const accepted = (await sendAsync(t.app, caller, 'brand-voice', { message: 'Check our helpful colleague tone with buzzwords' })).json<AcceptedBody>();
    const result = await waitForReply(t.app, caller, accepted.session_id, accepted.created_at);
    const reply = result.messages.find((m) => m.role === 'assistant')!;
    expect(reply.content).toBe(answer);
    expect(reply.engine).toBe('openai-compatible/llama-test');

    const request = fake.requests.at(-1)!;
    expect(request.stream).toBe(true);
    expect(request.model).toBe('llama-test');
    expect(fake.authorizations.at(-1)).toBe('Bearer local-key');
    const system = request.messages.find((m) => m.role === 'system')!.content as string;
    expect(system).toContain('Brand Voice editor');
    expect(system).toContain('### Rewrite');
    expect(system).toContain('(brand-book.pdf)');
    expect(system).toContain('no buzzwords');
    expect(request.messages.at(-1)).toEqual({ role: 'user', content: 'Check our helpful colleague tone with buzzwords' });
  });

  it('sends the conversation so far on a follow-up', async () => {
    const first = (await sendAsync(t.app, caller, 'seo', { message: 'First question' })).json<AcceptedBody>();
    await waitForReply(t.app, caller, first.session_id, first.created_at);
    const second = (await sendAsync(t.app, caller, 'seo', { session_id: first.session_id, message: 'Second question' })).json<AcceptedBody>();
    await waitForReply(t.app, caller, first.session_id, second.created_at);
    const turns = fake.requests.at(-1)!.messages.filter((m) => m.role !== 'system');
    expect(turns).toEqual([
      { role: 'user', content: 'First question' },
      { role: 'assistant', content: 'Echo: First question' },
      { role: 'user', content: 'Second question' },
    ]);
  });

  it('refunds the charge when the provider fails, and the poll reports the failure', async () => {
    fake.behave({ failWith: 500 });
    const before = await creditsOf(t.app, caller);
    const accepted = (await sendAsync(t.app, caller, 'cmo', { message: 'Board update please' })).json<AcceptedBody>();
    expect(accepted.credits_remaining).toBe(before.remaining - 20);
    const result = await waitForReply(t.app, caller, accepted.session_id, accepted.created_at);
    expect(result.run).toMatchObject({ status: 'failed', refunded: true });
    expect(result.run?.error).toContain('500');
    expect(result.messages.filter((m) => m.role === 'assistant')).toEqual([]);
    expect((await creditsOf(t.app, caller)).remaining).toBe(before.remaining);
  });

  it('cancels a run in progress: the provider call is dropped, the credits come back, the session unlocks', async () => {
    fake.behave({ hang: true });
    const before = await creditsOf(t.app, caller);
    const asked = fake.requests.length;
    const accepted = (await sendAsync(t.app, caller, 'email', { message: 'Write a long sequence' })).json<AcceptedBody>();
    await until('the provider being asked', () => fake.requests.length > asked);
    // Spec 001 §4: sending again while a reply is being written is refused.
    const second = await sendAsync(t.app, caller, 'email', { session_id: accepted.session_id, message: 'Another one' });
    expect(second.statusCode).toBe(409);

    const cancel = await t.app.inject({ method: 'POST', url: `${API}/agents/sessions/${accepted.session_id}/cancel`, headers: authHeaders(caller.access_token, caller.spaceId) });
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json()).toMatchObject({ status: 'cancelled', refunded: true, error: 'Request cancelled' });
    expect((await creditsOf(t.app, caller)).remaining).toBe(before.remaining);
    const polled = (await poll(t.app, caller, accepted.session_id, accepted.created_at)).json<PollBody>();
    expect(polled.run?.status).toBe('cancelled');

    fake.behave({});
    const again = await sendAsync(t.app, caller, 'email', { session_id: accepted.session_id, message: 'Short one instead' });
    expect(again.statusCode).toBe(202);
    const cancelIdle = await t.app.inject({ method: 'POST', url: `${API}/agents/sessions/${accepted.session_id}/cancel`, headers: authHeaders(caller.access_token, caller.spaceId) });
    await waitForReply(t.app, caller, accepted.session_id, again.json<AcceptedBody>().created_at);
    expect([200, 409]).toContain(cancelIdle.statusCode);
  });

  it('wakes a waiting long poll as soon as the reply is stored', async () => {
    fake.behave({ hang: true });
    const accepted = (await sendAsync(t.app, caller, 'creative', { message: 'Taglines please' })).json<AcceptedBody>();
    const isThisRun = (request: (typeof fake.requests)[number]) => request.messages.at(-1)?.content === 'Taglines please';
    await until('the provider being asked', () => fake.requests.some(isThisRun));
    const waker = t.deps.waker;
    const waitingBefore = waker.waiting();

    // The model has not answered, so the poll has nothing to return: it waits...
    const polled = poll(t.app, caller, accepted.session_id, accepted.created_at);
    await until('the poll being held', () => waker.waiting() > waitingBefore);
    // ...until the reply is stored. Its hold (120 s) outlasts the test, so only the wake can end it.
    fake.release(fake.requests.findIndex(isThisRun), { reply: () => 'Here is your answer.' });
    const body = (await polled).json<PollBody>();
    expect(body.timed_out).toBe(false);
    expect(body.messages.filter((m) => m.role === 'assistant').map((m) => m.content)).toEqual(['Here is your answer.']);
  });
});

describe('agent runs retry a failing provider', () => {
  const fake = startedForSuite(() => startFakeOpenAi());
  const t = appForSuite(() => ({ env: { OPENAI_COMPATIBLE_BASE_URL: fake.baseUrl, AGENT_RUN_MAX_ATTEMPTS: '2' } }));

  it('answers on the second attempt after a 503, charging once', async () => {
    const owner = await registerOwner(t.app);
    const caller = { access_token: owner.access_token, spaceId: owner.defaultSpace.id };
    fake.behave({ failWith: 503, failTimes: 1, reply: () => 'Second time lucky.' });
    const accepted = (await sendAsync(t.app, caller, 'seo', { message: 'Keywords?' })).json<AcceptedBody>();
    const result = await waitForReply(t.app, caller, accepted.session_id, accepted.created_at, 30_000);
    expect(result.messages.find((m) => m.role === 'assistant')?.content).toBe('Second time lucky.');
    expect(fake.requests.length).toBe(2);
    expect((await creditsOf(t.app, caller)).remaining).toBe(3000 - 20);
  }, 40_000);
});

describe.skipIf(testEngine !== 'postgres')('a reply stored by another process (PostgreSQL LISTEN/NOTIFY)', () => {
  let fake: FakeOpenAi;
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let apiOnly: TestApp;
  let worker: TestApp;

  beforeAll(async () => {
    fake = await startFakeOpenAi({ hang: true });
    database = await openTestDatabase();
    const env = { OPENAI_COMPATIBLE_BASE_URL: fake.baseUrl, AGENT_POLL_HOLD_SECONDS: '120' };
    // Two server processes on one database: one answers HTTP only, the other runs the jobs.
    apiOnly = await createTestApp({ database: database.database, env: { ...env, JOB_WORKERS: 'false' } });
    worker = await createTestApp({ database: database.database, env });
  });
  afterAll(async () => {
    await apiOnly.close();
    await worker.close();
    await database.dispose();
    await fake.close();
  });

  it('wakes the poll held by the first process when the second stores the reply', async () => {
    const owner = await registerOwner(apiOnly.app);
    const caller = { access_token: owner.access_token, spaceId: owner.defaultSpace.id };
    const accepted = (await sendAsync(apiOnly.app, caller, 'seo', { message: 'Across processes' })).json<AcceptedBody>();
    await until('the worker process asking the provider', () => fake.requests.length === 1);
    const waker = apiOnly.deps.waker;

    const polled = poll(apiOnly.app, caller, accepted.session_id, accepted.created_at);
    await until('the poll being held', () => waker.waiting() === 1);
    // The poll holds for 120 s, longer than the test: only the NOTIFY from the worker process ends it.
    fake.release(0, { reply: () => 'Written by the worker process.' });
    const body = (await polled).json<PollBody>();
    expect(body.timed_out).toBe(false);
    expect(body.messages.find((m) => m.role === 'assistant')?.content).toBe('Written by the worker process.');
  });
});
