/**
 * The Mosaic mark as SVG, in the variants the install surfaces need. Same drawing as
 * public/favicon.svg and src/ui/Logo.tsx: four tiles on the brand violet.
 */

export const BRAND_COLOR = '#5b5bd6';
export const BACKGROUND_COLOR = '#ffffff';

/** Four tiles filling a square of `size` at (x, y). */
function tiles(x: number, y: number, size: number): string {
  const unit = size / 40; // the 64-unit favicon's tile area is 40 units wide (12..52)
  const tile = 18 * unit;
  const gap = 22 * unit;
  const radius = 4 * unit;
  const cell = (dx: number, dy: number, opacity: number) =>
    `<rect x="${x + dx}" y="${y + dy}" width="${tile}" height="${tile}" rx="${radius}" fill="#fff" opacity="${opacity}"/>`;
  return cell(0, 0, 1) + cell(gap, 0, 0.7) + cell(0, gap, 0.7) + cell(gap, gap, 0.45);
}

/** The regular icon: a rounded tile with transparent corners, as in the favicon. */
export function roundedIconSvg(size: number): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 64 64">
<rect width="64" height="64" rx="14" fill="${BRAND_COLOR}"/>${tiles(12, 12, 40)}</svg>`;
}

/**
 * Full-bleed square for platforms that apply their own mask (maskable, Apple touch icon). The
 * tiles stay inside the central 80% circle (the maskable safe zone): a 40%-wide block centred.
 */
export function fullBleedIconSvg(size: number, tileShare = 0.4): string {
  const block = 64 * tileShare;
  const offset = (64 - block) / 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 64 64">
<rect width="64" height="64" fill="${BRAND_COLOR}"/>${tiles(offset, offset, block)}</svg>`;
}

/**
 * A plain branded card the size of an install-dialog screenshot. It stands in until
 * capture-screenshots.ts replaces it with a capture of the running app; it shows nothing the app
 * does not have.
 */
export function placeholderScreenshotSvg(width: number, height: number): string {
  const mark = Math.round(Math.min(width, height) * 0.22);
  const cx = width / 2;
  const top = height / 2 - mark;
  const titleSize = Math.round(mark * 0.42);
  const lineSize = Math.round(mark * 0.16);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<rect width="${width}" height="${height}" fill="#f4f4fb"/>
<g transform="translate(${cx - mark / 2} ${top}) scale(${mark / 64})"><rect width="64" height="64" rx="14" fill="${BRAND_COLOR}"/>${tiles(12, 12, 40)}</g>
<text x="${cx}" y="${top + mark + titleSize * 1.4}" text-anchor="middle" font-family="system-ui, sans-serif" font-size="${titleSize}" font-weight="700" fill="#1e1f24">Mosaic</text>
<text x="${cx}" y="${top + mark + titleSize * 1.4 + lineSize * 2}" text-anchor="middle" font-family="system-ui, sans-serif" font-size="${lineSize}" fill="#60646c">The AI workspace for marketing teams</text>
</svg>`;
}
