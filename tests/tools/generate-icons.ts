/**
 * Writes the install icons (public/icons/) and the placeholder install screenshots
 * (public/screenshots/) from the SVG drawings in brand-art.ts. Run: npx tsx tests/tools/generate-icons.ts
 * The PNGs are committed; run again only when the mark changes.
 */
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { fullBleedIconSvg, placeholderScreenshotSvg, roundedIconSvg } from './brand-art';
import { launchChromium, renderSvgToPng } from './chromium';

const publicDir = fileURLToPath(new URL('../../public/', import.meta.url));

interface Asset {
  file: string;
  width: number;
  height: number;
  svg: string;
  transparent: boolean;
}

const icons: Asset[] = [
  { file: 'icons/icon-192.png', width: 192, height: 192, svg: roundedIconSvg(192), transparent: true },
  { file: 'icons/icon-512.png', width: 512, height: 512, svg: roundedIconSvg(512), transparent: true },
  // Maskable: full bleed, content inside the safe zone; the platform cuts its own shape.
  { file: 'icons/icon-maskable-512.png', width: 512, height: 512, svg: fullBleedIconSvg(512), transparent: false },
  // iOS rounds the corners itself and shows transparency as black, so this one is opaque.
  { file: 'icons/apple-touch-icon-180.png', width: 180, height: 180, svg: fullBleedIconSvg(180, 0.55), transparent: false },
];

const screenshots: Asset[] = [
  { file: 'screenshots/wide-1280x800.png', width: 1280, height: 800, svg: placeholderScreenshotSvg(1280, 800), transparent: false },
  { file: 'screenshots/narrow-390x844.png', width: 390, height: 844, svg: placeholderScreenshotSvg(390, 844), transparent: false },
];

async function main(): Promise<void> {
  const withScreenshots = !process.argv.includes('--icons-only');
  await mkdir(`${publicDir}icons`, { recursive: true });
  await mkdir(`${publicDir}screenshots`, { recursive: true });
  const browser = await launchChromium();
  try {
    for (const asset of withScreenshots ? [...icons, ...screenshots] : icons) {
      await renderSvgToPng(browser, asset.svg, asset.width, asset.height, `${publicDir}${asset.file}`, asset.transparent);
      console.log(`wrote public/${asset.file} (${asset.width}x${asset.height})`);
    }
  } finally {
    await browser.close();
  }
}

await main();
