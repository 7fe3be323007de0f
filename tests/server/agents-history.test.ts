/**
 * The space's chat history over HTTP (docs/agents.md "History"): the list across agents, rename,
 * pin, delete with undo, and full-text search, on the real server and database (PGlite, and
 * PostgreSQL with test:pg). Chats are seeded straight into the tables with chosen times, so the
 * order and the grouping do not depend on how fast the test runs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { agentRuns, chatMessages, chatSessions } from '../../server/src/db/schema/index';
import { API, addMember, authHeaders, createTestApp, registerOwner, type RegisteredOwner, type SignedIn, type TestApp } from '../helpers/server';
import { sendAsync, waitForReply, type AcceptedBody } from '../helpers/fake-openai-chat';
import type { DeletedSession, HistoryPage, HistorySearchResult, HistorySessionDto } from '../../src/contract/chat-history';
import type { ChatSessionDto } from '../../src/contract/agents';

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

describe('chat history', () => {
  let t: TestApp;
  let owner: RegisteredOwner;
  let member: SignedIn;
  let otherOrg: RegisteredOwner;
  let spaceId: string;

  /** A chat with messages, last active `minutes` ago, started by `userId`. */
  async function seedChat(input: { title: string; slug: string; minutes: number; userId: string | null; messages?: string[]; space?: string; orgId?: string }) {
    const space = input.space ?? spaceId;
    const [session] = await t.database.db
      .insert(chatSessions)
      .values({
        orgId: input.orgId ?? owner.user.org_id!,
        spaceId: space,
        userId: input.userId,
        agentSlug: input.slug,
        title: input.title,
        createdAt: minutesAgo(input.minutes + 1),
        updatedAt: minutesAgo(input.minutes),
      })
      .returning({ id: chatSessions.id });
    const messages = input.messages ?? [];
    if (messages.length > 0) {
      await t.database.db.insert(chatMessages).values(
        messages.map((content, index) => ({
          sessionId: session!.id,
          spaceId: space,
          role: index % 2 === 0 ? ('user' as const) : ('assistant' as const),
          content,
          createdAt: minutesAgo(input.minutes + 1 - index / 100),
        })),
      );
    }
    return session!.id;
  }

  const call = (method: 'GET' | 'PATCH' | 'DELETE' | 'POST', url: string, who: { access_token: string } = owner, payload?: object, space = spaceId) =>
    t.app.inject({ method, url: `${API}${url}`, headers: authHeaders(who.access_token, space), payload });
  const history = async (query = '', who: { access_token: string } = owner) => (await call('GET', `/agents/history${query}`, who)).json<HistoryPage>();
  const search = async (query: string, extra = '', who: { access_token: string } = owner) =>
    (await call('GET', `/agents/history/search?query=${encodeURIComponent(query)}${extra}`, who)).json<HistorySearchResult>();

  let houseplants: string;
  let bakery: string;
  let memberChat: string;
  let foreign: string;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await registerOwner(t.app);
    spaceId = owner.defaultSpace.id;
    member = await addMember(t.app, t.database, owner);
    otherOrg = await registerOwner(t.app, { org_name: 'Rival Ltd' });
    houseplants = await seedChat({
      title: 'Spring campaign ideas',
      slug: 'creative',
      minutes: 5,
      userId: owner.user.id,
      messages: ['Give me concepts for our organic houseplants launch', 'Three concepts: a greener desk, the quiet room, plants that forgive.'],
    });
    bakery = await seedChat({
      title: 'Bakery newsletter',
      slug: 'email',
      minutes: 60 * 24 + 30,
      userId: owner.user.id,
      messages: ['Draft the welcome email for Lisbon bakeries', 'Subject: Your first pastry workshop is on us'],
    });
    memberChat = await seedChat({ title: 'Keyword research for sourdough', slug: 'seo', minutes: 60 * 24 * 3, userId: member.user.id, messages: ['Which keywords for sourdough starters?'] });
    foreign = await seedChat({
      title: 'Rival houseplants plan',
      slug: 'creative',
      minutes: 1,
      userId: otherOrg.user.id,
      space: otherOrg.defaultSpace.id,
      orgId: otherOrg.user.org_id!,
      messages: ['Our houseplants and bakery secrets'],
    });
  });
  afterAll(() => t.close());

  it('lists every chat of the space across agents, newest activity first, paged, never another space\'s', async () => {
    const page = await history();
    expect(page.sessions.map((s) => s.id)).toEqual([houseplants, bakery, memberChat]);
    expect(page.has_more).toBe(false);
    expect(page.sessions[0]).toMatchObject({ title: 'Spring campaign ideas', agent_slug: 'creative', pinned: false, started_by: owner.user.id });
    expect(page.sessions.map((s) => s.id)).not.toContain(foreign);

    const first = await history('?limit=2');
    expect(first.sessions.map((s) => s.id)).toEqual([houseplants, bakery]);
    expect(first.has_more).toBe(true);
    const second = await history('?limit=2&offset=2');
    expect(second.sessions.map((s) => s.id)).toEqual([memberChat]);
    expect(second.has_more).toBe(false);
    expect((await history('?slug=email')).sessions.map((s) => s.id)).toEqual([bakery]);
  });

  it('puts pinned chats first, on the first page, and unpins', async () => {
    const pinned = await call('PATCH', `/agents/sessions/${memberChat}`, owner, { pinned: true });
    expect(pinned.statusCode).toBe(200);
    expect(pinned.json<HistorySessionDto>()).toMatchObject({ id: memberChat, pinned: true });
    expect((await history('?limit=1')).sessions.map((s) => s.id)).toEqual([memberChat]);

    // Pinning is open to anyone in the space (pins belong to the space's shared history).
    expect((await call('PATCH', `/agents/sessions/${memberChat}`, member, { pinned: false })).json<HistorySessionDto>().pinned).toBe(false);
    expect((await history()).sessions.map((s) => s.id)).toEqual([houseplants, bakery, memberChat]);
  });

  it('renames a chat without changing its last activity, and refuses a blank or overlong title', async () => {
    const before = (await history()).sessions.find((s) => s.id === bakery)!;
    const renamed = await call('PATCH', `/agents/sessions/${bakery}`, owner, { title: '  Lisbon bakeries welcome  ' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json<HistorySessionDto>()).toMatchObject({ title: 'Lisbon bakeries welcome', updated_at: before.updated_at });
    // The spec's list shows the new title too.
    const sessions = (await call('GET', '/agents/sessions')).json<ChatSessionDto[]>();
    expect(sessions.find((s) => s.id === bakery)?.title).toBe('Lisbon bakeries welcome');

    const blank = await call('PATCH', `/agents/sessions/${bakery}`, owner, { title: '   ' });
    expect(blank.statusCode).toBe(422);
    expect(blank.body).toContain('Give the chat a title.');
    const long = await call('PATCH', `/agents/sessions/${bakery}`, owner, { title: 'x'.repeat(201) });
    expect(long.statusCode).toBe(422);
    expect(long.body).toContain('A chat title can be at most 200 characters.');
    const empty = await call('PATCH', `/agents/sessions/${bakery}`, owner, {});
    expect(empty.statusCode).toBe(422);
    expect(empty.body).toContain('Send a new title or a pinned value.');
  });

  it('lets a member rename and delete only the chats they started; owners manage any', async () => {
    const refused = await call('PATCH', `/agents/sessions/${bakery}`, member, { title: 'Mine now' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ detail: 'Members can rename or delete only the chats they started. Ask an organisation owner or admin.' });
    expect((await call('DELETE', `/agents/sessions/${bakery}`, member)).statusCode).toBe(403);
    expect((await history()).sessions.find((s) => s.id === bakery)?.title).toBe('Lisbon bakeries welcome');

    expect((await call('PATCH', `/agents/sessions/${memberChat}`, member, { title: 'Sourdough keywords' })).statusCode).toBe(200);
    expect((await call('PATCH', `/agents/sessions/${memberChat}`, owner, { title: 'Sourdough SEO' })).json<HistorySessionDto>().title).toBe('Sourdough SEO');
  });

  it("never reveals or changes another space's chat (404)", async () => {
    for (const [method, url, body] of [
      ['PATCH', `/agents/sessions/${foreign}`, { title: 'Taken' }],
      ['PATCH', `/agents/sessions/${foreign}`, { pinned: true }],
      ['DELETE', `/agents/sessions/${foreign}`, undefined],
      ['POST', `/agents/sessions/${foreign}/restore`, undefined],
    ] as const) {
      const response = await call(method, url, owner, body);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ detail: 'Chat session not found' });
    }
    const [row] = await t.database.db.select().from(chatSessions).where(eq(chatSessions.id, foreign));
    expect(row).toMatchObject({ title: 'Rival houseplants plan', pinnedAt: null, deletedAt: null });
  });

  it('finds chats by words in titles and messages (stemmed, as prefixes), with a snippet, only in this space', async () => {
    const byMessage = await search('houseplant');
    expect(byMessage.results.map((r) => r.session.id)).toEqual([houseplants]);
    expect(byMessage.results[0]!.snippet).toContain('organic houseplants launch');
    expect(byMessage.results[0]!.message_id).not.toBeNull();

    // "bak" finds "bakeries" (prefix) and the renamed title "Lisbon bakeries welcome"; the title match leads.
    const byTitle = await search('lisbon bak');
    expect(byTitle.results.map((r) => r.session.id)).toEqual([bakery]);
    expect(byTitle.results[0]).toMatchObject({ message_id: null, snippet: 'Lisbon bakeries welcome' });

    // Every word must occur; the other organisation's chat has both words and never appears.
    expect((await search('houseplants bakery')).results).toEqual([]);
    expect((await search('concepts')).results.map((r) => r.session.id)).toEqual([houseplants]);
    expect((await search('sourdough', '&slug=email')).results).toEqual([]);
    expect((await search('sourdough', '&slug=seo')).results.map((r) => r.session.id)).toEqual([memberChat]);
  });

  it('centres a long message’s snippet on the first word the stemmer matched, cut at words', async () => {
    // In the other organisation's space, so the lists the other tests read stay as they are.
    const before = Array.from({ length: 40 }, (_, index) => `early${index}`).join(' ');
    const after = Array.from({ length: 40 }, (_, index) => `late${index}`).join(' ');
    await seedChat({
      title: 'Quarterly review',
      slug: 'seo',
      minutes: 2,
      userId: otherOrg.user.id,
      space: otherOrg.defaultSpace.id,
      orgId: otherOrg.user.org_id!,
      messages: [`${before} our traffic forecasts look strong ${after} forecasts again`],
    });
    const answer = await call('GET', `/agents/history/search?query=forecasting`, otherOrg, undefined, otherOrg.defaultSpace.id);
    const { snippet } = answer.json<HistorySearchResult>().results[0]!;
    // "forecasting" finds "forecasts" (English stemming); the passage is around it, not the message's start.
    expect(snippet).toMatch(/^…early\d+ .* our traffic forecasts look strong late0 .*late\d+…$/);
    const at = snippet.indexOf('forecasts');
    expect(Math.abs(at - (snippet.length - at - 'forecasts'.length))).toBeLessThan(24);
  });

  it('refuses a query without letters or digits, and a missing one, with a clear message', async () => {
    const symbols = await call('GET', `/agents/history/search?query=${encodeURIComponent('!!! ???')}`);
    expect(symbols.statusCode).toBe(400);
    expect(symbols.json()).toMatchObject({ detail: 'Type at least one letter or number to search.' });
    const missing = await call('GET', '/agents/history/search');
    expect(missing.statusCode).toBe(422);
    expect(missing.body).toContain('query is required');
  });

  it('deletes a chat at once (list, search, messages, send) and restores it with undo', async () => {
    const deleted = await call('DELETE', `/agents/sessions/${houseplants}`);
    expect(deleted.statusCode).toBe(200);
    const body = deleted.json<DeletedSession>();
    expect(Date.parse(body.restorable_until) - Date.parse(body.deleted_at)).toBe(10 * 60_000);

    expect((await history()).sessions.map((s) => s.id)).not.toContain(houseplants);
    expect((await call('GET', '/agents/sessions')).json<ChatSessionDto[]>().map((s) => s.id)).not.toContain(houseplants);
    expect((await search('houseplants')).results).toEqual([]);
    expect((await call('GET', `/agents/sessions/${houseplants}/messages`)).statusCode).toBe(404);
    expect((await sendAsync(t.app, { access_token: owner.access_token, spaceId }, 'creative', { session_id: houseplants, message: 'More ideas' })).statusCode).toBe(404);
    expect((await call('DELETE', `/agents/sessions/${houseplants}`)).statusCode).toBe(404);

    const restored = await call('POST', `/agents/sessions/${houseplants}/restore`);
    expect(restored.statusCode).toBe(200);
    expect(restored.json<HistorySessionDto>()).toMatchObject({ id: houseplants, title: 'Spring campaign ideas' });
    expect((await history()).sessions[0]!.id).toBe(houseplants);
    expect((await search('houseplants')).results.map((r) => r.session.id)).toEqual([houseplants]);
    expect((await call('POST', `/agents/sessions/${houseplants}/restore`)).statusCode).toBe(404);
  });

  it('refuses to restore after the undo window, and removes such chats for good', async () => {
    const doomed = await seedChat({ title: 'Old draft', slug: 'email', minutes: 2, userId: owner.user.id, messages: ['An old draft'] });
    expect((await call('DELETE', `/agents/sessions/${doomed}`)).statusCode).toBe(200);
    // The undo window has passed (moved back in time rather than waited for).
    await t.database.db.update(chatSessions).set({ deletedAt: minutesAgo(11) }).where(eq(chatSessions.id, doomed));
    const late = await call('POST', `/agents/sessions/${doomed}/restore`);
    expect(late.statusCode).toBe(410);
    expect(late.json()).toMatchObject({ detail: 'This chat can no longer be restored: its undo time has passed.' });

    await history();
    expect(await t.database.db.select().from(chatSessions).where(eq(chatSessions.id, doomed))).toEqual([]);
    expect(await t.database.db.select().from(chatMessages).where(eq(chatMessages.sessionId, doomed))).toEqual([]);
  });

  it('refuses to delete a chat while its reply is being written', async () => {
    const busy = await seedChat({ title: 'Busy chat', slug: 'email', minutes: 0, userId: owner.user.id, messages: ['Write it'] });
    const [message] = await t.database.db.select().from(chatMessages).where(eq(chatMessages.sessionId, busy));
    await t.database.db.insert(agentRuns).values({
      orgId: owner.user.org_id!,
      spaceId,
      sessionId: busy,
      userId: owner.user.id,
      agentSlug: 'email',
      userMessageId: message!.id,
      mode: 'normal',
      status: 'running',
      request: { referencedDocumentIds: [], brandDocumentIds: [], brandVoice: null, kRefDocs: 5, kKnowledge: 5, variant: 0 },
    });
    const refused = await call('DELETE', `/agents/sessions/${busy}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ detail: 'The agent is still answering in this chat. Wait for the reply or cancel it, then delete the chat.' });
    expect((await history()).sessions.map((s) => s.id)).toContain(busy);
  });

  it('finds a chat by the words of a reply the agent wrote, as soon as it is stored', async () => {
    const caller = { access_token: owner.access_token, spaceId };
    const accepted = (await sendAsync(t.app, caller, 'seo', { message: 'Suggest a title tag for terracotta planters' })).json<AcceptedBody>();
    await waitForReply(t.app, caller, accepted.session_id, accepted.created_at);
    const found = await search('terracotta');
    expect(found.results.map((r) => r.session.id)).toContain(accepted.session_id);
  });
});
