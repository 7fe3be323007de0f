/**
 * The document preview (docs/knowledge.md "Preview"): a document's text rebuilt from its passages,
 * each passage's place in it exactly the text the agents were given (so a citation highlights what
 * the answer read), a window around a passage for long documents, and the signed download of the
 * original. Space- and organisation-checked; the download link works without the bearer token,
 * once signed, and only until it expires.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { PREVIEW_WINDOW_PASSAGES, type DocumentTextDto, type DownloadLinkDto } from '../../src/contract/document-preview';
import { DownloadTokens } from '../../server/src/storage/download-tokens';
import { DOWNLOAD_LINK_EXPIRED } from '../../server/src/routes/knowledge/download.routes';
import { resolveUploadSigningKey } from '../../server/src/storage/upload-tokens';
import { API, addMember, authHeaders, registerOwner } from '../helpers/server';
import { seedDocument } from '../helpers/fake-openai-chat';
import { startedForSuite } from '../helpers/suite-fixtures';
import { MIME } from './kb-fixtures';
import { createKbTestApp, documentObjectPath, search, uploadFile, waitForProcessed, withTamperedLink, type Caller } from './kb-helpers';

/** Six paragraphs of about 500 characters: several overlapping passages. */
const PARAGRAPHS = [
  'Terracotta planters anchor the spring range.',
  'Our audience is urban renters with small balconies who want plants that forgive a missed watering.',
  'The sourdough workshop in Lisbon sold out in two days.',
  'Headlines stay short and warm; we never use exclamation marks.',
  'Quarterly revenue margins improved after the newsletter relaunch.',
  'Influencer partnerships work best with local florists.',
].map((lead, index) => `${lead} ${`Detail sentence ${index + 1} explains the point further with concrete figures and examples. `.repeat(5)}`.trim());

describe('document preview: text with passages, and the original file', () => {
  const t = startedForSuite(() => createKbTestApp());
  let owner: Caller;
  let member: Caller;
  let otherSpace: Caller;
  let stranger: Caller;
  let documentId: string;
  const get = (as: Caller, url: string) => t.app.inject({ method: 'GET', url: `${API}${url}`, headers: authHeaders(as.token, as.spaceId) });

  beforeAll(async () => {
    const registered = await registerOwner(t.app);
    owner = { token: registered.access_token, spaceId: registered.defaultSpace.id };
    const signedMember = await addMember(t.app, t.database, registered);
    member = { token: signedMember.access_token, spaceId: registered.defaultSpace.id };
    const space = await t.app.inject({
      method: 'POST',
      url: `${API}/spaces/`,
      headers: authHeaders(registered.access_token),
      payload: { name: 'Launch', slug: 'launch' },
    });
    otherSpace = { token: registered.access_token, spaceId: space.json<{ id: string }>().id };
    const rival = await registerOwner(t.app, { org_name: 'Rival Inc' });
    stranger = { token: rival.access_token, spaceId: rival.defaultSpace.id };
    const upload = await uploadFile(t.app, owner, { filename: 'Spring plan – Ünïcode.txt', contentType: MIME.txt, bytes: Buffer.from(PARAGRAPHS.join('\n\n')) });
    const ready = await waitForProcessed(t.app, owner, upload.commit.json().id);
    expect(ready.status).toBe('ready');
    expect(ready.passage_count).toBeGreaterThan(2);
    documentId = ready.id;
  });

  it('answers the whole text, and each passage range holds exactly the passage the search (and the agents) read', async () => {
    const response = await get(member, `/kb/documents/${documentId}/text`);
    expect(response.statusCode).toBe(200);
    const body = response.json<DocumentTextDto>();
    expect(body.complete).toBe(true);
    expect(body.document).toMatchObject({ id: documentId, filename: 'Spring plan – Ünïcode.txt' });
    expect(body.passages.map((range) => range.ordinal)).toEqual([...Array(body.document.passage_count).keys()]);
    // Every paragraph is there once: the overlaps between passages are merged, not repeated.
    for (const paragraph of PARAGRAPHS) {
      const lead = paragraph.slice(0, 40);
      expect(body.text.indexOf(lead)).toBeGreaterThan(-1);
      expect(body.text.indexOf(lead)).toBe(body.text.lastIndexOf(lead));
    }

    for (const query of ['sourdough Lisbon', 'exclamation headlines', 'florists influencer']) {
      const [hit] = (await search(t.app, owner, query)).json<{ contexts: { passage: string; ordinal: number }[] }>().contexts;
      const range = body.passages.find((passage) => passage.ordinal === hit!.ordinal)!;
      expect(body.text.slice(range.start, range.end)).toBe(hit!.passage);
    }
  });

  it('answers a window around the passage asked for when the document is long', async () => {
    const passages = Array.from({ length: PREVIEW_WINDOW_PASSAGES + 50 }, (_, index) => `Passage number ${index} of the long report.`);
    const long = await seedDocument(t.database, { spaceId: owner.spaceId, filename: 'long-report.txt', passages });
    const body = (await get(owner, `/kb/documents/${long}/text?around=320`)).json<DocumentTextDto>();
    expect(body.complete).toBe(false);
    expect(body.last_ordinal).toBe(passages.length - 1);
    expect(body.last_ordinal - body.first_ordinal + 1).toBe(PREVIEW_WINDOW_PASSAGES);
    const range = body.passages.find((passage) => passage.ordinal === 320)!;
    expect(body.text.slice(range.start, range.end)).toBe('Passage number 320 of the long report.');
    expect((await get(owner, `/kb/documents/${long}/text`)).json<DocumentTextDto>().first_ordinal).toBe(0);
  });

  it('says why there is no text yet for a document still being read (409), and is 404 outside its space', async () => {
    const processing = await seedDocument(t.database, { spaceId: owner.spaceId, filename: 'draft.txt', passages: ['x'], status: 'processing' });
    const notReady = await get(owner, `/kb/documents/${processing}/text`);
    expect(notReady.statusCode).toBe(409);
    expect(notReady.json()).toMatchObject({ code: 'DOCUMENT_NOT_READY', detail: 'This document is still being read. Its text can be shown once it is ready.' });

    for (const outsider of [otherSpace, stranger]) {
      expect((await get(outsider, `/kb/documents/${documentId}/text`)).statusCode).toBe(404);
      expect((await get(outsider, `/kb/documents/${documentId}/download`)).statusCode).toBe(404);
    }
    expect((await get(owner, '/kb/documents/not-an-id/text')).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `${API}/kb/documents/${documentId}/text` })).statusCode).toBe(401);
  });

  it('downloads the original under its name through a signed link that needs no bearer and expires', async () => {
    const link = (await get(member, `/kb/documents/${documentId}/download`)).json<DownloadLinkDto>();
    expect(link.filename).toBe('Spring plan – Ünïcode.txt');
    expect(Date.parse(link.expires_at) - Date.now()).toBeLessThanOrEqual(300_000);

    const file = await t.app.inject({ method: 'GET', url: link.url });
    expect(file.statusCode).toBe(200);
    expect(file.body).toBe(PARAGRAPHS.join('\n\n'));
    expect(file.headers['content-disposition']).toBe(
      `attachment; filename="Spring plan _ _n_code.txt"; filename*=UTF-8''${encodeURIComponent('Spring plan – Ünïcode.txt')}`,
    );
    expect(file.headers['content-security-policy']).toContain('sandbox');
    expect(file.headers['cache-control']).toBe('private, no-store');

    const tampered = withTamperedLink(link.url);
    expect((await t.app.inject({ method: 'GET', url: tampered })).statusCode).toBe(403);

    // A link signed with the server's key but past its time is refused as expired.
    const key = await resolveUploadSigningKey(t.database.db, undefined);
    const expired = new DownloadTokens(key).sign({
      objectPath: await documentObjectPath(t, documentId),
      filename: 'x.txt',
      contentType: 'text/plain',
      disposition: 'attachment',
      expiresAt: Math.floor(Date.now() / 1000) - 1,
    });
    const refused = await t.app.inject({ method: 'GET', url: `${API}/kb/downloads/file?token=${encodeURIComponent(expired)}` });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe(DOWNLOAD_LINK_EXPIRED);
  });

  it('a download link of a deleted document finds nothing', async () => {
    const upload = await uploadFile(t.app, owner, { filename: 'short-lived.txt', contentType: MIME.txt, bytes: Buffer.from('Gone soon. '.repeat(20)) });
    const id = upload.commit.json<{ id: string }>().id;
    await waitForProcessed(t.app, owner, id);
    const link = (await get(owner, `/kb/documents/${id}/download`)).json<DownloadLinkDto>();
    await t.app.inject({ method: 'DELETE', url: `${API}/kb/documents/${id}`, headers: authHeaders(owner.token, owner.spaceId) });
    expect((await t.app.inject({ method: 'GET', url: link.url })).statusCode).toBe(404);
    expect((await get(owner, `/kb/documents/${id}/text`)).statusCode).toBe(404);
  });
});
