/**
 * GET /agents/sessions/{id}/messages in pages (docs/agents.md, docs/scale.md): with `limit`, the
 * newest messages before `before`, oldest first, and `has_more`; walking the pages back to the first
 * gives exactly the unpaged list, for every version (`versions=all`) and for the shown branch
 * (`current`, the default). Without `limit` the answer is the whole chat, as a spec client expects.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, authHeaders, createTestApp, registerOwner, type TestApp } from '../helpers/server';
import { startFakeOpenAi, type FakeOpenAi } from '../helpers/fake-openai';
import { sendAsync, waitForReply, type Caller } from '../helpers/fake-openai-chat';
import type { RegenerationAccepted, SessionWithMessages } from '../../src/contract/agents';

describe('a chat’s messages in pages', () => {
  let fake: FakeOpenAi;
  let t: TestApp;
  let caller: Caller;
  let sessionId: string;

  const get = (url: string) => t.app.inject({ method: 'GET', url: `${API}${url}`, headers: authHeaders(caller.access_token, caller.spaceId) });

  async function listed(query: string): Promise<SessionWithMessages> {
    const response = await get(`/agents/sessions/${sessionId}/messages${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<SessionWithMessages>();
  }

  /** Every page of `limit`, newest page first, read back to the first message; joined oldest first. */
  async function walked(versions: 'all' | 'current', limit: number): Promise<{ ids: string[]; pages: number }> {
    let before: string | undefined;
    const pages: string[][] = [];
    for (;;) {
      const page = await listed(`?versions=${versions}&limit=${limit}${before ? `&before=${before}` : ''}`);
      expect(page.messages.length).toBeLessThanOrEqual(limit);
      pages.unshift(page.messages.map((message) => message.id));
      if (!page.has_more) break;
      before = page.messages[0]!.id;
    }
    return { ids: pages.flat(), pages: pages.length };
  }

  beforeAll(async () => {
    fake = await startFakeOpenAi();
    fake.behave({ reply: () => `Answer #${fake.requests.length}` });
    t = await createTestApp({ env: { OPENAI_COMPATIBLE_BASE_URL: fake.baseUrl } });
    const owner = await registerOwner(t.app);
    caller = { access_token: owner.access_token, spaceId: owner.defaultSpace.id };
    // Three questions and their replies, then the second reply regenerated: 7 messages. The new
    // version starts a branch of its own and is the newest message, so the shown branch is the first
    // exchange, the second question and the new version.
    let since = '';
    for (const question of ['Keywords for bakeries?', 'And for florists?', 'And for cafés?']) {
      const response = await sendAsync(t.app, caller, 'seo', { message: question, ...(sessionId ? { session_id: sessionId } : {}) });
      expect(response.statusCode, response.body).toBe(202);
      const accepted = response.json<{ session_id: string; created_at: string }>();
      sessionId = accepted.session_id;
      since = accepted.created_at;
      await waitForReply(t.app, caller, sessionId, since);
    }
    const all = (await listed('?versions=all')).messages;
    const secondReply = all[3]!;
    const regenerated = await t.app.inject({ method: 'POST', url: `${API}/agents/messages/${secondReply.id}/regenerate/async`, headers: authHeaders(caller.access_token, caller.spaceId) });
    expect(regenerated.statusCode, regenerated.body).toBe(202);
    await waitForReply(t.app, caller, sessionId, regenerated.json<RegenerationAccepted>().created_at);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('pages every version newest first; the pages joined are the unpaged list', async () => {
    const unpaged = await listed('?versions=all');
    expect(unpaged.messages).toHaveLength(7);
    expect(unpaged.has_more).toBeUndefined();

    const newest = await listed('?versions=all&limit=3');
    expect(newest.messages.map((message) => message.id)).toEqual(unpaged.messages.slice(4).map((message) => message.id));
    expect(newest.has_more).toBe(true);

    for (const limit of [1, 2, 3, 7, 500]) {
      const { ids, pages } = await walked('all', limit);
      expect(ids, `limit ${limit}`).toEqual(unpaged.messages.map((message) => message.id));
      expect(pages).toBe(Math.max(1, Math.ceil(7 / limit)));
    }
  });

  it('pages the shown branch up from its newest message; the pages joined are the branch a spec client sees', async () => {
    const branch = (await listed('')).messages;
    // The first exchange, then the second question with its regenerated reply (the newest message).
    expect(branch).toHaveLength(4);
    for (const limit of [1, 2, 3, 4, 50]) {
      const { ids } = await walked('current', limit);
      expect(ids, `limit ${limit}`).toEqual(branch.map((message) => message.id));
    }
    const first = await listed('?limit=2');
    expect(first.messages.map((message) => message.content)).toEqual(branch.slice(2).map((message) => message.content));
    expect(first.has_more).toBe(true);
    expect(first.session.id).toBe(sessionId);
  });

  it('refuses a cursor that is not one of the chat’s messages, and a page over the maximum', async () => {
    const unknown = await get(`/agents/sessions/${sessionId}/messages?limit=5&before=${crypto.randomUUID()}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ detail: 'Message not found' });
    const tooMany = await get(`/agents/sessions/${sessionId}/messages?limit=501`);
    expect(tooMany.statusCode).toBe(422);
  });
});
