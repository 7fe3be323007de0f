/**
 * Creative Assets on S3-compatible storage (a local s3rver started here, as tests/server/kb-s3):
 * the browser's presigned PUT over real HTTP, commit reading the object back from the bucket, the
 * thumbnail job reading it and writing its renditions to the bucket, a presigned download under
 * the asset's name, and delete removing the file and its renditions.
 */
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Asset } from '../../src/contract/assets';
import { assets } from '../../server/src/db/schema/index';
import { startFakeS3 } from '../helpers/fake-s3';
import { registerOwner } from '../helpers/server';
import { startedForSuite } from '../helpers/suite-fixtures';
import { sha256 } from './kb-fixtures';
import type { SignedUploadBody } from './kb-helpers';
import { call, createAssetsTestApp, pngImage, signAsset, waitForAsset, type Caller } from './assets-helpers';

describe('assets on S3-compatible storage', () => {
  const s3 = startedForSuite(() => startFakeS3());
  const t = startedForSuite(() => createAssetsTestApp({ env: s3.env }));
  let caller: Caller;

  beforeAll(async () => {
    const owner = await registerOwner(t.app);
    caller = { token: owner.access_token, spaceId: owner.defaultSpace.id };
  });

  it('uploads to the bucket, makes the thumbnail from the bucket, downloads through a presigned GET, and deletes everything', async () => {
    const bytes = await pngImage(800, 600);
    const upload = (await signAsset(t.app, caller, 'bucket hero.png', 'image/png', bytes.length)).json<SignedUploadBody>();
    expect(new URL(upload.url).origin).toBe(s3.endpoint);
    const put = await fetch(upload.url, { method: 'PUT', headers: upload.headers, body: new Uint8Array(bytes) });
    expect(put.status).toBe(200);
    const committed = await call(t.app, caller, 'POST', '/assets/uploads/commit', { object_path: upload.object_path, filename: 'bucket hero.png', size: bytes.length, mime: 'image/png', hash: sha256(bytes) });
    expect(committed.statusCode).toBe(201);
    const asset = committed.json<Asset>();
    // Moved out of the uploads area to the asset's own key.
    expect(await t.deps.storage.stat(upload.object_path)).toBeNull();

    const ready = await waitForAsset(t.app, caller, asset.id);
    expect(ready).toMatchObject({ status: 'ready', width: 800, height: 600 });
    const thumbnail = await call(t.app, caller, 'GET', `/assets/${asset.id}/thumbnail`);
    expect((await sharp(thumbnail.rawPayload).metadata()).width).toBe(480);

    const link = (await call(t.app, caller, 'POST', `/assets/${asset.id}/download`)).json<{ url: string; filename: string }>();
    const url = new URL(link.url);
    expect(url.origin).toBe(s3.endpoint);
    expect(url.searchParams.get('response-content-disposition')).toBe(`attachment; filename="bucket hero.png"; filename*=UTF-8''bucket%20hero.png`);
    const file = await fetch(link.url);
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).equals(bytes)).toBe(true);

    // The keys the asset's files live at, to check they are gone after delete.
    const [row] = await t.database.db.select({ file: assets.objectPath, thumb: assets.thumbnailPath, preview: assets.previewPath }).from(assets).where(eq(assets.id, asset.id));
    expect((await call(t.app, caller, 'DELETE', `/assets/${asset.id}`)).statusCode).toBe(204);
    for (const key of [row!.file, row!.thumb, row!.preview]) expect(await t.deps.storage.stat(key!)).toBeNull();
  });
});
