/**
 * Agents and chat over HTTP with the built-in offline engine (no provider configured): the whole
 * flow of spec 001 §4/§7 on the real server and database (PGlite, and PostgreSQL with test:pg).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { POLL_MESSAGES_MAX } from '../../src/contract/agents';
import { chatMessages } from '../../server/src/db/schema/index';
import { until } from '../helpers/wait-until';
import { API, authHeaders, registerOwner, addMember } from '../helpers/server';
import {
  creditsOf,
  expirePlan,
  poll,
  seedDocument,
  sendAsync,
  setRemainingCredits,
  waitForReply,
  type AcceptedBody,
  type Caller,
  type MessageBody,
} from '../helpers/fake-openai-chat';
import { appForSuite, preparedForSuite } from '../helpers/suite-fixtures';

describe('agents with the offline engine', () => {
  const t = appForSuite();
  const owner = preparedForSuite(() => registerOwner(t.app));
  const caller = preparedForSuite(() => ({ access_token: owner.access_token, spaceId: owner.defaultSpace.id }));

  beforeAll(async () => {
    await seedDocument(t.database, {
      spaceId: caller.spaceId,
      filename: 'q3-campaign-plan.md',
      category: 'strategy',
      passages: [
        'Our Q3 campaign targets small bakeries in Lisbon. The main channel is Instagram, with a budget of 12,000 euros. Success means 400 new trial sign-ups by September.',
        'Email nurturing follows every sign-up. The welcome email must arrive within five minutes and mention the free pastry workshop.',
      ],
    });
  });

  const get = (url: string, who: Caller = caller) => t.app.inject({ method: 'GET', url: `${API}${url}`, headers: authHeaders(who.access_token, who.spaceId) });

  it('lists the six agents with their maximum waits and the offline engine', async () => {
    const response = await get('/agents');
    expect(response.statusCode).toBe(200);
    const agents = response.json<{ slug: string; max_wait_minutes: number; engine: string; sections: string[] }[]>();
    expect(agents.map((agent) => [agent.slug, agent.max_wait_minutes])).toEqual([
      ['brand-voice', 35],
      ['strategy-review', 35],
      ['seo', 35],
      ['cmo', 40],
      ['email', 30],
      ['creative', 30],
    ]);
    expect(new Set(agents.map((agent) => agent.engine))).toEqual(new Set(['offline']));
    expect(agents.every((agent) => agent.sections.length >= 4)).toBe(true);
  });

  it("answers 404 'Agent not found' for an unknown agent", async () => {
    const send = await sendAsync(t.app, caller, 'astrologer', { message: 'Hello' });
    expect(send.statusCode).toBe(404);
    expect(send.json()).toMatchObject({ detail: 'Agent not found', code: 'NOT_FOUND' });
    expect((await get('/agents/astrologer/settings')).json()).toMatchObject({ detail: 'Agent not found' });
  });

  it('accepts a message, creates a titled session, charges 20 credits once and writes a grounded reply', async () => {
    const before = await creditsOf(t.app, caller);
    const message = 'What is the plan for our Q3 campaign on Instagram and how do we measure success for bakeries?';
    const response = await sendAsync(t.app, caller, 'strategy-review', { message, referenced_document_ids: [], brand_voice: 'Warm, plain and confident. No jargon.' });
    expect(response.statusCode).toBe(202);
    const accepted = response.json<AcceptedBody>();
    // Named from the request by the engine, stored whole (the client shortens titles on screen).
    expect(accepted.title).toBe('Q3 campaign');
    expect(accepted.credits_charged).toBe(20);
    expect(accepted.credits_remaining).toBe(before.remaining - 20);

    const result = await waitForReply(t.app, caller, accepted.session_id, accepted.created_at);
    const reply = result.messages.find((m) => m.role === 'assistant')!;
    expect(result.run?.status).toBe('succeeded');
    expect(reply.engine).toBe('offline/mosaic-offline-1');
    // The reply is the answer only: the client shows that no model wrote it (from `engine`).
    expect(reply.content).not.toContain('LLM_PROVIDER');
    // Shaped by the Strategy Review template, grounded in the seeded plan, in the given brand voice.
    for (const heading of ['### Summary', '### Strengths, gaps and risks', '### Evidence from your documents', '### Recommended decisions']) {
      expect(reply.content).toContain(heading);
    }
    expect(reply.content).toContain('q3-campaign-plan.md');
    expect(reply.content).toContain('400 new trial sign-ups');
    // No property is linked: the answer does without figures instead of telling the reader how to connect one.
    expect(reply.content).not.toContain('### Performance context');
    expect(reply.content).not.toContain('Connect Google Analytics');

    // The client's deduct call after sending carries the same idempotency key: nothing more is charged.
    const deduct = await t.app.inject({
      method: 'POST',
      url: `${API}/billing/credits/deduct`,
      headers: { ...authHeaders(caller.access_token, caller.spaceId), 'idempotency-key': `chat_message:${accepted.message_id}` },
      payload: { amount: 20, feature_type: 'chat', agent_name: 'Strategy Review', agent_mode: 'normal' },
    });
    expect(deduct.statusCode).toBe(200);
    expect((await creditsOf(t.app, caller)).remaining).toBe(before.remaining - 20);

    const sessions = await get('/agents/sessions?slug=strategy-review');
    expect(sessions.json<{ id: string }[]>().map((s) => s.id)).toContain(accepted.session_id);
    expect((await get('/agents/sessions?slug=email')).json<{ id: string }[]>().map((s) => s.id)).not.toContain(accepted.session_id);
    const history = await get(`/agents/sessions/${accepted.session_id}/messages`);
    expect(history.json<{ messages: MessageBody[] }>().messages.map((m) => m.role)).toEqual(['user', 'assistant']);
  });

  it('is deterministic: the same question gets the same answer', async () => {
    const ask = async () => {
      const accepted = (await sendAsync(t.app, caller, 'email', { message: 'Draft the welcome email for new trial sign-ups' })).json<AcceptedBody>();
      const result = await waitForReply(t.app, caller, accepted.session_id, accepted.created_at);
      return result.messages.find((m) => m.role === 'assistant')!.content;
    };
    const first = await ask();
    for (const part of ['**Subject line:**', '**Preheader:**', '**Body**', '**Call to action:**']) expect(first).toContain(part);
    expect(first).toContain('five minutes');
    expect(await ask()).toBe(first);
  });

  it('charges by mode: medium 30 and max 40 (spec 001 §5), continuing an existing session', async () => {
    const first = (await sendAsync(t.app, caller, 'seo', { message: 'Keywords for bakery software', k_value_kb: 10, k_value_ref_docs: 10 })).json<AcceptedBody>();
    expect(first.credits_charged).toBe(30);
    await waitForReply(t.app, caller, first.session_id, first.created_at);
    const second = await sendAsync(t.app, caller, 'seo', { session_id: first.session_id, message: 'And a title tag?', mode: 'max' });
    expect(second.statusCode).toBe(202);
    expect(second.json<AcceptedBody>()).toMatchObject({ session_id: first.session_id, credits_charged: 40 });
  });

  it('refuses a message for another agent’s session', async () => {
    const accepted = (await sendAsync(t.app, caller, 'cmo', { message: 'Priorities?' })).json<AcceptedBody>();
    await waitForReply(t.app, caller, accepted.session_id, accepted.created_at);
    const response = await sendAsync(t.app, caller, 'email', { session_id: accepted.session_id, message: 'Hi' });
    expect(response.statusCode).toBe(409);
  });

  it('validates the payload with field errors', async () => {
    const blank = await sendAsync(t.app, caller, 'seo', { message: '   ' });
    expect(blank.statusCode).toBe(422);
    expect(blank.json()).toMatchObject({ code: 'VALIDATION_ERROR', errors: [{ field: 'message', message: 'Message is required' }] });
    const badK = await sendAsync(t.app, caller, 'seo', { message: 'x', k_value_kb: 99 });
    expect(badK.statusCode).toBe(422);
  });

  it('runs the synchronous variant and returns the reply', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `${API}/agents/creative/messages`,
      headers: authHeaders(caller.access_token, caller.spaceId),
      payload: { message: 'Campaign concepts for bakeries on Instagram' },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ reply: MessageBody; session_id: string }>();
    expect(body.reply.role).toBe('assistant');
    expect(body.reply.content).toContain('**Concept 1');
  });

  it('rates a reply with categories and text, and refuses to rate a user message', async () => {
    const accepted = (await sendAsync(t.app, caller, 'brand-voice', { message: 'We leverage best-in-class synergy to utilize bread.' })).json<AcceptedBody>();
    const reply = (await waitForReply(t.app, caller, accepted.session_id, accepted.created_at)).messages.find((m) => m.role === 'assistant')!;
    expect(reply.content).toContain('We use proven teamwork to use bread.');
    const rate = (id: string, payload: object) =>
      t.app.inject({ method: 'POST', url: `${API}/agents/messages/${id}/rating`, headers: authHeaders(caller.access_token, caller.spaceId), payload });
    const rated = await rate(reply.id, { rating: -1, feedback_categories: ['off_brand', 'too_long'], feedback_text: 'Too formal' });
    expect(rated.statusCode).toBe(200);
    expect(rated.json()).toMatchObject({ rating: -1, feedback_categories: ['off_brand', 'too_long'], feedback_text: 'Too formal' });
    const history = (await get(`/agents/sessions/${accepted.session_id}/messages`)).json<{ messages: MessageBody[] }>();
    expect(history.messages.find((m) => m.id === reply.id)?.rating).toBe(-1);
    expect((await rate(accepted.message_id, { rating: 1 })).json()).toMatchObject({ detail: 'Only replies from an agent can be rated' });
    expect((await rate(reply.id, { rating: 5 })).statusCode).toBe(422);
    expect((await rate(reply.id, { rating: 1, feedback_categories: ['made_up'] })).statusCode).toBe(422);
  });

  it('regenerates a reply: a different answer takes its place and is charged again', async () => {
    const accepted = (await sendAsync(t.app, caller, 'cmo', { message: 'How should we split our Instagram budget for bakeries?' })).json<AcceptedBody>();
    const original = (await waitForReply(t.app, caller, accepted.session_id, accepted.created_at)).messages.find((m) => m.role === 'assistant')!;
    const before = await creditsOf(t.app, caller);
    const response = await t.app.inject({ method: 'POST', url: `${API}/agents/messages/${original.id}/regenerate`, headers: authHeaders(caller.access_token, caller.spaceId) });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ new_message_id: string; content: string }>();
    expect(body.new_message_id).not.toBe(original.id);
    expect(body.content).not.toBe(original.content);
    expect((await creditsOf(t.app, caller)).remaining).toBe(before.remaining - 20);
    const ids = (await get(`/agents/sessions/${accepted.session_id}/messages`)).json<{ messages: MessageBody[] }>().messages.map((m) => m.id);
    expect(ids).toEqual([accepted.message_id, body.new_message_id]);
  });

  it('holds an idle long poll for about 25 s by default', () => {
    expect(t.config.agentRuns.pollHoldMs).toBe(25_000);
  });
});

describe('agents: plan, credits and space boundaries', () => {
  const t = appForSuite({ env: { AGENT_POLL_HOLD_SECONDS: '0.5' } });
  const owner = preparedForSuite(() => registerOwner(t.app));
  const caller = preparedForSuite(() => ({ access_token: owner.access_token, spaceId: owner.defaultSpace.id }));

  it('answers at once when the poll has nothing to wait for, and holds otherwise', async () => {
    const accepted = (await sendAsync(t.app, caller, 'seo', { message: 'Meta description for our pricing page' })).json<AcceptedBody>();
    const done = await waitForReply(t.app, caller, accepted.session_id, accepted.created_at);
    const last = done.messages.at(-1)!;
    const waker = t.deps.waker;
    const waitingBefore = waker.waiting();
    const polled = poll(t.app, caller, accepted.session_id, last.created_at);
    // Nothing new: the poll is held (it registers as waiting), and only its hold time (0.5 s in
    // this suite) ends it, since nothing arrives to wake it.
    await until('the poll being held', () => waker.waiting() > waitingBefore);
    expect((await polled).json()).toMatchObject({ messages: [], timed_out: true });
    expect(waker.waiting()).toBe(waitingBefore);
    expect((await poll(t.app, caller, accepted.session_id, 'yesterday')).statusCode).toBe(422);
  });

  it(`answers at most ${POLL_MESSAGES_MAX} messages a poll, never ending inside a millisecond, and the next poll from the last reads on`, async () => {
    const accepted = (await sendAsync(t.app, caller, 'seo', { message: 'Headline ideas for the spring sale' })).json<AcceptedBody>();
    const done = await waitForReply(t.app, caller, accepted.session_id, accepted.created_at);
    const last = done.messages.at(-1)!;
    // 250 messages after the reply, a millisecond apart, except the 100th and 101st: one millisecond.
    const base = Date.parse(last.created_at) + 1_000;
    const at = (index: number) => new Date(base + (index === 100 ? 99 : index));
    await t.database.db
      .insert(chatMessages)
      .values(Array.from({ length: 250 }, (_, index) => ({ sessionId: accepted.session_id, spaceId: caller.spaceId, role: 'user' as const, content: `Note ${index}`, createdAt: at(index) })));

    const pages: MessageBody[][] = [];
    let since = last.created_at;
    while (pages.flat().length < 250 && pages.length < 5) {
      const answer = (await poll(t.app, caller, accepted.session_id, since)).json<{ messages: MessageBody[]; timed_out: boolean }>();
      expect(answer.messages.length).toBeGreaterThan(0);
      expect(answer.messages.length).toBeLessThanOrEqual(POLL_MESSAGES_MAX);
      pages.push(answer.messages);
      since = answer.messages.at(-1)!.created_at;
    }
    // The first answer stops before the shared millisecond; nothing is skipped or repeated.
    expect(pages.map((page) => page.length)).toEqual([99, 100, 51]);
    // (The two of one millisecond come in id order, so the contents are compared as a set.)
    const read = pages.flat().map((message) => message.content);
    expect(read).toHaveLength(250);
    expect(new Set(read)).toEqual(new Set(Array.from({ length: 250 }, (_, index) => `Note ${index}`)));
  });

  it('refuses a short balance with the spec message and stores nothing', async () => {
    const listSessions = () => t.app.inject({ method: 'GET', url: `${API}/agents/sessions`, headers: authHeaders(caller.access_token, caller.spaceId) });
    const sessionsBefore = (await listSessions()).json<unknown[]>();
    await setRemainingCredits(t.database, owner.user.org_id!, 25);
    const response = await sendAsync(t.app, caller, 'cmo', { message: 'Board update', mode: 'max' });
    expect(response.statusCode).toBe(402);
    expect(response.json()).toMatchObject({
      code: 'INSUFFICIENT_CREDITS',
      detail: 'Insufficient credits. This operation requires 40 credits, but you only have 25 remaining.',
    });
    expect((await listSessions()).json()).toEqual(sessionsBefore);
    expect((await creditsOf(t.app, caller)).remaining).toBe(25);
    await setRemainingCredits(t.database, owner.user.org_id!, 3000);
  });

  it('refuses an expired plan with the spec message', async () => {
    const other = await registerOwner(t.app);
    await expirePlan(t.database, other.user.org_id!);
    const response = await sendAsync(t.app, { access_token: other.access_token, spaceId: other.defaultSpace.id }, 'seo', { message: 'Hi' });
    expect(response.statusCode).toBe(402);
    expect(response.json()).toMatchObject({
      code: 'PLAN_EXPIRED',
      detail: 'Your free plan has expired. Please upgrade your plan to continue using AI agents.',
    });
  });

  it('keeps sessions inside their space: another space or organisation cannot read them', async () => {
    const accepted = (await sendAsync(t.app, caller, 'seo', { message: 'Secret launch keywords' })).json<AcceptedBody>();
    await waitForReply(t.app, caller, accepted.session_id, accepted.created_at);
    const outsider = await registerOwner(t.app);
    const outsiderCaller = { access_token: outsider.access_token, spaceId: outsider.defaultSpace.id };
    const secondSpace = await t.app.inject({
      method: 'POST',
      url: `${API}/spaces/`,
      headers: authHeaders(owner.access_token),
      payload: { name: 'Other', slug: 'other' },
    });
    const sameOrgOtherSpace = { access_token: owner.access_token, spaceId: secondSpace.json<{ id: string }>().id };
    const member = await addMember(t.app, t.database, owner);
    const memberCaller = { access_token: member.access_token, spaceId: owner.defaultSpace.id };

    for (const who of [outsiderCaller, sameOrgOtherSpace]) {
      const headers = authHeaders(who.access_token, who.spaceId);
      expect((await t.app.inject({ method: 'GET', url: `${API}/agents/sessions/${accepted.session_id}/messages`, headers })).statusCode).toBe(404);
      expect((await poll(t.app, who, accepted.session_id)).statusCode).toBe(404);
      expect((await sendAsync(t.app, who, 'seo', { session_id: accepted.session_id, message: 'x' })).statusCode).toBe(404);
      const listed = await t.app.inject({ method: 'GET', url: `${API}/agents/sessions`, headers });
      expect(listed.json<{ id: string }[]>().map((s) => s.id)).not.toContain(accepted.session_id);
    }
    // The outsider cannot read it even by naming the owner's space: that space is not theirs.
    expect((await poll(t.app, { access_token: outsider.access_token, spaceId: owner.defaultSpace.id }, accepted.session_id)).statusCode).toBe(404);
    // A colleague in the same space shares the space's chats.
    expect((await poll(t.app, memberCaller, accepted.session_id)).statusCode).toBe(200);
  });
});
