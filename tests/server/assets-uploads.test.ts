/**
 * Uploading assets through the knowledge base's signed flow: sign → PUT (single use) → commit →
 * thumbnail in the background; duplicates by content; refused types and sizes; downloads.
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Asset } from '../../src/contract/assets';
import { API, authHeaders, registerOwner } from '../helpers/server';
import { startedForSuite } from '../helpers/suite-fixtures';
import { sha256 } from './kb-fixtures';
import { putToSigned, withTamperedLink, type SignedUploadBody } from './kb-helpers';
import {
  addAsset,
  brochurePdf,
  call,
  createAssetsTestApp,
  pixelAt,
  pngImage,
  signAsset,
  uploadAsset,
  waitForAsset,
  type Caller,
} from './assets-helpers';

const MIB = 1024 * 1024;
/** Small, so an oversized body is cheap to send. */
const MAX_BYTES = 2 * MIB;

describe('assets: upload, thumbnails, duplicates, downloads', () => {
  const t = startedForSuite(() => createAssetsTestApp({ env: { ASSETS_MAX_UPLOAD_BYTES: String(MAX_BYTES) } }));
  let caller: Caller;

  beforeAll(async () => {
    const owner = await registerOwner(t.app);
    caller = { token: owner.access_token, spaceId: owner.defaultSpace.id };
  });

  describe('POST /assets/uploads/sign', () => {
    it('answers a single-use PUT URL for a new upload path of the space, bound to the resolved type', async () => {
      const response = await signAsset(t.app, caller, 'Spring hero.JPG', '');
      expect(response.statusCode).toBe(200);
      const body = response.json<SignedUploadBody & { expires_at: string }>();
      expect(body.method).toBe('PUT');
      expect(body.content_type).toBe('image/jpeg');
      expect(body.headers).toEqual({ 'Content-Type': 'image/jpeg' });
      expect(body.object_path).toMatch(new RegExp(`^uploads/${caller.spaceId}/[0-9a-f-]{36}/Spring-hero\\.JPG$`));
      expect(body.url).toMatch(/^\/api\/v1\/kb\/uploads\/target\?token=/);
    });

    it('refuses a type Creative Assets does not keep with 415, naming the formats', async () => {
      const response = await signAsset(t.app, caller, 'setup.exe', 'application/x-msdownload');
      expect(response.statusCode).toBe(415);
      expect(response.json()).toEqual({
        detail: '"setup.exe" is not a file type Creative Assets keeps. Upload images (JPEG, PNG, WebP, GIF, AVIF, TIFF, SVG), PDF, video (MP4, WebM, MOV) or documents (Word, PowerPoint, Excel, text, Markdown, CSV).',
        code: 'UNSUPPORTED_FILE_TYPE',
      });
    });

    it('refuses a file known to be over the limit with 413 naming the limit, before a byte is sent', async () => {
      const response = await signAsset(t.app, caller, 'launch film.mp4', 'video/mp4', MAX_BYTES + 1);
      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual({
        detail: '"launch film.mp4" is larger than the 2 MB limit for one asset. Compress or shorten it, then upload it again.',
        code: 'FILE_TOO_LARGE',
      });
    });
  });

  it('an image becomes an asset with a real thumbnail and preview made from its pixels', async () => {
    const bytes = await pngImage(1200, 900);
    const asset = await addAsset(t.app, caller, { filename: 'hero-banner.png', contentType: 'image/png', bytes }, { tags: ['Spring', '#launch'] });
    expect(asset).toMatchObject({ name: 'hero-banner.png', kind: 'image', source: 'upload', status: 'processing', tags: ['spring', 'launch'], size_bytes: bytes.length });
    const ready = await waitForAsset(t.app, caller, asset.id);
    expect(ready).toMatchObject({ status: 'ready', width: 1200, height: 900, error_message: null });
    expect(ready.thumbnail_version).toMatch(/^[0-9a-f]{8}$/);

    const thumbnail = await call(t.app, caller, 'GET', `/assets/${asset.id}/thumbnail`);
    expect(thumbnail.statusCode).toBe(200);
    expect(thumbnail.headers['content-type']).toBe('image/webp');
    const thumb = await sharp(thumbnail.rawPayload).metadata();
    expect([thumb.format, thumb.width, thumb.height]).toEqual(['webp', 480, 360]);
    // The middle of the picture is the blue block; the corner the orange background.
    const centre = await pixelAt(thumbnail.rawPayload, 240, 180);
    const corner = await pixelAt(thumbnail.rawPayload, 5, 5);
    expect(centre.b).toBeGreaterThan(150);
    expect(corner.r).toBeGreaterThan(180);

    const preview = await call(t.app, caller, 'GET', `/assets/${asset.id}/preview`);
    expect((await sharp(preview.rawPayload).metadata()).width).toBe(1200);
  });

  it("a PDF's first page is drawn as its thumbnail; its page count and text are kept and searchable", async () => {
    const bytes = await brochurePdf('Spring launch', 3, ['Meadow green is our new hero colour for the campaign.']);
    const asset = await addAsset(t.app, caller, { filename: 'spring-brochure.pdf', contentType: 'application/pdf', bytes });
    const ready = await waitForAsset(t.app, caller, asset.id);
    expect(ready).toMatchObject({ status: 'ready', kind: 'pdf', page_count: 3, width: 595, height: 842 });
    expect(ready.content).toContain('Meadow green is our new hero colour');
    const thumbnail = await call(t.app, caller, 'GET', `/assets/${asset.id}/thumbnail`);
    const size = await sharp(thumbnail.rawPayload).metadata();
    expect(size.height).toBe(480);
    // The banner across the top of page one is blue; below it the page is white.
    const banner = await pixelAt(thumbnail.rawPayload, 20, 20);
    const page = await pixelAt(thumbnail.rawPayload, 20, 400);
    expect(banner.b).toBeGreaterThan(150);
    expect(banner.r).toBeLessThan(80);
    expect(page).toEqual({ r: 255, g: 255, b: 255 });

    const found = await call(t.app, caller, 'GET', '/assets/search?q=meadow%20colour');
    expect(found.json<{ assets: Asset[] }>().assets.map((item) => item.id)).toEqual([asset.id]);
  });

  it('a Markdown file keeps its text for the preview; a video is ready at once with no thumbnail', async () => {
    const note = await addAsset(t.app, caller, { filename: 'tone-notes.md', contentType: 'text/markdown', bytes: Buffer.from('# Tone\n\nWarm, direct, never smug.') });
    expect((await waitForAsset(t.app, caller, note.id)).content).toBe('# Tone\n\nWarm, direct, never smug.');
    const video = await addAsset(t.app, caller, { filename: 'teaser.webm', contentType: 'video/webm', bytes: Buffer.from('webm bytes, not decoded') });
    expect(video).toMatchObject({ kind: 'video', status: 'ready', thumbnail_version: null });
    const thumbnail = await call(t.app, caller, 'GET', `/assets/${video.id}/thumbnail`);
    expect(thumbnail.statusCode).toBe(404);
  });

  describe('duplicates by content', () => {
    it('the hash check names the asset holding a content; committing the same bytes again is 409 and leaves no object behind', async () => {
      const bytes = await pngImage(300, 200, { r: 10, g: 200, b: 10 });
      const first = await addAsset(t.app, caller, { filename: 'logo-green.png', contentType: 'image/png', bytes });
      const check = await call(t.app, caller, 'POST', '/assets/hashes/check', { hashes: [sha256(bytes), 'a'.repeat(64)] });
      expect(check.json()).toEqual({ non_existing_hashes: ['a'.repeat(64)], existing: [{ hash: sha256(bytes), asset_id: first.id, name: 'logo-green.png' }] });

      const again = await uploadAsset(t.app, caller, { filename: 'copy of logo.png', contentType: 'image/png', bytes });
      expect(again.commit.statusCode).toBe(409);
      expect(again.commit.json()).toEqual({ detail: 'This file is already in Creative Assets as "logo-green.png"', code: 'DUPLICATE_ASSET' });
      const uploads = await readdir(path.join(t.storageDir, 'uploads', caller.spaceId)).catch(() => []);
      expect(uploads).not.toContain(again.signed.object_path.split('/')[2]);
    });

    it('a repeated commit of the same upload (a retry after a lost answer) is 409 and changes nothing', async () => {
      const bytes = await pngImage(64, 64, { r: 1, g: 2, b: 3 });
      const { signed, commit, hash } = await uploadAsset(t.app, caller, { filename: 'icon.png', contentType: 'image/png', bytes });
      expect(commit.statusCode).toBe(201);
      const retry = await call(t.app, caller, 'POST', '/assets/uploads/commit', { object_path: signed.object_path, filename: 'icon.png', size: bytes.length, mime: 'image/png', hash });
      expect(retry.statusCode).toBe(409);
      expect(retry.json().detail).toBe('This file is already in Creative Assets as "icon.png"');
    });
  });

  describe('the upload link', () => {
    it('works once: a second PUT with the same URL is refused before a byte is stored', async () => {
      const bytes = await pngImage(50, 50);
      const signed = (await signAsset(t.app, caller, 'once.png', 'image/png', bytes.length)).json<SignedUploadBody>();
      expect((await putToSigned(t.app, signed.url, bytes, 'image/png')).statusCode).toBe(200);
      const second = await putToSigned(t.app, signed.url, await pngImage(50, 50, { r: 0, g: 0, b: 0 }), 'image/png');
      expect(second.statusCode).toBe(409);
      expect(second.json()).toEqual({ detail: 'This upload link has already been used. Request a new upload link to upload the file again.', code: 'UPLOAD_LINK_USED' });
    });

    it('refuses a body past the asset limit (413 naming it) and a commit whose hash is not the bytes', async () => {
      const signed = (await signAsset(t.app, caller, 'big.png', 'image/png')).json<SignedUploadBody>();
      const tooBig = await putToSigned(t.app, signed.url, Buffer.alloc(MAX_BYTES + 1), 'image/png');
      expect(tooBig.statusCode).toBe(413);
      expect(tooBig.json().detail).toBe('This file is larger than the 2 MB upload limit.');

      const bytes = await pngImage(40, 40);
      const other = (await signAsset(t.app, caller, 'tampered.png', 'image/png')).json<SignedUploadBody>();
      await putToSigned(t.app, other.url, bytes, 'image/png');
      const commit = await call(t.app, caller, 'POST', '/assets/uploads/commit', { object_path: other.object_path, filename: 'tampered.png', size: bytes.length, mime: 'image/png', hash: 'b'.repeat(64) });
      expect(commit.statusCode).toBe(400);
      expect(commit.json().code).toBe('HASH_MISMATCH');
    });

    it("refuses committing another space's upload path (403)", async () => {
      const other = await registerOwner(t.app, { org_name: 'Rival Co' });
      const stranger = { token: other.access_token, spaceId: other.defaultSpace.id };
      const bytes = await pngImage(30, 30);
      const signed = (await signAsset(t.app, caller, 'mine.png', 'image/png')).json<SignedUploadBody>();
      await putToSigned(t.app, signed.url, bytes, 'image/png');
      const stolen = await call(t.app, stranger, 'POST', '/assets/uploads/commit', { object_path: signed.object_path, filename: 'mine.png', size: bytes.length, mime: 'image/png', hash: sha256(bytes) });
      expect(stolen.statusCode).toBe(403);
      expect(stolen.json().detail).toBe('This upload does not belong to the current space.');
    });
  });

  describe('downloads', () => {
    it('a signed link serves the bytes under the asset\'s (renamed) name with its extension, without a bearer token', async () => {
      const bytes = await pngImage(120, 80);
      const asset = await addAsset(t.app, caller, { filename: 'kv-final-v3.png', contentType: 'image/png', bytes });
      await call(t.app, caller, 'PATCH', `/assets/${asset.id}`, { name: 'Key visual – Spring' });
      const link = await call(t.app, caller, 'POST', `/assets/${asset.id}/download`);
      expect(link.statusCode).toBe(200);
      const { url, filename } = link.json<{ url: string; filename: string }>();
      expect(filename).toBe('Key visual – Spring.png');
      expect(url).toMatch(/^\/api\/v1\/kb\/downloads\/file\?token=/);
      const file = await t.app.inject({ method: 'GET', url });
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload.equals(bytes)).toBe(true);
      expect(file.headers['content-type']).toBe('image/png');
      expect(file.headers['content-disposition']).toBe(`attachment; filename="Key visual _ Spring.png"; filename*=UTF-8''Key%20visual%20%E2%80%93%20Spring.png`);
      expect(file.headers['cache-control']).toBe('private, no-store');
    });

    it('a tampered link is refused (403); a text asset has no file to download (409)', async () => {
      const bytes = await pngImage(20, 20, { r: 9, g: 9, b: 9 });
      const asset = await addAsset(t.app, caller, { filename: 'tiny.png', contentType: 'image/png', bytes });
      const { url } = (await call(t.app, caller, 'POST', `/assets/${asset.id}/download`)).json<{ url: string }>();
      const tampered = await t.app.inject({ method: 'GET', url: withTamperedLink(url) });
      expect(tampered.statusCode).toBe(403);
      expect(tampered.json().detail).toBe('This download link is not valid. Open the file in Mosaic again to get a new one.');
      const text = await call(t.app, caller, 'POST', '/assets/text', { name: 'Tagline', content: 'Grow with us', source: 'upload' });
      const none = await call(t.app, caller, 'POST', `/assets/${text.json<Asset>().id}/download`);
      expect(none.statusCode).toBe(409);
    });
  });

  it('needs a signed-in caller with a space', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: `${API}/assets` });
    expect(anonymous.statusCode).toBe(401);
    const noSpace = await t.app.inject({ method: 'GET', url: `${API}/assets`, headers: authHeaders(caller.token) });
    expect(noSpace.statusCode).toBe(400);
  });
});
