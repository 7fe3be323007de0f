import { randomUUID } from 'node:crypto';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { TAXONOMY } from '../../server/src/services/knowledge/taxonomy';
import { KB_DOCUMENTS_PAGE_MAX } from '../../src/contract/knowledge';
import { CATEGORY_LABELS, SUBCATEGORY_LABELS } from '../../src/contract/knowledge-categories';
import { API, addMember, authHeaders, registerOwner } from '../helpers/server';
import { startedForSuite } from '../helpers/suite-fixtures';
import { BRAND_GUIDELINES, EMAIL_CAMPAIGN, MIME, brokenPdf, sha256 } from './kb-fixtures';
import {
  createKbTestApp,
  documentObjectPath,
  documentStatus,
  search,
  uploadFile,
  waitForProcessed,
  type Caller,
  type DocumentBody,
} from './kb-helpers';

describe('knowledge documents: list, status, hash check, search, delete', () => {
  const t = startedForSuite(() => createKbTestApp());
  let caller: Caller;
  let member: Caller;
  let memberId: string;
  let ownerId: string;
  let admin: Caller;
  let stranger: Caller;
  let brand: DocumentBody;
  let campaign: DocumentBody;
  let broken: DocumentBody;
  let brandObject: string;

  const get = (as: Caller, url: string) => t.app.inject({ method: 'GET', url: `${API}${url}`, headers: authHeaders(as.token, as.spaceId) });
  const post = (as: Caller, url: string, payload: object) => t.app.inject({ method: 'POST', url: `${API}${url}`, headers: authHeaders(as.token, as.spaceId), payload });
  const del = (as: Caller, id: string) => t.app.inject({ method: 'DELETE', url: `${API}/kb/documents/${id}`, headers: authHeaders(as.token, as.spaceId) });

  beforeAll(async () => {
    const owner = await registerOwner(t.app);
    caller = { token: owner.access_token, spaceId: owner.defaultSpace.id };
    ownerId = owner.user.id;
    const signedMember = await addMember(t.app, t.database, owner);
    member = { token: signedMember.access_token, spaceId: owner.defaultSpace.id };
    memberId = signedMember.user.id;
    const signedAdmin = await addMember(t.app, t.database, owner, 'org_admin');
    admin = { token: signedAdmin.access_token, spaceId: owner.defaultSpace.id };
    const other = await registerOwner(t.app, { org_name: 'Rival Inc' });
    stranger = { token: other.access_token, spaceId: other.defaultSpace.id };

    const brandUpload = await uploadFile(t.app, caller, { filename: 'brand-guidelines.txt', contentType: MIME.txt, bytes: Buffer.from(BRAND_GUIDELINES) });
    brand = await waitForProcessed(t.app, caller, brandUpload.commit.json().id);
    brandObject = await documentObjectPath(t, brand.id);
    const campaignUpload = await uploadFile(t.app, member, { filename: 'newsletter-brief.txt', contentType: MIME.txt, bytes: Buffer.from(EMAIL_CAMPAIGN) });
    campaign = await waitForProcessed(t.app, caller, campaignUpload.commit.json().id);
    const brokenUpload = await uploadFile(t.app, caller, { filename: 'broken.pdf', contentType: MIME.pdf, bytes: brokenPdf() });
    broken = await waitForProcessed(t.app, caller, brokenUpload.commit.json().id);
  });

  it('keeps the client taxonomy labels in step with the server taxonomy', () => {
    expect(Object.keys(CATEGORY_LABELS).sort()).toEqual(TAXONOMY.map((category) => category.id).sort());
    for (const category of TAXONOMY) {
      expect(CATEGORY_LABELS[category.id]).toBe(category.label);
      for (const subcategory of category.subcategories) expect(SUBCATEGORY_LABELS[subcategory.id]).toBe(subcategory.label);
    }
  });

  describe('GET /kb/documents', () => {
    it("lists the space's documents newest first, for every member of the space", async () => {
      const response = await get(member, '/kb/documents');
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.total).toBe(3);
      expect(body.documents.map((document: DocumentBody) => document.filename)).toEqual(['broken.pdf', 'newsletter-brief.txt', 'brand-guidelines.txt']);
      expect(body.documents[2]).toMatchObject({
        id: brand.id,
        mime_type: 'text/plain',
        size_bytes: Buffer.byteLength(BRAND_GUIDELINES),
        status: 'ready',
        hash: sha256(BRAND_GUIDELINES),
        category: 'brand',
        auto_categorized: true,
        rag_file_id: `kb:${brand.id}`,
        created_at: expect.stringMatching(/Z$/),
        uploaded_by: ownerId,
      });
      expect(body.documents[1].uploaded_by).toBe(memberId);
    });

    it('filters by category', async () => {
      const response = await get(caller, '/kb/documents?category=campaigns');
      expect(response.json().documents.map((document: DocumentBody) => document.id)).toEqual([campaign.id]);
      expect((await get(caller, '/kb/documents?category=product')).json()).toEqual({ documents: [], total: 0, next_cursor: null });
    });

    it('answers a page at a time: the next page after the cursor, the last with no cursor, the total on each', async () => {
      const first = (await get(member, '/kb/documents?limit=2')).json();
      expect(first.documents.map((document: DocumentBody) => document.filename)).toEqual(['broken.pdf', 'newsletter-brief.txt']);
      expect(first).toMatchObject({ total: 3, next_cursor: expect.any(String) });
      const second = (await get(member, `/kb/documents?limit=2&cursor=${encodeURIComponent(first.next_cursor)}`)).json();
      expect(second.documents.map((document: DocumentBody) => document.id)).toEqual([brand.id]);
      expect(second).toMatchObject({ total: 3, next_cursor: null });
      // The category filter pages the same way.
      const brandOnly = (await get(member, '/kb/documents?category=brand&limit=1')).json();
      expect(brandOnly).toMatchObject({ documents: [expect.objectContaining({ id: brand.id })], total: 1, next_cursor: null });
    });

    it('refuses a page over the maximum and a cursor it did not make, with a validation error', async () => {
      const tooMany = await get(member, `/kb/documents?limit=${KB_DOCUMENTS_PAGE_MAX + 1}`);
      expect(tooMany.statusCode).toBe(422);
      expect(tooMany.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
      const forged = await get(member, '/kb/documents?cursor=bm90LWEtY3Vyc29y');
      expect(forged.statusCode).toBe(422);
      expect(forged.json()).toMatchObject({ code: 'VALIDATION_ERROR', detail: 'This page link is out of date: open the first page again' });
    });

    it("shows nothing of another organisation's space", async () => {
      expect((await get(stranger, '/kb/documents')).json().total).toBe(0);
      const foreignSpace = await get({ token: stranger.token, spaceId: caller.spaceId }, '/kb/documents');
      expect(foreignSpace.statusCode).toBe(404);
    });
  });

  describe('GET /kb/documents/{id}/status', () => {
    it('answers the document with its status and error message', async () => {
      const response = await documentStatus(t.app, caller, broken.id);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ id: broken.id, status: 'error', error_message: expect.stringContaining('This PDF could not be read') });
    });

    it("answers 404 for unknown ids, malformed ids and other spaces' documents", async () => {
      expect((await documentStatus(t.app, caller, randomUUID())).statusCode).toBe(404);
      expect((await documentStatus(t.app, caller, 'not-an-id')).json()).toEqual({ detail: 'Document not found', code: 'NOT_FOUND' });
      expect((await documentStatus(t.app, stranger, brand.id)).statusCode).toBe(404);
    });
  });

  describe('POST /kb/hashes/check', () => {
    it('reports which hashes have no live document, and which document holds the others (error copies do not count)', async () => {
      const fresh = sha256(randomUUID());
      const response = await post(caller, '/kb/hashes/check', { hashes: [brand.hash, fresh.toUpperCase(), broken.hash], spaceId: caller.spaceId });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        non_existing_hashes: [fresh, broken.hash],
        existing: [{ hash: brand.hash, document_id: brand.id, filename: 'brand-guidelines.txt' }],
      });
    });

    it('is scoped to the space: the same content elsewhere does not exist here', async () => {
      const response = await post(stranger, '/kb/hashes/check', { hashes: [brand.hash] });
      expect(response.json().non_existing_hashes).toEqual([brand.hash]);
    });

    it('refuses malformed hashes (422) and a spaceId other than the current space (400)', async () => {
      const bad = await post(caller, '/kb/hashes/check', { hashes: ['abc'] });
      expect(bad.statusCode).toBe(422);
      expect(bad.json().errors[0]).toEqual({ field: 'hashes.0', message: 'Hash must be a SHA-256 digest: 64 hexadecimal characters' });
      const mismatch = await post(caller, '/kb/hashes/check', { hashes: [brand.hash], spaceId: stranger.spaceId });
      expect(mismatch.statusCode).toBe(400);
      expect(mismatch.json().code).toBe('SPACE_MISMATCH');
    });
  });

  describe('GET /kb/search', () => {
    it('answers contexts with passage, document id and filename, score and highlighted terms', async () => {
      const response = await search(t.app, caller, 'tone of voice');
      expect(response.statusCode).toBe(200);
      const { contexts } = response.json();
      expect(contexts[0]).toEqual({
        passage: expect.stringContaining('Our tone of voice is warm'),
        document_id: brand.id,
        ordinal: expect.any(Number),
        filename: 'brand-guidelines.txt',
        score: expect.any(Number),
        highlights: expect.arrayContaining(['tone', 'voice']),
      });
    });

    it('finds passages for a question phrased in full (any of its words), ranking full matches first', async () => {
      const { contexts } = (await search(t.app, caller, 'What open rate should the spring newsletter reach?')).json();
      expect(contexts[0].document_id).toBe(campaign.id);
    });

    it('honours k and never returns more passages than asked', async () => {
      const { contexts } = (await search(t.app, caller, 'brand logo newsletter email colour', { k: '1' })).json();
      expect(contexts).toHaveLength(1);
    });

    it('finds nothing in documents of another organisation, and rejects an empty query (422)', async () => {
      expect((await search(t.app, stranger, 'tone of voice')).json().contexts).toEqual([]);
      expect((await search(t.app, caller, '   ')).statusCode).toBe(422);
      expect((await search(t.app, caller, 'x', { k: '100' })).statusCode).toBe(422);
    });
  });

  describe('DELETE /kb/documents/{id}', () => {
    const othersDocument = {
      detail: 'Members can delete only the documents they uploaded. Ask an organisation owner or admin to delete this one.',
      code: 'FORBIDDEN',
    };
    const uploadAs = async (as: Caller, filename: string) => {
      const upload = await uploadFile(t.app, as, { filename, contentType: MIME.txt, bytes: Buffer.from(`${filename} ${randomUUID()}`) });
      return waitForProcessed(t.app, caller, upload.commit.json().id);
    };

    it("refuses a member deleting someone else's document (403, saying who may) and keeps it", async () => {
      const response = await del(member, brand.id);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual(othersDocument);
      expect((await documentStatus(t.app, caller, brand.id)).json().status).toBe('ready');
      expect((await search(t.app, caller, 'tone of voice')).json().contexts).not.toEqual([]);
    });

    it('lets a member delete a document they uploaded', async () => {
      const own = await uploadAs(member, 'member-notes.txt');
      expect((await del(member, own.id)).statusCode).toBe(204);
      expect((await documentStatus(t.app, caller, own.id)).statusCode).toBe(404);
    });

    it("lets an admin and an owner delete anyone's documents", async () => {
      const byOwner = await uploadAs(caller, 'owner-plan.txt');
      const byMember = await uploadAs(member, 'member-draft.txt');
      expect((await del(admin, byOwner.id)).statusCode).toBe(204);
      expect((await del(caller, byMember.id)).statusCode).toBe(204);
      const otherMember = await uploadAs(member, 'member-brief.txt');
      expect((await del(admin, otherMember.id)).statusCode).toBe(204);
      const list = (await get(caller, '/kb/documents')).json().documents.map((document: DocumentBody) => document.id);
      expect(list).not.toContain(byOwner.id);
      expect(list).not.toContain(byMember.id);
      expect(list).not.toContain(otherMember.id);
    });

    it('removes the row, its passages and its stored object', async () => {
      const response = await del(caller, brand.id);
      expect(response.statusCode).toBe(204);
      expect((await documentStatus(t.app, caller, brand.id)).statusCode).toBe(404);
      expect((await search(t.app, caller, 'tone of voice')).json().contexts).toEqual([]);
      await expect(stat(path.join(t.storageDir, brandObject))).rejects.toThrow();
      // The content may now be uploaded again.
      const again = await post(caller, '/kb/hashes/check', { hashes: [brand.hash] });
      expect(again.json().non_existing_hashes).toEqual([brand.hash]);
    });

    it('answers 404 for a document already gone or in another organisation', async () => {
      expect((await del(caller, brand.id)).statusCode).toBe(404);
      expect((await del(stranger, campaign.id)).statusCode).toBe(404);
      expect((await documentStatus(t.app, caller, campaign.id)).statusCode).toBe(200);
    });
  });
});
