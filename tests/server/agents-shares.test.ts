/**
 * Read-only share links of chats (docs/agents.md "Share links"): made by the chat's starter or an
 * owner/admin, read by anyone with the link and no sign-in, showing the conversation as it was when
 * shared and nothing else of the organisation; revoked links, deleted chats and chats of archived
 * spaces answer 404 (the page too, with its noindex headers); the token never reaches the logs.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedShareLinkDto, ShareLinkDto, SharedChatDto } from '../../src/contract/chat-shares';
import { API, addMember, authHeaders, createTestApp, registerOwner, type RegisteredOwner, type SignedIn, type TestApp } from '../helpers/server';
import { seedDocument, sendAsync, waitForReply, type AcceptedBody, type Caller } from '../helpers/fake-openai-chat';

const INDEX_HTML = '<!doctype html><html><head><title>Mosaic</title></head><body><div id="root"></div></body></html>';

describe('chat share links', () => {
  let t: TestApp;
  let staticDir: string;
  let owner: RegisteredOwner;
  let member: SignedIn;
  let admin: SignedIn;
  let caller: Caller;
  let sessionId: string;
  let documentId: string;

  const as = (who: { access_token: string }) => authHeaders(who.access_token, owner.defaultSpace.id);
  const shares = (who: { access_token: string }, method: 'GET' | 'POST', id = sessionId) =>
    t.app.inject({ method, url: `${API}/agents/sessions/${id}/shares`, headers: as(who) });
  const revoke = (who: { access_token: string }, linkId: string) =>
    t.app.inject({ method: 'DELETE', url: `${API}/agents/sessions/${sessionId}/shares/${linkId}`, headers: as(who) });
  const view = (token: string) => t.app.inject({ method: 'GET', url: `${API}/public/shares/${token}` });
  const page = (token: string) => t.app.inject({ method: 'GET', url: `/share/${token}`, headers: { accept: 'text/html' } });
  const tokenOf = (created: CreatedShareLinkDto) => created.path.replace('/share/', '');

  beforeAll(async () => {
    staticDir = await mkdtemp(path.join(tmpdir(), 'mosaic-share-static-'));
    await writeFile(path.join(staticDir, 'index.html'), INDEX_HTML);
    t = await createTestApp({ env: { STATIC_DIR: staticDir }, captureLogs: true });
    owner = await registerOwner(t.app, { name: 'Olivia Owner', org_name: 'Secret Sauce Ltd' });
    member = await addMember(t.app, t.database, owner);
    admin = await addMember(t.app, t.database, owner, 'org_admin');
    caller = { access_token: owner.access_token, spaceId: owner.defaultSpace.id };
    documentId = await seedDocument(t.database, {
      spaceId: caller.spaceId,
      filename: 'launch-plan.txt',
      passages: ['The spring launch opens with terracotta planters for balcony gardeners.'],
    });
    const accepted = (await sendAsync(t.app, caller, 'creative', { message: 'Ideas for the terracotta planters launch' })).json<AcceptedBody>();
    await waitForReply(t.app, caller, accepted.session_id, accepted.created_at);
    sessionId = accepted.session_id;
    // Another chat of the space, which a share link must never reveal.
    const other = (await sendAsync(t.app, caller, 'seo', { message: 'Confidential pricing strategy' })).json<AcceptedBody>();
    await waitForReply(t.app, caller, other.session_id, other.created_at);
  });
  afterAll(async () => {
    await t.close();
    await rm(staticDir, { recursive: true, force: true });
  });

  it('shows the conversation to anyone with the link, signed out, with noindex, and nothing else of the organisation', async () => {
    const created = await shares(owner, 'POST');
    expect(created.statusCode).toBe(201);
    const link = created.json<CreatedShareLinkDto>();
    expect(link.path).toMatch(/^\/share\/[A-Za-z0-9_-]{43}$/);
    expect(link.link).toMatchObject({ hint: tokenOf(link).slice(-4), created_by_name: 'Olivia Owner', view_count: 0 });

    const response = await view(tokenOf(link));
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-robots-tag']).toBe('noindex, nofollow, noarchive');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    const shared = response.json<SharedChatDto>();
    expect(shared).toMatchObject({ title: 'Ideas for the terracotta planters launch', agent_slug: 'creative', agent_name: 'Creative' });
    expect(shared.messages.map((message) => message.role)).toEqual(['user', 'assistant']);
    expect(shared.messages[1]!.citations.find((citation) => citation.cited)).toMatchObject({ filename: 'launch-plan.txt' });

    const everything = response.body;
    for (const secret of [owner.email, owner.user.id, owner.defaultSpace.id, owner.user.org_id!, 'Secret Sauce', 'Olivia', sessionId, documentId, 'Confidential pricing', member.email]) {
      expect(everything).not.toContain(secret);
    }

    const pageAnswer = await page(tokenOf(link));
    expect(pageAnswer.statusCode).toBe(200);
    expect(pageAnswer.headers['x-robots-tag']).toBe('noindex, nofollow, noarchive');
    expect(pageAnswer.headers['cache-control']).toBe('no-store');
    expect(pageAnswer.body).toBe(INDEX_HTML);

    const listed = (await shares(member, 'GET')).json<{ links: ShareLinkDto[] }>().links;
    expect(listed).toEqual([expect.objectContaining({ id: link.link.id, view_count: 1 })]);
  });

  it('is a snapshot: messages sent after the link was made are not shown', async () => {
    const link = (await shares(owner, 'POST')).json<CreatedShareLinkDto>();
    const later = (await sendAsync(t.app, caller, 'creative', { session_id: sessionId, message: 'A follow-up after sharing' })).json<AcceptedBody>();
    await waitForReply(t.app, caller, sessionId, later.created_at);
    const shared = (await view(tokenOf(link))).json<SharedChatDto>();
    expect(shared.messages.some((message) => message.content.includes('follow-up after sharing'))).toBe(false);
    expect(shared.messages).toHaveLength(2);
  });

  it('lets the starter and owners/admins share and revoke; a member who did not start the chat cannot', async () => {
    const refused = await shares(member, 'POST');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe(
      'Members can share only the chats they started, and revoke the links they made. Ask an organisation owner or admin.',
    );
    const byAdmin = (await shares(admin, 'POST')).json<CreatedShareLinkDto>();
    expect((await revoke(member, byAdmin.link.id)).statusCode).toBe(403);
    expect((await revoke(admin, byAdmin.link.id)).statusCode).toBe(204);
    expect((await revoke(admin, byAdmin.link.id)).statusCode).toBe(404);

    // A member shares the chats they started, and revokes their own links.
    const mine = (await sendAsync(t.app, { access_token: member.access_token, spaceId: caller.spaceId }, 'email', { message: 'My own chat' })).json<AcceptedBody>();
    await waitForReply(t.app, caller, mine.session_id, mine.created_at);
    const memberLink = await shares(member, 'POST', mine.session_id);
    expect(memberLink.statusCode).toBe(201);
  });

  it('a revoked link is a 404 at once, for the API and the page (still noindex)', async () => {
    const link = (await shares(owner, 'POST')).json<CreatedShareLinkDto>();
    expect((await view(tokenOf(link))).statusCode).toBe(200);
    expect((await revoke(owner, link.link.id)).statusCode).toBe(204);
    const gone = await view(tokenOf(link));
    expect(gone.statusCode).toBe(404);
    expect(gone.json().detail).toBe('This shared chat is not available. The link may have been revoked, or the chat deleted.');
    const pageAnswer = await page(tokenOf(link));
    expect(pageAnswer.statusCode).toBe(404);
    expect(pageAnswer.headers['x-robots-tag']).toBe('noindex, nofollow, noarchive');
    expect(pageAnswer.body).toBe(INDEX_HTML);
    expect((await shares(owner, 'GET')).json<{ links: ShareLinkDto[] }>().links.some((listed) => listed.id === link.link.id)).toBe(false);
    // Made-up tokens answer the same.
    expect((await view('x'.repeat(43))).statusCode).toBe(404);
    expect((await view('short')).statusCode).toBe(404);
  });

  it('a deleted chat is a 404 while deleted, and its links work again if the delete is undone', async () => {
    const link = (await shares(owner, 'POST')).json<CreatedShareLinkDto>();
    expect((await t.app.inject({ method: 'DELETE', url: `${API}/agents/sessions/${sessionId}`, headers: as(owner) })).statusCode).toBe(200);
    expect((await view(tokenOf(link))).statusCode).toBe(404);
    expect((await page(tokenOf(link))).statusCode).toBe(404);
    expect((await shares(owner, 'GET')).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: `${API}/agents/sessions/${sessionId}/restore`, headers: as(owner) })).statusCode).toBe(200);
    expect((await view(tokenOf(link))).statusCode).toBe(200);
  });

  it('a chat of an archived space is a 404 like a revoked link, for the API and the page; restoring the space brings it back', async () => {
    const created = await t.app.inject({ method: 'POST', url: `${API}/spaces/`, headers: authHeaders(owner.access_token), payload: { name: 'Campaign archive', slug: 'campaign-archive' } });
    expect(created.statusCode).toBe(201);
    const spaceId = created.json<{ id: string }>().id;
    const inSpace = { access_token: owner.access_token, spaceId };
    const accepted = (await sendAsync(t.app, inSpace, 'creative', { message: 'Ideas for the autumn campaign' })).json<AcceptedBody>();
    await waitForReply(t.app, inSpace, accepted.session_id, accepted.created_at);
    const shared = await t.app.inject({ method: 'POST', url: `${API}/agents/sessions/${accepted.session_id}/shares`, headers: authHeaders(owner.access_token, spaceId) });
    const token = tokenOf(shared.json<CreatedShareLinkDto>());
    expect((await view(token)).statusCode).toBe(200);

    const lifecycle = (action: 'archive' | 'restore') =>
      t.app.inject({ method: 'POST', url: `${API}/spaces/${spaceId}/${action}`, headers: authHeaders(owner.access_token) });
    expect((await lifecycle('archive')).statusCode).toBe(200);
    const gone = await view(token);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().detail).toBe('This shared chat is not available. The link may have been revoked, or the chat deleted.');
    expect((await page(token)).statusCode).toBe(404);

    expect((await lifecycle('restore')).statusCode).toBe(200);
    expect((await view(token)).statusCode).toBe(200);
  });

  it('is not reachable from another organisation, and no share token reaches the log', async () => {
    const rival = await registerOwner(t.app, { org_name: 'Rival' });
    const foreign = await t.app.inject({ method: 'POST', url: `${API}/agents/sessions/${sessionId}/shares`, headers: authHeaders(rival.access_token, rival.defaultSpace.id) });
    expect(foreign.statusCode).toBe(404);

    const link = (await shares(owner, 'POST')).json<CreatedShareLinkDto>();
    await view(tokenOf(link));
    await page(tokenOf(link));
    const token = tokenOf(link);
    expect(t.logs.some((line) => line.includes('/share/[redacted]'))).toBe(true);
    expect(t.logs.filter((line) => line.includes(token))).toEqual([]);
  });
});
