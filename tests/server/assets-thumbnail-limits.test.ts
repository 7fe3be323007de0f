/**
 * No asset can take the server down: a damaged image, a decompression bomb, a PDF that needs too
 * much memory and a file that takes too long each end as an asset in status error with a message
 * naming the reason or limit, once (never retried), while the server keeps answering and its own
 * memory stays flat (decoding happens in the capped sandbox process).
 */
import { sql } from 'drizzle-orm';
import { PDFDocument, PDFName, PDFNumber } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/src/db/database';
import { registerOwner } from '../helpers/server';
import { pdfBomb } from './kb-limit-fixtures';
import { addAsset, call, createAssetsTestApp, notAnImage, pngBomb, pngImage, truncatedJpeg, waitForAsset, type AssetsTestApp, type Caller } from './assets-helpers';

const MIB = 1024 * 1024;

async function startApp(env: Record<string, string>): Promise<{ t: AssetsTestApp; caller: Caller }> {
  const t = await createAssetsTestApp({ env });
  const owner = await registerOwner(t.app);
  return { t, caller: { token: owner.access_token, spaceId: owner.defaultSpace.id } };
}

/** The thumbnail jobs pg-boss ran for an asset, and how often each was retried. */
async function jobsOf(database: Database, assetId: string) {
  const result = (await database.db.execute(
    sql`SELECT state, retry_count FROM pgboss.job WHERE name = 'asset-thumbnail' AND data->>'assetId' = ${assetId}`,
  )) as unknown as { rows: { state: string; retry_count: number }[] };
  return result.rows.map((row) => ({ state: row.state, retries: Number(row.retry_count) }));
}

async function untilJobsCompleted(database: Database, assetId: string): Promise<{ state: string; retries: number }[]> {
  for (let waited = 0; ; waited += 100) {
    const jobs = await jobsOf(database, assetId);
    // pg-boss marks the job completed just after the handler wrote the asset's status.
    if (jobs.length > 0 && jobs.every((job) => job.state === 'completed')) return jobs;
    if (waited > 30_000) return jobs;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('thumbnails of files that cannot be read', () => {
  let t: AssetsTestApp;
  let caller: Caller;
  beforeAll(async () => {
    ({ t, caller } = await startApp({ ASSETS_THUMB_MAX_PIXELS: '40000000' }));
  });
  afterAll(() => t.close());

  it('a PDF page made 1,080,000,000 points wide by its UserUnit is recorded at most 14,400 points wide, proportions kept', async () => {
    const document = await PDFDocument.create();
    const page = document.addPage([14_400, 7_200]);
    page.node.set(PDFName.of('UserUnit'), PDFNumber.of(75_000));
    const asset = await addAsset(t.app, caller, { filename: 'billboard.pdf', contentType: 'application/pdf', bytes: Buffer.from(await document.save()) });
    const done = await waitForAsset(t.app, caller, asset.id);
    expect(done.status).toBe('ready');
    expect({ width: done.width, height: done.height }).toEqual({ width: 14_400, height: 7_200 });
  });

  it('a truncated JPEG ends in error with a message saying what to do; it is not retried', async () => {
    const asset = await addAsset(t.app, caller, { filename: 'photo-shoot-07.jpg', contentType: 'image/jpeg', bytes: await truncatedJpeg() });
    const done = await waitForAsset(t.app, caller, asset.id);
    expect(done.status).toBe('error');
    expect(done.error_message).toBe(
      'This image could not be read: the file is damaged or is not really an image of its type. Export it again from your design tool and upload the new copy.',
    );
    expect(await untilJobsCompleted(t.database, asset.id)).toEqual([{ state: 'completed', retries: 0 }]);
    expect((await call(t.app, caller, 'GET', `/assets/${asset.id}/thumbnail`)).statusCode).toBe(404);
  });

  it('a text file named banner.png ends in error the same way', async () => {
    const asset = await addAsset(t.app, caller, { filename: 'banner.png', contentType: 'image/png', bytes: notAnImage() });
    expect((await waitForAsset(t.app, caller, asset.id)).error_message).toMatch(/^This image could not be read/);
  });

  it('a 400 KB PNG declaring 20,000 × 20,000 pixels is refused from its header, naming the limit; the server heap stays flat', async () => {
    const bomb = await pngBomb(20_000);
    expect(bomb.length).toBeLessThan(MIB);
    const before = process.memoryUsage();
    const peak = { heap: before.heapUsed, rss: before.rss };
    const sampler = setInterval(() => {
      const now = process.memoryUsage();
      peak.heap = Math.max(peak.heap, now.heapUsed);
      peak.rss = Math.max(peak.rss, now.rss);
    }, 20);
    try {
      const asset = await addAsset(t.app, caller, { filename: 'poster-print.png', contentType: 'image/png', bytes: bomb });
      const done = await waitForAsset(t.app, caller, asset.id);
      expect(done.status).toBe('error');
      expect(done.error_message).toBe(
        'This image is 20,000 × 20,000 pixels (400 megapixels); Mosaic makes previews of images up to 40 megapixels. Resize it and upload it again.',
      );
    } finally {
      clearInterval(sampler);
    }
    // Decoded in the server the picture would be 400 MB; its heap and resident memory barely move.
    expect(peak.heap - before.heapUsed).toBeLessThan(64 * MIB);
    expect(peak.rss - before.rss).toBeLessThan(128 * MIB);
    expect((await call(t.app, caller, 'GET', '/assets')).statusCode).toBe(200);
  });

  it('after all that, a good image still gets its thumbnail (the sandbox recovers)', async () => {
    const asset = await addAsset(t.app, caller, { filename: 'after.png', contentType: 'image/png', bytes: await pngImage(640, 480) });
    expect((await waitForAsset(t.app, caller, asset.id)).status).toBe('ready');
  });
});

describe('thumbnails past the memory and time limits', () => {
  it('a PDF whose first page inflates to 400 MiB is stopped by the memory limit and named in the message', async () => {
    const { t, caller } = await startApp({ ASSETS_THUMB_MAX_MEMORY_MB: '160' });
    try {
      const asset = await addAsset(t.app, caller, { filename: 'catalogue.pdf', contentType: 'application/pdf', bytes: await pdfBomb(400 * MIB) });
      const done = await waitForAsset(t.app, caller, asset.id, 120_000);
      expect(done.status).toBe('error');
      expect(done.error_message).toBe(
        'Making a preview of this file needed more than the 160 MB of memory allowed for one asset, so it was stopped. Export a smaller or simpler version and upload it again.',
      );
      expect(await untilJobsCompleted(t.database, asset.id)).toEqual([{ state: 'completed', retries: 0 }]);
    } finally {
      await t.close();
    }
  }, 180_000);

  it('a large image that takes longer than the time limit is stopped and the message names the limit', async () => {
    // 0.05 s: decoding and resizing 36 megapixels takes far longer on any machine.
    const { t, caller } = await startApp({ ASSETS_THUMB_TIMEOUT_SECONDS: '0.05' });
    try {
      const asset = await addAsset(t.app, caller, { filename: 'billboard.png', contentType: 'image/png', bytes: await pngImage(6000, 6000) });
      const done = await waitForAsset(t.app, caller, asset.id, 120_000);
      expect(done.status).toBe('error');
      expect(done.error_message).toBe(
        'Making a preview of this file took longer than the 0.05-second limit for one asset, so it was stopped. Export a smaller or simpler version and upload it again.',
      );
    } finally {
      await t.close();
    }
  }, 180_000);
});
