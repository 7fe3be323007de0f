import { randomUUID } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { request as httpRequest } from 'node:http';
import { Readable } from 'node:stream';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { API, authHeaders, registerOwner } from '../helpers/server';
import { startedForSuite, preparedForSuite } from '../helpers/suite-fixtures';
import { BRAND_GUIDELINES, sha256 } from './kb-fixtures';
import {
  commit,
  createKbTestApp,
  documentObjectPath,
  putToSigned,
  sign,
  uploadFile,
  waitForProcessed,
  withTamperedSignature,
  type Caller,
  type SignedUploadBody,
} from './kb-helpers';

/** Small limit so oversize bodies are cheap to send. */
const MAX_BYTES = 64 * 1024;

describe('knowledge uploads: sign → PUT → commit', () => {
  const t = startedForSuite(() => createKbTestApp({ env: { KB_MAX_UPLOAD_BYTES: String(MAX_BYTES) } }));
  const owner = preparedForSuite(() => registerOwner(t.app));
  const caller = preparedForSuite(() => ({ token: owner.access_token, spaceId: owner.defaultSpace.id }));
  let otherOrg: Caller;

  beforeAll(async () => {
    const other = await registerOwner(t.app, { org_name: 'Other Co' });
    otherOrg = { token: other.access_token, spaceId: other.defaultSpace.id };
  });
  afterEach(() => vi.useRealTimers());

  const text = (content: string) => Buffer.from(content, 'utf8');
  const storedFile = (objectPath: string) => path.join(t.storageDir, objectPath);
  const exists = (file: string) => stat(file).then(() => true, () => false);

  async function signed(filename: string, contentType: string, as = caller): Promise<SignedUploadBody> {
    const response = await sign(t.app, as, filename, contentType);
    expect(response.statusCode).toBe(200);
    return response.json<SignedUploadBody>();
  }

  describe('POST /kb/uploads/sign', () => {
    it('answers a PUT URL bound to a new object path under the space, with the content type to send', async () => {
      const body = await signed('Q3 report.pdf', 'application/pdf');
      expect(body.method).toBe('PUT');
      expect(body.headers).toEqual({ 'Content-Type': 'application/pdf' });
      expect(body.object_path).toMatch(new RegExp(`^uploads/${caller.spaceId}/[0-9a-f-]{36}/Q3-report\\.pdf$`));
      expect(body.url).toMatch(/^\/api\/v1\/kb\/uploads\/target\?token=/);
    });

    it('decides generic types by extension (a .md without type, a .csv reported as Excel)', async () => {
      expect((await signed('notes.md', '')).content_type).toBe('text/markdown');
      expect((await signed('leads.csv', 'application/vnd.ms-excel')).content_type).toBe('text/csv');
    });

    it('refuses unsupported types with 415 and says which formats work', async () => {
      const response = await sign(t.app, caller, 'logo.png', 'image/png');
      expect(response.statusCode).toBe(415);
      expect(response.json()).toEqual({
        detail: 'Unsupported file type "image/png". Upload PDF, Word (.docx), plain text, Markdown, CSV, HTML or JSON files.',
        code: 'UNSUPPORTED_FILE_TYPE',
      });
    });

    it('refuses a file known to be over the limit with 413 before any byte is sent', async () => {
      const response = await sign(t.app, caller, 'big.pdf', 'application/pdf', MAX_BYTES + 1);
      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual({ detail: 'This file is larger than the 64 KB upload limit.', code: 'FILE_TOO_LARGE' });
    });

    it('needs a filename (422), a signed-in caller (401) and a space (400)', async () => {
      const missing = await t.app.inject({ method: 'POST', url: `${API}/kb/uploads/sign?content_type=text/plain`, headers: authHeaders(caller.token, caller.spaceId) });
      expect(missing.statusCode).toBe(422);
      expect(missing.json().errors[0].field).toBe('filename');
      const anonymous = await t.app.inject({ method: 'POST', url: `${API}/kb/uploads/sign?filename=a.txt&content_type=text/plain` });
      expect(anonymous.statusCode).toBe(401);
      const noSpace = await t.app.inject({ method: 'POST', url: `${API}/kb/uploads/sign?filename=a.txt&content_type=text/plain`, headers: authHeaders(caller.token) });
      expect(noSpace.statusCode).toBe(400);
    });
  });

  describe('the upload target (signed PUT)', () => {
    it('stores the body at the object path', async () => {
      const body = await signed('brand.txt', 'text/plain');
      const response = await putToSigned(t.app, body.url, text(BRAND_GUIDELINES), 'text/plain');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ object_path: body.object_path, size_bytes: Buffer.byteLength(BRAND_GUIDELINES) });
      expect(await exists(storedFile(body.object_path))).toBe(true);
    });

    it('accepts a JSON file larger than the JSON API body limit (the body is streamed, not parsed)', async () => {
      const big = await createKbTestApp({ env: { BODY_LIMIT_BYTES: '1024' } });
      try {
        const bigOwner = await registerOwner(big.app);
        const bigCaller = { token: bigOwner.access_token, spaceId: bigOwner.defaultSpace.id };
        const json = text(JSON.stringify({ items: Array.from({ length: 400 }, (_, i) => ({ id: i, name: `Campaign ${i}` })) }));
        expect(json.length).toBeGreaterThan(1024);
        const signedResponse = await sign(big.app, bigCaller, 'campaigns.json', 'application/json');
        const put = await putToSigned(big.app, signedResponse.json<SignedUploadBody>().url, json, 'application/json');
        expect(put.statusCode).toBe(200);
      } finally {
        await big.close();
      }
    });

    it('refuses a tampered URL with 403 and stores nothing', async () => {
      const body = await signed('brand.txt', 'text/plain');
      const url = new URL(body.url, 'http://localhost');
      const [payload, mac] = url.searchParams.get('token')!.split('.');
      const grant = JSON.parse(Buffer.from(payload!, 'base64url').toString());
      // Point the grant at another space's prefix but keep the old signature.
      const forged = Buffer.from(JSON.stringify({ ...grant, p: grant.p.replace(caller.spaceId, otherOrg.spaceId), s: otherOrg.spaceId })).toString('base64url');
      const response = await putToSigned(t.app, `${url.pathname}?token=${forged}.${mac}`, text('x'), 'text/plain');
      expect(response.statusCode).toBe(403);
      expect(response.json().detail).toBe('This upload link is not valid. Request a new upload link and try again.');
      const flipped = await putToSigned(t.app, `${url.pathname}?token=${withTamperedSignature(url.searchParams.get('token')!)}`, text('x'), 'text/plain');
      expect(flipped.statusCode).toBe(403);
      expect(await exists(storedFile(body.object_path))).toBe(false);
    });

    it('refuses an expired URL with 403', async () => {
      const body = await signed('brand.txt', 'text/plain');
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.now() + 16 * 60 * 1000);
      const response = await putToSigned(t.app, body.url, text('late'), 'text/plain');
      expect(response.statusCode).toBe(403);
      expect(response.json().detail).toBe('This upload link has expired. Request a new upload link and try again.');
    });

    it('refuses a content type other than the signed one with 403', async () => {
      const body = await signed('brand.txt', 'text/plain');
      const response = await putToSigned(t.app, body.url, text('<b>hi</b>'), 'text/html');
      expect(response.statusCode).toBe(403);
      expect(response.json().detail).toBe('The Content-Type header does not match the one this upload link was signed for.');
    });

    it('a URL signed for a declared size takes no more than that: 413 while receiving, nothing kept', async () => {
      const response = await sign(t.app, caller, 'tiny.txt', 'text/plain', 10);
      expect(response.statusCode).toBe(200);
      const body = response.json<SignedUploadBody>();
      // Streamed without a length, so the limit must hold while the bytes arrive.
      const bigger = await t.app.inject({
        method: 'PUT',
        url: body.url,
        headers: { 'content-type': 'text/plain' },
        payload: Readable.from([Buffer.alloc(8, 'a'), Buffer.alloc(MAX_BYTES / 2, 'a')]),
      });
      expect(bigger.statusCode).toBe(413);
      expect(bigger.json().code).toBe('FILE_TOO_LARGE');
      expect(await exists(storedFile(body.object_path))).toBe(false);
      // With a length it is refused before a byte is read; the declared size itself fits.
      expect((await putToSigned(t.app, body.url, Buffer.alloc(11, 'a'), 'text/plain')).statusCode).toBe(413);
      expect((await putToSigned(t.app, body.url, Buffer.alloc(10, 'a'), 'text/plain')).statusCode).toBe(200);
    });

    it('refuses a body over the limit with 413 and keeps no partial file', async () => {
      const body = await signed('huge.txt', 'text/plain');
      const response = await putToSigned(t.app, body.url, Buffer.alloc(MAX_BYTES + 1, 'a'), 'text/plain');
      expect(response.statusCode).toBe(413);
      expect(response.json().code).toBe('FILE_TOO_LARGE');
      expect(await exists(storedFile(body.object_path))).toBe(false);
      expect(await exists(path.dirname(storedFile(body.object_path)))).toBe(false);
    });
  });

  describe('single-use upload URLs', () => {
    const used = { detail: 'This upload link has already been used. Request a new upload link to upload the file again.', code: 'UPLOAD_LINK_USED' };

    it('refuses a second PUT with the same URL (409) and keeps the first upload', async () => {
      const body = await signed('brief.txt', 'text/plain');
      expect((await putToSigned(t.app, body.url, text('first version'), 'text/plain')).statusCode).toBe(200);
      const again = await putToSigned(t.app, body.url, text('second version'), 'text/plain');
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual(used);
      expect(await readFile(storedFile(body.object_path), 'utf8')).toBe('first version');
    });

    it('lets exactly one of two simultaneous PUTs with the same URL through', async () => {
      const body = await signed('race.txt', 'text/plain');
      const [a, b] = await Promise.all([
        putToSigned(t.app, body.url, text('from tab A'), 'text/plain'),
        putToSigned(t.app, body.url, text('from tab B'), 'text/plain'),
      ]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
      const winner = a.statusCode === 200 ? 'from tab A' : 'from tab B';
      expect(await readFile(storedFile(body.object_path), 'utf8')).toBe(winner);
    });

    it('is not used up by a PUT that fails midway, so the client may retry', async () => {
      const body = await signed('retry.txt', 'text/plain');
      // Streamed without Content-Length: the limit trips while the bytes arrive.
      const broken = await t.app.inject({
        method: 'PUT',
        url: body.url,
        headers: { 'content-type': 'text/plain' },
        payload: Readable.from([Buffer.alloc(MAX_BYTES, 'a'), Buffer.alloc(16, 'a')]),
      });
      expect(broken.statusCode).toBe(413);
      expect(await exists(storedFile(body.object_path))).toBe(false);
      const retry = await putToSigned(t.app, body.url, text('fits this time'), 'text/plain');
      expect(retry.statusCode).toBe(200);
    });

    it('keeps nothing of a PUT the browser aborted midway (a file removed from the message box while it uploads)', async () => {
      const body = await signed('removed.txt', 'text/plain');
      // Over a real connection, as the browser's XMLHttpRequest sends it: half the bytes, then abort().
      const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
      const request = httpRequest(`${address}${body.url}`, { method: 'PUT', headers: { 'content-type': 'text/plain', 'content-length': '2048' } });
      request.on('error', () => undefined);
      request.write(Buffer.alloc(1024, 'a'));
      const folder = path.dirname(storedFile(body.object_path));
      const inFolder = async () => (await readdir(folder).catch(() => [])).length;
      // The bytes are arriving (into a temporary file) when the browser gives up.
      await expect.poll(inFolder, { timeout: 10_000 }).toBe(1);
      request.destroy();
      // The server notices the connection went and removes the file the bytes were streaming into.
      await expect.poll(inFolder, { timeout: 10_000 }).toBe(0);
      expect(await exists(storedFile(body.object_path))).toBe(false);
      // The URL was not used up: the same file may be sent again.
      expect((await putToSigned(t.app, body.url, text('sent again'), 'text/plain')).statusCode).toBe(200);
    });

    it("moves the upload to the document's own key at commit: the upload URL can no longer reach the document", async () => {
      const bytes = text(`Launch plan ${randomUUID()}`);
      const { signed: upload, commit: committed, hash } = await uploadFile(t.app, caller, { filename: 'launch.txt', contentType: 'text/plain', bytes });
      expect(committed.statusCode).toBe(201);
      const id = committed.json().id;
      const documentFile = storedFile(await documentObjectPath(t, id));
      expect(documentFile).not.toBe(storedFile(upload.object_path));
      expect(await exists(storedFile(upload.object_path))).toBe(false);

      const overwrite = await putToSigned(t.app, upload.url, text('overwritten after commit'), 'text/plain');
      expect(overwrite.statusCode).toBe(409);
      expect(overwrite.json()).toEqual(used);
      expect(await readFile(documentFile)).toEqual(bytes);
      expect(await exists(storedFile(upload.object_path))).toBe(false);
      expect(await waitForProcessed(t.app, caller, id)).toMatchObject({ status: 'ready', size_bytes: bytes.length, hash });
    });
  });

  describe('POST /kb/uploads/commit', () => {
    it('records the document as processing (201) and processing makes it ready', async () => {
      const bytes = text(BRAND_GUIDELINES);
      const { commit: response, hash } = await uploadFile(t.app, caller, { filename: 'Brand guidelines.txt', contentType: 'text/plain', bytes });
      expect(response.statusCode).toBe(201);
      const body = response.json();
      expect(body).toMatchObject({ id: expect.any(String), status: 'processing' });
      expect(body.document).toMatchObject({ filename: 'Brand guidelines.txt', mime_type: 'text/plain', size_bytes: bytes.length, hash, status: 'processing' });
      const done = await waitForProcessed(t.app, caller, body.id);
      expect(done.status).toBe('ready');
    });

    it('refuses a wrong hash (400), removing the uploaded object', async () => {
      const body = await signed('campaign.txt', 'text/plain');
      await putToSigned(t.app, body.url, text('Spring campaign plan'), 'text/plain');
      const response = await commit(t.app, caller, {
        object_path: body.object_path,
        filename: 'campaign.txt',
        size: Buffer.byteLength('Spring campaign plan'),
        mime: 'text/plain',
        hash: sha256('something else'),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        detail: 'The uploaded file does not match its SHA-256 hash; it may have been damaged on the way. Upload it again.',
        code: 'HASH_MISMATCH',
      });
      expect(await exists(storedFile(body.object_path))).toBe(false);
    });

    it("refuses another space's object path and path traversal with 403", async () => {
      const theirs = await signed('theirs.txt', 'text/plain', otherOrg);
      await putToSigned(t.app, theirs.url, text('their secret plan'), 'text/plain');
      const payload = { filename: 'theirs.txt', size: 17, mime: 'text/plain', hash: sha256('their secret plan') };
      const foreign = await commit(t.app, caller, { ...payload, object_path: theirs.object_path });
      expect(foreign.statusCode).toBe(403);
      expect(foreign.json().detail).toBe('This upload does not belong to the current space.');
      const traversal = await commit(t.app, caller, {
        ...payload,
        object_path: `uploads/${caller.spaceId}/${randomUUID()}/../../${otherOrg.spaceId}/x.txt`,
      });
      expect(traversal.statusCode).toBe(403);
      // Their object is untouched.
      expect(await exists(storedFile(theirs.object_path))).toBe(true);
    });

    it('says when nothing was uploaded to the path (400)', async () => {
      const body = await signed('never-sent.txt', 'text/plain');
      const response = await commit(t.app, caller, { object_path: body.object_path, filename: 'never-sent.txt', size: 3, mime: 'text/plain', hash: sha256('abc') });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('UPLOAD_NOT_FOUND');
    });

    it('answers 409 with a detail naming the existing document for a duplicate, and keeps the original', async () => {
      const bytes = text(`Unique content ${randomUUID()}`);
      const first = await uploadFile(t.app, caller, { filename: 'original.txt', contentType: 'text/plain', bytes });
      expect(first.commit.statusCode).toBe(201);
      const second = await uploadFile(t.app, caller, { filename: 'copy.txt', contentType: 'text/plain', bytes });
      expect(second.commit.statusCode).toBe(409);
      expect(second.commit.json()).toEqual({ detail: 'This file already exists in your workspace as "original.txt"', code: 'CONFLICT' });
      expect(await exists(storedFile(second.signed.object_path))).toBe(false);
      const firstDocument = storedFile(await documentObjectPath(t, first.commit.json().id));
      expect(await exists(firstDocument)).toBe(true);
      // Committing the same object again (a retried request) changes nothing either.
      const again = await commit(t.app, caller, {
        object_path: first.signed.object_path,
        filename: 'original.txt',
        size: bytes.length,
        mime: 'text/plain',
        hash: first.hash,
      });
      expect(again.statusCode).toBe(409);
      expect(await readFile(firstDocument)).toEqual(bytes);
    });

    it('allows the same content in another organisation', async () => {
      const bytes = text(`Shared press release ${randomUUID()}`);
      expect((await uploadFile(t.app, caller, { filename: 'press.txt', contentType: 'text/plain', bytes })).commit.statusCode).toBe(201);
      expect((await uploadFile(t.app, otherOrg, { filename: 'press.txt', contentType: 'text/plain', bytes })).commit.statusCode).toBe(201);
    });

    it('refuses a declared size that differs from the stored one (400) and bad payloads (422)', async () => {
      const body = await signed('size.txt', 'text/plain');
      await putToSigned(t.app, body.url, text('12345'), 'text/plain');
      const wrongSize = await commit(t.app, caller, { object_path: body.object_path, filename: 'size.txt', size: 4, mime: 'text/plain', hash: sha256('12345') });
      expect(wrongSize.statusCode).toBe(400);
      expect(wrongSize.json().detail).toBe('The stored file is 5 bytes, not the 4 bytes declared. Upload it again.');
      const badHash = await commit(t.app, caller, { object_path: body.object_path, filename: 'size.txt', size: 5, mime: 'text/plain', hash: 'xyz' });
      expect(badHash.statusCode).toBe(422);
      expect(badHash.json().errors).toEqual([{ field: 'hash', message: 'Hash must be a SHA-256 digest: 64 hexadecimal characters' }]);
    });

    it('keeps a category chosen by the uploader instead of auto-categorising', async () => {
      const bytes = text(`Newsletter subject line tests ${randomUUID()}`);
      const { commit: response } = await uploadFile(t.app, caller, { filename: 'tests.txt', contentType: 'text/plain', bytes }, {
        auto_categorized: false,
        category: 'brand',
        subcategory: 'brand_voice',
      });
      expect(response.statusCode).toBe(201);
      const done = await waitForProcessed(t.app, caller, response.json().id);
      expect(done).toMatchObject({ status: 'ready', category: 'brand', subcategory: 'brand_voice', auto_categorized: false });
      const unknown = await uploadFile(t.app, caller, { filename: 'x.txt', contentType: 'text/plain', bytes: text(randomUUID()) }, { auto_categorized: false, category: 'astrology' });
      expect(unknown.commit.statusCode).toBe(422);
    });
  });
  // Last: it sweeps as if two hours had passed, removing every upload the tests above left.
  describe('the orphan sweep', () => {
    it('removes uploads never committed once they are an hour old, forgets expired used URLs, and leaves documents alone', async () => {
      const kept = await uploadFile(t.app, caller, { filename: 'kept.txt', contentType: 'text/plain', bytes: text(`Kept ${randomUUID()}`) });
      expect(kept.commit.statusCode).toBe(201);
      const documentFile = storedFile(await documentObjectPath(t, kept.commit.json().id));
      const orphan = await signed('abandoned.txt', 'text/plain');
      await putToSigned(t.app, orphan.url, text('never committed'), 'text/plain');

      expect((await t.deps.uploadSweeper.sweep(new Date())).uploads).toBe(0);
      expect(await exists(storedFile(orphan.object_path))).toBe(true);

      const swept = await t.deps.uploadSweeper.sweep(new Date(Date.now() + 2 * 60 * 60 * 1000));
      expect(swept.uploads).toBeGreaterThanOrEqual(1);
      expect(swept.consumedTokens).toBeGreaterThanOrEqual(1);
      expect(await exists(storedFile(orphan.object_path))).toBe(false);
      expect(await exists(path.dirname(storedFile(orphan.object_path)))).toBe(false);
      expect(await exists(documentFile)).toBe(true);
      // The sweep found nothing left to do.
      expect(await t.deps.uploadSweeper.sweep(new Date(Date.now() + 2 * 60 * 60 * 1000))).toEqual({ uploads: 0, consumedTokens: 0 });
    });
  });
});
