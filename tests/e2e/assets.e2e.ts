/**
 * Creative Assets in real Chromium against the real server and the production build in dist/
 * (service worker included): upload an image and a PDF through the file picker, see their real
 * thumbnails made by the server, open both previews (the picture at preview size, the PDF drawn
 * page by page with pdf.js), then go offline and browse the library with its thumbnails from the
 * device.
 */
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import sharp from 'sharp';
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { startAppForFile, uniqueAccount, waitForServiceWorkerControl } from './harness';
import { registerAndSignIn } from './owner-session';
import { OFFLINE_BANNER } from './pwa-support';
import { setOffline } from './offline';

// The `npm run test:e2e` build in dist/ (service worker included).
const app = startAppForFile();

/** A 1,200 × 900 picture: orange, with a blue block in the middle. */
async function heroPng(): Promise<Buffer> {
  const block = await sharp({ create: { width: 400, height: 300, channels: 3, background: { r: 20, g: 60, b: 200 } } }).png().toBuffer();
  return sharp({ create: { width: 1200, height: 900, channels: 3, background: { r: 230, g: 110, b: 40 } } })
    .composite([{ input: block, top: 300, left: 400 }])
    .png()
    .toBuffer();
}

/** Two A4 pages; the first has a blue banner across the top. */
async function brochurePdf(): Promise<Buffer> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.HelveticaBold);
  const first = document.addPage([595, 842]);
  first.drawRectangle({ x: 0, y: 620, width: 595, height: 222, color: rgb(0.1, 0.3, 0.85) });
  first.drawText('Spring launch', { x: 48, y: 720, size: 40, font, color: rgb(1, 1, 1) });
  document.addPage([595, 842]).drawText('Page two: prices', { x: 48, y: 760, size: 24, font, color: rgb(0, 0, 0) });
  return Buffer.from(await document.save());
}

/** The natural size of a card's thumbnail once the browser has decoded it. */
async function thumbnailSize(card: Locator): Promise<{ width: number; height: number }> {
  const image = card.locator('img.asset-thumb');
  await image.waitFor({ timeout: 60_000 });
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: 30_000 }).toBeGreaterThan(0);
  return image.evaluate((img: HTMLImageElement) => ({ width: img.naturalWidth, height: img.naturalHeight }));
}

/** The colour of a canvas's (or image's) pixel at natural size, read in the page. */
function pixelOf(target: Locator, x: number, y: number): Promise<number[]> {
  return target.evaluate(
    (element, [px, py]) => {
      const source = element as HTMLCanvasElement | HTMLImageElement;
      const canvas = document.createElement('canvas');
      canvas.width = source instanceof HTMLCanvasElement ? source.width : source.naturalWidth;
      canvas.height = source instanceof HTMLCanvasElement ? source.height : source.naturalHeight;
      const context = canvas.getContext('2d')!;
      context.drawImage(source, 0, 0);
      return [...context.getImageData(px, py, 1, 1).data.slice(0, 3)];
    },
    [x, y] as const,
  );
}

describe('Creative Assets in Chromium', () => {
  it('uploads an image and a PDF, shows real thumbnails, previews both, and browses them offline', async () => {
    const account = { ...uniqueAccount('assets'), name: 'Ada Assets' };
    const { context, page } = await registerAndSignIn(app, account);
    await waitForServiceWorkerControl(page);
    await page.goto(`${app.server.baseUrl}/assets`);
    await page.getByText('No assets yet').waitFor();

    await page.locator('input[aria-label="Choose files to upload"]').setInputFiles([
      { name: 'hero-banner.png', mimeType: 'image/png', buffer: await heroPng() },
      { name: 'spring-brochure.pdf', mimeType: 'application/pdf', buffer: await brochurePdf() },
    ]);
    await expect.poll(() => page.getByTestId('asset-upload').filter({ hasText: 'Uploaded' }).count(), { timeout: 60_000 }).toBe(2);

    const heroCard = page.getByTestId('asset-card').filter({ hasText: 'hero-banner.png' });
    const pdfCard = page.getByTestId('asset-card').filter({ hasText: 'spring-brochure.pdf' });
    // Made on the server from the files themselves: the picture at 480 px, page one at 480 px high.
    expect(await thumbnailSize(heroCard)).toEqual({ width: 480, height: 360 });
    expect(await thumbnailSize(pdfCard)).toEqual({ width: 339, height: 480 });
    await heroCard.getByText('PNG · 1,200 × 900').waitFor();
    await pdfCard.getByText(/PDF · 2 pages/).waitFor();
    const heroCentre = await pixelOf(heroCard.locator('img.asset-thumb'), 240, 180);
    expect(heroCentre[2]).toBeGreaterThan(150);

    await heroCard.getByRole('button', { name: 'Open hero-banner.png' }).click();
    const dialog = page.getByRole('dialog');
    const full = dialog.locator('img[data-testid="preview-image"][data-full="true"]');
    await full.waitFor({ timeout: 30_000 });
    await expect.poll(() => full.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1200);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    await pdfCard.getByRole('button', { name: 'Open spring-brochure.pdf' }).click();
    const pdfPage = page.locator('canvas[data-testid="pdf-page"]');
    await pdfPage.waitFor({ timeout: 30_000 });
    await page.getByText('Page 1 of 2').waitFor();
    // pdf.js drew the first page: its banner is blue.
    await expect.poll(async () => (await pixelOf(pdfPage, 10, 10))[2], { timeout: 20_000 }).toBeGreaterThan(150);
    await page.getByRole('button', { name: 'Next page' }).click();
    await page.getByText('Page 2 of 2').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    await setOffline(context, true);
    await page.reload();
    await page.getByText(OFFLINE_BANNER).waitFor();
    await page.getByRole('heading', { name: 'Creative Assets', level: 1 }).waitFor();
    // Cards and pictures from the device: the thumbnails are bytes saved in IndexedDB.
    expect(await thumbnailSize(page.getByTestId('asset-card').filter({ hasText: 'hero-banner.png' }))).toEqual({ width: 480, height: 360 });
    expect(await page.locator('img.asset-thumb').evaluateAll((images) => images.map((img) => (img as HTMLImageElement).src.startsWith('blob:')))).toEqual([true, true]);
    await page.getByRole('textbox', { name: 'Search assets' }).fill('brochure');
    await expect.poll(() => page.getByTestId('asset-card').count()).toBe(1);
    await setOffline(context, false);
    await context.close();
    // Two uploads, server-side thumbnails, pdf.js and an offline reload: minutes on a busy 2-core machine.
  }, 180_000);
});
