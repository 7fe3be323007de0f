/**
 * `npm run bench:assets` (figures in docs/assets.md, "Figures"):
 *
 * 1. grid: the Creative Assets screen opening a library of 2,000 assets from Dexie in Chromium
 *    (the server's list is kept away, so what is measured is the device): screen mount → first
 *    cards painted, and → the visible thumbnails decoded (target ≤ 300 ms). Needs `npm run build`.
 * 2. thumbnails: thumbnail generation throughput per core: the production sandbox task (sharp,
 *    pdf.js on @napi-rs/canvas) on photos and PDFs, one process (one core), then two.
 *
 * `BENCH_ASSETS=2000`, `BENCH_PHOTOS=24`, `BENCH_PDFS=8`; `BENCH_PARTS=grid` or `thumbnails` runs one part.
 */
import { existsSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import { chromium } from 'playwright-core';
import sharp from 'sharp';
import { createThumbnailSandbox, thumbnailInSandbox } from '../../server/src/services/assets/sandboxed-thumbnail';
import { startTsxServer } from './tsx-server';
import { signInOnLoginScreen } from './login-screen';

const ROOT = path.resolve(import.meta.dirname, '../..');
const ASSETS = Number(process.env.BENCH_ASSETS ?? 2000);
const PHOTOS = Number(process.env.BENCH_PHOTOS ?? 24);
const PDFS = Number(process.env.BENCH_PDFS ?? 8);
const PARTS = new Set((process.env.BENCH_PARTS ?? 'grid,thumbnails').split(','));
const PASSWORD = 'benchmark-password-123';

function startServer() {
  return startTsxServer({ name: 'assets', startTimeoutSeconds: 90 });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function benchGrid(): Promise<void> {
  if (!existsSync(path.join(ROOT, 'dist', 'index.html'))) throw new Error('Build the app first: npm run build');
  const server = await startServer();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  try {
    const email = `bench-${Date.now()}@bench.example.com`;
    const registered = await fetch(`${server.baseUrl}/api/v1/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD, name: 'Bench', org_name: 'Bench Org' }),
    });
    if (!registered.ok) throw new Error(`register: ${registered.status}`);
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await signInOnLoginScreen(page, server.baseUrl, email, PASSWORD);
    await page.goto(`${server.baseUrl}/assets`);
    await page.getByText('No assets yet').waitFor({ timeout: 60_000 });
    const spaceId = await page.evaluate(() => localStorage.getItem('currentSpaceId'));
    // A real 480 × 360 WebP thumbnail, as the server makes them.
    const thumbnail = await sharp({ create: { width: 480, height: 360, channels: 3, background: { r: 200, g: 90, b: 60 } } }).webp({ quality: 78 }).toBuffer();

    // 2,000 assets and their thumbnails, written where the app keeps them.
    await page.evaluate(
      async ({ space, count, bytes }) => {
        const open = indexedDB.open('mosaic');
        const database: IDBDatabase = await new Promise((resolve, reject) => {
          open.onsuccess = () => resolve(open.result);
          open.onerror = () => reject(open.error);
        });
        const tx = database.transaction(['assets', 'assetThumbnails'], 'readwrite');
        const kinds = ['image', 'image', 'image', 'pdf', 'text', 'video', 'document'] as const;
        const start = Date.parse('2025-01-01T00:00:00.000Z');
        const buffer = new Uint8Array(bytes).buffer;
        for (let index = 0; index < count; index += 1) {
          const kind = kinds[index % kinds.length]!;
          const pictured = kind === 'image' || kind === 'pdf';
          const id = `bench-asset-${index}`;
          tx.objectStore('assets').put({
            id,
            spaceId: space,
            name: `${kind === 'text' ? 'Headline set' : 'Spring visual'} ${index}${kind === 'image' ? '.jpg' : kind === 'pdf' ? '.pdf' : ''}`,
            kind,
            mimeType: kind === 'image' ? 'image/jpeg' : kind === 'pdf' ? 'application/pdf' : kind === 'text' ? 'text/markdown' : kind === 'video' ? 'video/mp4' : 'text/plain',
            sizeBytes: 100_000 + index * 37,
            hash: index.toString(16).padStart(64, '0'),
            source: index % 5 === 0 ? 'generated' : 'upload',
            sourceRef: null,
            status: 'ready',
            errorMessage: null,
            description: index % 3 === 0 ? 'Hero image for the spring launch, golden hour' : null,
            tags: index % 2 === 0 ? ['spring', 'launch'] : ['brand'],
            collectionIds: [],
            width: pictured ? 1600 : null,
            height: pictured ? 1200 : null,
            pageCount: kind === 'pdf' ? 4 : null,
            thumbnailVersion: pictured ? 'v1' : null,
            excerpt: kind === 'text' ? 'Grow something wonderful this season. Bloom where you are. Fresh starts for small teams.' : null,
            createdBy: null,
            createdByName: 'Bench',
            createdAt: new Date(start + index * 60_000).toISOString(),
            updatedAt: new Date(start + index * 60_000).toISOString(),
          });
          if (pictured) tx.objectStore('assetThumbnails').put({ assetId: id, spaceId: space, version: 'v1', mimeType: 'image/webp', bytes: buffer, savedAt: Date.now() });
        }
        await new Promise((resolve, reject) => {
          tx.oncomplete = resolve;
          tx.onerror = () => reject(tx.error);
        });
        database.close();
      },
      { space: spaceId, count: ASSETS, bytes: [...thumbnail] },
    );
    // What is measured is the device: the server's (empty) list must not replace it.
    await page.route('**/api/v1/assets', (route) => route.abort());
    await page.route('**/api/v1/assets?*', (route) => route.abort());

    const runs: { painted: number; pictures: number; navigation: number; cards: number }[] = [];
    for (let run = 0; run < 5; run += 1) {
      await page.goto(`${server.baseUrl}/dashboard`);
      await page.getByRole('link', { name: 'Creative Assets' }).first().waitFor();
      const before = await page.evaluate(() => performance.now());
      await page.getByRole('link', { name: 'Creative Assets' }).first().click();
      await page.waitForFunction(() => performance.getEntriesByName('mosaic:assets-painted').length > 0, null, { timeout: 30_000 });
      // Every card in view shows its decoded picture.
      await page.waitForFunction(
        () => {
          const images = [...document.querySelectorAll<HTMLImageElement>('img.asset-thumb')].filter((img) => img.getBoundingClientRect().top < innerHeight);
          return images.length > 0 && images.every((img) => img.complete && img.naturalWidth > 0);
        },
        null,
        { timeout: 30_000, polling: 'raf' },
      );
      runs.push(
        await page.evaluate((clickedAt) => {
          const open = performance.getEntriesByName('mosaic:assets-open').at(-1)!.startTime;
          const painted = performance.getEntriesByName('mosaic:assets-painted').at(-1)!.startTime;
          return { painted: painted - open, pictures: performance.now() - open, navigation: painted - clickedAt, cards: document.querySelectorAll('[data-testid="asset-card"]').length };
        }, before),
      );
    }
    const count = await page.getByTestId('asset-count').textContent();
    console.log(`\n## Opening a ${ASSETS}-asset library from Dexie (Chromium, 1280×800, 5 runs, navigation from the Dashboard)`);
    console.log(`library: ${count}; cards in the page: ${runs[0]!.cards}`);
    console.log(`screen mount → first cards painted: median ${median(runs.map((r) => r.painted)).toFixed(0)} ms (runs: ${runs.map((r) => r.painted.toFixed(0)).join(', ')}) (target ≤ 300 ms)`);
    console.log(`screen mount → visible thumbnails decoded: median ${median(runs.map((r) => r.pictures)).toFixed(0)} ms`);
    console.log(`click on "Creative Assets" → first cards painted (includes the route's code): median ${median(runs.map((r) => r.navigation)).toFixed(0)} ms`);
    await context.close();
  } finally {
    await browser.close();
    await server.stop();
  }
}

async function photo(index: number): Promise<Buffer> {
  // A 12-megapixel photograph-like JPEG: noise over a gradient, so it compresses like a real photo.
  const width = 4000;
  const height = 3000;
  const noise = await sharp({ create: { width, height, channels: 3, background: { r: 128, g: 128, b: 128 }, noise: { type: 'gaussian', mean: 128, sigma: 40 } } }).png().toBuffer();
  return sharp(noise).modulate({ hue: (index * 37) % 360 }).jpeg({ quality: 85 }).toBuffer();
}

async function brochure(index: number): Promise<Buffer> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  for (let page = 0; page < 6; page += 1) {
    const sheet = document.addPage([595, 842]);
    sheet.drawRectangle({ x: 0, y: 600, width: 595, height: 242, color: rgb(0.1, 0.2 + (index % 5) / 10, 0.7) });
    for (let line = 0; line < 30; line += 1) sheet.drawText(`Spring collection ${index}, page ${page + 1}, line ${line + 1}: meadow greens and warm light.`, { x: 40, y: 560 - line * 17, size: 11, font });
  }
  return Buffer.from(await document.save());
}

async function benchThumbnails(): Promise<void> {
  console.log(`\n## Thumbnail generation (the production sandbox task), ${cpus().length} cores, load average ${loadavg()[0]!.toFixed(1)} at start`);
  const photos = await Promise.all(Array.from({ length: PHOTOS }, (_, index) => photo(index)));
  const pdfs = await Promise.all(Array.from({ length: PDFS }, (_, index) => brochure(index)));
  const limits = { maxInputBytes: 200 * 1024 * 1024, maxPixels: 60_000_000, maxMemoryMb: 512, timeoutSeconds: 120 };
  const sets = [
    { name: `12-megapixel JPEG photos (${(photos[0]!.length / 1024 / 1024).toFixed(1)} MB each)`, kind: 'image' as const, mime: 'image/jpeg', files: photos },
    { name: `6-page PDF brochures (${(pdfs[0]!.length / 1024).toFixed(0)} KB each)`, kind: 'pdf' as const, mime: 'application/pdf', files: pdfs },
  ];
  for (const processes of [1, 2]) {
    const sandbox = createThumbnailSandbox(limits, processes);
    try {
      // Start-up (processes, libvips, pdf.js) is paid once per burst and reported apart.
      const warm = Date.now();
      await Promise.all(Array.from({ length: processes }, () => thumbnailInSandbox(sandbox, { kind: 'image', mime: 'image/jpeg', bytes: photos[0]! }, limits)));
      console.log(`${processes} process${processes === 1 ? '' : 'es'}: start-up and first photo ${((Date.now() - warm) / 1000).toFixed(1)} s`);
      for (const set of sets) {
        const queue = [...set.files];
        const times: number[] = [];
        const started = Date.now();
        await Promise.all(
          Array.from({ length: processes }, async () => {
            for (let file = queue.shift(); file; file = queue.shift()) {
              const one = Date.now();
              await thumbnailInSandbox(sandbox, { kind: set.kind, mime: set.mime, bytes: file }, limits);
              times.push(Date.now() - one);
            }
          }),
        );
        const seconds = (Date.now() - started) / 1000;
        const rate = set.files.length / seconds;
        console.log(
          `${processes} process${processes === 1 ? '' : 'es'}, ${set.name}: ${rate.toFixed(2)}/s (${(rate / processes).toFixed(2)}/s per core); each: median ${median(times)} ms, max ${Math.max(...times)} ms`,
        );
      }
    } finally {
      await sandbox.close();
    }
  }
}

if (PARTS.has('grid')) await benchGrid();
if (PARTS.has('thumbnails')) await benchThumbnails();
