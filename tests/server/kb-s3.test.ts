import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { API, authHeaders, registerOwner } from '../helpers/server';
import { startFakeS3 } from '../helpers/fake-s3';
import { startedForSuite } from '../helpers/suite-fixtures';
import { BRAND_GUIDELINES, sha256 } from './kb-fixtures';
import {
  commit,
  createKbTestApp,
  documentObjectPath,
  search,
  sign,
  waitForProcessed,
  type Caller,
  type SignedUploadBody,
} from './kb-helpers';

const TWO_HOURS_MS = 2 * 60 * 60 * 1000;

/**
 * The S3 storage end to end against a local S3-compatible server (s3rver, started here): the
 * browser's presigned PUT over real HTTP, commit reading the object back from the bucket, the
 * processing job reading it, delete, and the move that keeps committed documents out of reach
 * of upload URLs.
 */
describe('knowledge base on S3-compatible storage', () => {
  const s3 = startedForSuite(() => startFakeS3());
  const t = startedForSuite(() => createKbTestApp({ env: s3.env }));
  let caller: Caller;

  beforeAll(async () => {
    const owner = await registerOwner(t.app);
    caller = { token: owner.access_token, spaceId: owner.defaultSpace.id };
  });

  const text = (content: string) => Buffer.from(content, 'utf8');

  async function signed(filename: string, contentType: string): Promise<SignedUploadBody> {
    const response = await sign(t.app, caller, filename, contentType);
    expect(response.statusCode).toBe(200);
    return response.json<SignedUploadBody>();
  }

  /** What the browser does with a signed upload: a PUT straight to the bucket with the given headers. */
  function putToBucket(upload: SignedUploadBody, bytes: Buffer): Promise<Response> {
    return fetch(upload.url, { method: upload.method, headers: upload.headers, body: new Uint8Array(bytes) });
  }

  async function uploadAndCommit(filename: string, bytes: Buffer) {
    const upload = await signed(filename, 'text/plain');
    expect((await putToBucket(upload, bytes)).status).toBe(200);
    const response = await commit(t.app, caller, { object_path: upload.object_path, filename, size: bytes.length, mime: 'text/plain', hash: sha256(bytes) });
    return { upload, response };
  }

  it('signs a presigned PUT to the bucket, bound to the upload key and the Content-Type the browser sends', async () => {
    const upload = await signed('Q3 report.pdf', 'application/pdf');
    const url = new URL(upload.url);
    expect(`${url.origin}`).toBe(s3.endpoint);
    expect(url.pathname).toBe(`/${s3.bucket}/${upload.object_path}`);
    expect(upload.object_path).toMatch(new RegExp(`^uploads/${caller.spaceId}/[0-9a-f-]{36}/Q3-report\\.pdf$`));
    expect(upload.headers).toEqual({ 'Content-Type': 'application/pdf' });
    // The store checks the signature over these headers: a PUT with another type is refused.
    expect(url.searchParams.get('X-Amz-SignedHeaders')?.split(';')).toContain('content-type');
    expect(url.searchParams.get('X-Amz-Expires')).toBe('900');
    expect(url.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    // No checksum of an empty body baked into the URL (the real body would fail it).
    expect([...url.searchParams.keys()].filter((key) => key.toLowerCase().includes('checksum'))).toEqual([]);

    const bytes = text('%PDF-1.4 not really a pdf');
    expect((await putToBucket(upload, bytes)).status).toBe(200);
    expect(await t.deps.storage.stat(upload.object_path)).toMatchObject({ size: bytes.length });
  });

  it('commits after checking size and SHA-256 from the stored object, moves it to the document key, and processing reads it from the bucket', async () => {
    const bytes = text(BRAND_GUIDELINES);
    const { upload, response } = await uploadAndCommit('Brand guidelines.txt', bytes);
    expect(response.statusCode).toBe(201);
    const id = response.json<{ id: string }>().id;

    const documentPath = await documentObjectPath(t, id);
    expect(documentPath).toMatch(new RegExp(`^spaces/${caller.spaceId}/documents/`));
    expect(await t.deps.storage.stat(upload.object_path)).toBeNull();
    expect(sha256(await t.deps.storage.read(documentPath))).toBe(sha256(bytes));

    const done = await waitForProcessed(t.app, caller, id);
    expect(done).toMatchObject({ status: 'ready', size_bytes: bytes.length, hash: sha256(bytes) });
    const { contexts } = (await search(t.app, caller, 'tone of voice')).json();
    expect(contexts[0]).toMatchObject({ document_id: id, filename: 'Brand guidelines.txt' });
  });

  it('refuses a commit whose size or hash does not match the stored object, and removes the upload', async () => {
    const upload = await signed('plan.txt', 'text/plain');
    await putToBucket(upload, text('Spring campaign plan'));
    const wrongSize = await commit(t.app, caller, { object_path: upload.object_path, filename: 'plan.txt', size: 3, mime: 'text/plain', hash: sha256('Spring campaign plan') });
    expect(wrongSize.statusCode).toBe(400);
    expect(wrongSize.json()).toEqual({ detail: 'The stored file is 20 bytes, not the 3 bytes declared. Upload it again.', code: 'SIZE_MISMATCH' });
    expect(await t.deps.storage.stat(upload.object_path)).toBeNull();

    const second = await signed('plan.txt', 'text/plain');
    await putToBucket(second, text('Spring campaign plan'));
    const wrongHash = await commit(t.app, caller, { object_path: second.object_path, filename: 'plan.txt', size: 20, mime: 'text/plain', hash: sha256('other') });
    expect(wrongHash.statusCode).toBe(400);
    expect(wrongHash.json().code).toBe('HASH_MISMATCH');
    expect(await t.deps.storage.stat(second.object_path)).toBeNull();
  });

  it('keeps a committed document out of reach of its upload URL: a later PUT lands on a key nothing reads, and the sweep removes it', async () => {
    const original = text(`Original launch brief ${randomUUID()}`);
    const { upload, response } = await uploadAndCommit('launch.txt', original);
    expect(response.statusCode).toBe(201);
    const id = response.json<{ id: string }>().id;
    await waitForProcessed(t.app, caller, id);

    // A presigned URL stays valid until it expires, so the bucket accepts the PUT…
    const replacement = text('Replaced content that must never become the document');
    expect((await putToBucket(upload, replacement)).status).toBe(200);
    // …but the document's own key still holds what was checked at commit.
    const documentPath = await documentObjectPath(t, id);
    expect(sha256(await t.deps.storage.read(documentPath))).toBe(sha256(original));
    const listed = await t.app.inject({ method: 'GET', url: `${API}/kb/documents`, headers: authHeaders(caller.token, caller.spaceId) });
    expect(listed.json().documents.find((document: { id: string }) => document.id === id)).toMatchObject({ size_bytes: original.length, hash: sha256(original) });
    // Committing the stray object again is the same upload: refused, the document untouched.
    const again = await commit(t.app, caller, { object_path: upload.object_path, filename: 'launch.txt', size: replacement.length, mime: 'text/plain', hash: sha256(replacement) });
    expect(again.statusCode).toBe(409);
    expect(sha256(await t.deps.storage.read(documentPath))).toBe(sha256(original));

    // Not yet old enough to be an orphan; two hours on, it is.
    await t.deps.uploadSweeper.sweep(new Date());
    expect(await t.deps.storage.stat(upload.object_path)).not.toBeNull();
    const swept = await t.deps.uploadSweeper.sweep(new Date(Date.now() + TWO_HOURS_MS));
    expect(swept.uploads).toBeGreaterThanOrEqual(1);
    expect(await t.deps.storage.stat(upload.object_path)).toBeNull();
    expect(sha256(await t.deps.storage.read(documentPath))).toBe(sha256(original));
  });

  it('deletes the stored object with the document', async () => {
    const { response } = await uploadAndCommit('to-delete.txt', text(`Short-lived note ${randomUUID()}`));
    const id = response.json<{ id: string }>().id;
    await waitForProcessed(t.app, caller, id);
    const documentPath = await documentObjectPath(t, id);
    expect(await t.deps.storage.stat(documentPath)).not.toBeNull();
    const deleted = await t.app.inject({ method: 'DELETE', url: `${API}/kb/documents/${id}`, headers: authHeaders(caller.token, caller.spaceId) });
    expect(deleted.statusCode).toBe(204);
    expect(await t.deps.storage.stat(documentPath)).toBeNull();
  });
});
