/**
 * A send with an Idempotency-Key (what the offline outbox sends, docs/agents.md "Offline outbox")
 * over HTTP on the real server: repeated, even at the same moment, it stores one message, queues one
 * run and charges once, and every repeat answers with the first; the key belongs to its space.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { agentRuns } from '../../server/src/db/schema/index';
import { API, authHeaders, registerOwner } from '../helpers/server';
import { creditsOf, waitForReply, type AcceptedBody, type Caller } from '../helpers/fake-openai-chat';
import { appForSuite } from '../helpers/suite-fixtures';
import type { SessionWithMessages } from '../../src/contract/agents';

describe('sending with an Idempotency-Key', () => {
  const t = appForSuite();

  async function newCaller(): Promise<Caller> {
    const owner = await registerOwner(t.app);
    return { access_token: owner.access_token, spaceId: owner.defaultSpace.id };
  }
  const send = (caller: Caller, key: string, payload: object) =>
    t.app.inject({
      method: 'POST',
      url: `${API}/agents/email/messages/async`,
      headers: { ...authHeaders(caller.access_token, caller.spaceId), 'idempotency-key': key },
      payload,
    });
  const runsOf = (sessionId: string) => t.database.db.select().from(agentRuns).where(eq(agentRuns.sessionId, sessionId));
  const messagesOf = async (caller: Caller, sessionId: string) =>
    (
      await t.app.inject({ method: 'GET', url: `${API}/agents/sessions/${sessionId}/messages?versions=all`, headers: authHeaders(caller.access_token, caller.spaceId) })
    ).json<SessionWithMessages>().messages;

  it('answers a repeated send with the first: one message, one run, one charge', async () => {
    const caller = await newCaller();
    const key = randomUUID();
    const first = await send(caller, key, { message: 'A welcome email for new subscribers' });
    expect(first.statusCode).toBe(202);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const accepted = first.json<AcceptedBody>();
    await waitForReply(t.app, caller, accepted.session_id, accepted.created_at);

    // The outbox retries after the first answer was lost: same key, same text.
    const again = await send(caller, key, { message: 'A welcome email for new subscribers' });
    expect(again.statusCode).toBe(202);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toMatchObject({
      session_id: accepted.session_id,
      message_id: accepted.message_id,
      run_id: accepted.run_id,
      created_at: accepted.created_at,
      credits_charged: 20,
      status: 'succeeded',
    });
    expect(await runsOf(accepted.session_id)).toHaveLength(1);
    expect((await messagesOf(caller, accepted.session_id)).filter((m) => m.role === 'user')).toHaveLength(1);
    expect((await creditsOf(t.app, caller)).remaining).toBe(3000 - 20);
  });

  it('stores one message when the same send arrives several times at once, into an existing chat too', async () => {
    const caller = await newCaller();
    const opened = (await send(caller, randomUUID(), { message: 'Subject lines for the spring sale' })).json<AcceptedBody>();
    await waitForReply(t.app, caller, opened.session_id, opened.created_at);

    const key = randomUUID();
    const answers = await Promise.all([1, 2, 3].map(() => send(caller, key, { session_id: opened.session_id, message: 'And a preview line?' })));
    expect(answers.map((answer) => answer.statusCode)).toEqual([202, 202, 202]);
    const ids = new Set(answers.map((answer) => answer.json<AcceptedBody>().message_id));
    expect(ids.size).toBe(1);
    expect(answers.filter((answer) => answer.headers['idempotent-replayed'] === 'true')).toHaveLength(2);
    const accepted = answers[0]!.json<AcceptedBody>();
    await waitForReply(t.app, caller, opened.session_id, accepted.created_at);
    expect(await runsOf(opened.session_id)).toHaveLength(2);
    expect((await messagesOf(caller, opened.session_id)).filter((m) => m.content === 'And a preview line?')).toHaveLength(1);
    expect((await creditsOf(t.app, caller)).remaining).toBe(3000 - 40);
  });

  it('starts one chat when the first message of a new chat arrives several times at once', async () => {
    const caller = await newCaller();
    const key = randomUUID();
    const answers = await Promise.all([1, 2, 3].map(() => send(caller, key, { message: 'Written offline, sent three times' })));
    expect(answers.map((answer) => answer.statusCode)).toEqual([202, 202, 202]);
    expect(new Set(answers.map((answer) => answer.json<AcceptedBody>().session_id)).size).toBe(1);
    const history = await t.app.inject({ method: 'GET', url: `${API}/agents/sessions`, headers: authHeaders(caller.access_token, caller.spaceId) });
    expect(history.json<unknown[]>()).toHaveLength(1);
    const accepted = answers[0]!.json<AcceptedBody>();
    await waitForReply(t.app, caller, accepted.session_id, accepted.created_at);
    expect((await creditsOf(t.app, caller)).remaining).toBe(3000 - 20);
  });

  it('keeps keys per space, and refuses a key that is not 1–200 visible characters', async () => {
    const first = await newCaller();
    const second = await newCaller();
    const key = randomUUID();
    const mine = (await send(first, key, { message: 'Mine' })).json<AcceptedBody>();
    const theirs = await send(second, key, { message: 'Theirs' });
    expect(theirs.statusCode).toBe(202);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(theirs.json<AcceptedBody>().message_id).not.toBe(mine.message_id);

    const bad = await send(first, 'has spaces in it', { message: 'Refused' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toMatchObject({ errors: [{ field: 'Idempotency-Key' }] });
  });
});
