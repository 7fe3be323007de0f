/**
 * The sandbox task that makes an asset's thumbnail and preview (run by sandboxed-thumbnail.ts in a
 * capped process; server/src/sandbox/sandbox.ts). Images through sharp (libvips), a PDF's first
 * page through pdf.js on @napi-rs/canvas, a document's text through the knowledge base's reader.
 * Input and output cross a process boundary (plain data and byte arrays).
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import sharp, { type Metadata, type Sharp } from 'sharp';
import { extractText, UnreadableDocumentError } from '../knowledge/extract-text';
import { kindOfMime } from '../knowledge/file-types';
import { THUMBNAIL_MESSAGES, UnreadableAssetError } from './thumbnail-messages';

/** Card thumbnails: twice a 240 px card for sharp screens. Previews: a dialog on a large screen. */
export const THUMB_BOX = 480;
export const PREVIEW_BOX = 1600;
/** Text kept from a PDF or document for search and the text preview. */
export const MAX_KEPT_TEXT = 100_000;
/** Pages of a PDF read for that text (the first page is also drawn). */
const PDF_TEXT_PAGES = 20;

export interface ThumbnailTaskInput {
  kind: 'image' | 'pdf' | 'document';
  mime: string;
  /** The file's bytes (a Buffer arrives as a Uint8Array). */
  bytes: Uint8Array;
  limits: { maxInputBytes: number; maxPixels: number };
}

export interface ThumbnailTaskOutput {
  thumb: Uint8Array | null;
  preview: Uint8Array | null;
  width: number | null;
  height: number | null;
  pageCount: number | null;
  text: string | null;
}

// One libvips thread and no operation cache: each task is one core's work, and memory goes back
// when it ends (the sandbox measures the process, not libvips' arenas).
sharp.concurrency(1);
sharp.cache(false);

const require = createRequire(import.meta.url);
const STANDARD_FONTS = `${path.join(path.dirname(require.resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

/** Thumbnail and preview of a decoded picture (EXIF orientation applied, never enlarged). */
async function renditions(source: Sharp): Promise<{ thumb: Uint8Array; preview: Uint8Array }> {
  const oriented = source.rotate();
  const [preview, thumb] = await Promise.all([
    oriented.clone().resize(PREVIEW_BOX, PREVIEW_BOX, { fit: 'inside', withoutEnlargement: true }).webp({ quality: 82 }).toBuffer(),
    oriented.clone().resize(THUMB_BOX, THUMB_BOX, { fit: 'inside', withoutEnlargement: true }).webp({ quality: 78 }).toBuffer(),
  ]);
  return { thumb, preview };
}

async function imageTask(bytes: Buffer, maxPixels: number): Promise<ThumbnailTaskOutput> {
  let metadata: Metadata;
  try {
    // The header alone: a decompression bomb is refused from its declared size before decoding.
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new UnreadableAssetError(THUMBNAIL_MESSAGES.imageBroken);
  }
  const width = metadata.autoOrient?.width ?? metadata.width;
  const height = metadata.autoOrient?.height ?? metadata.height;
  if (!width || !height) throw new UnreadableAssetError(THUMBNAIL_MESSAGES.imageBroken);
  if (width * height > maxPixels) throw new UnreadableAssetError(THUMBNAIL_MESSAGES.tooManyPixels(width, height, maxPixels));
  try {
    // failOn 'error': a truncated or damaged file fails instead of giving a half-grey picture.
    const source = sharp(bytes, { limitInputPixels: maxPixels, failOn: 'error', sequentialRead: true, animated: false });
    return { ...(await renditions(source)), width, height, pageCount: null, text: null };
  } catch {
    throw new UnreadableAssetError(THUMBNAIL_MESSAGES.imageBroken);
  }
}

/** Longest page side recorded, in points: the PDF format's page limit without UserUnit (200 inches). */
export const MAX_PDF_PAGE_POINTS = 14_400;

/**
 * The first page's size as the asset records it. pdf.js multiplies the page's box by its
 * UserUnit, which a file may set as high as it likes (75,000 makes a page 1,080,000,000 points
 * wide): a side past MAX_PDF_PAGE_POINTS is scaled down to it with the page's proportions kept,
 * and a size that is not a positive finite number is not recorded at all.
 */
export function recordedPageSize(width: number, height: number): { width: number | null; height: number | null } {
  if (!(Number.isFinite(width) && Number.isFinite(height) && width > 0 && height > 0)) return { width: null, height: null };
  const shrink = Math.min(1, MAX_PDF_PAGE_POINTS / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * shrink)), height: Math.max(1, Math.round(height * shrink)) };
}

async function pdfTask(bytes: Buffer, maxPixels: number): Promise<ThumbnailTaskOutput> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  let pdf;
  try {
    pdf = await getDocument({ data: new Uint8Array(bytes), standardFontDataUrl: STANDARD_FONTS, isEvalSupported: false, verbosity: 0 }).promise;
  } catch (error) {
    throw new UnreadableAssetError((error as { name?: string }).name === 'PasswordException' ? THUMBNAIL_MESSAGES.pdfPassword : THUMBNAIL_MESSAGES.pdfBroken);
  }
  try {
    const page = await pdf.getPage(1);
    const natural = page.getViewport({ scale: 1 });
    // Drawn at preview size; an absurdly large page is scaled down, never drawn at its own size.
    const scale = Math.min(PREVIEW_BOX / natural.width, PREVIEW_BOX / natural.height, Math.sqrt(maxPixels / (natural.width * natural.height)));
    const viewport = page.getViewport({ scale });
    // On Node, pdf.js draws on @napi-rs/canvas through this factory.
    const factory = pdf.canvasFactory as { create(width: number, height: number): { canvas: { toBuffer(type: 'image/png'): Buffer }; context: unknown } };
    const { canvas, context } = factory.create(Math.max(1, Math.ceil(viewport.width)), Math.max(1, Math.ceil(viewport.height)));
    await page.render({ canvasContext: context as never, canvas: canvas as never, viewport, background: 'white' }).promise;
    const drawn = await renditions(sharp(canvas.toBuffer('image/png')));
    page.cleanup();
    const text = await pdfText(pdf);
    return { ...drawn, ...recordedPageSize(natural.width, natural.height), pageCount: pdf.numPages, text };
  } catch (error) {
    if (error instanceof UnreadableAssetError) throw error;
    throw new UnreadableAssetError(THUMBNAIL_MESSAGES.pdfBroken);
  } finally {
    await pdf.destroy();
  }
}

/** The text of the first pages, for search and the text preview (a scan has none: null). */
async function pdfText(pdf: PDFDocumentProxy): Promise<string | null> {
  let text = '';
  for (let number = 1; number <= Math.min(pdf.numPages, PDF_TEXT_PAGES) && text.length < MAX_KEPT_TEXT; number += 1) {
    const page = await pdf.getPage(number);
    const content = await page.getTextContent();
    for (const item of content.items) if ('str' in item) text += item.str + (item.hasEOL ? '\n' : ' ');
    text += '\n\n';
    page.cleanup();
  }
  return keptText(text);
}

function keptText(text: string): string | null {
  const clean = text.replace(/[ \t]+/g, ' ').replace(/ *\n */g, '\n').replace(/\n{3,}/g, '\n\n').trim();
  return /[\p{L}\p{N}]/u.test(clean) ? clean.slice(0, MAX_KEPT_TEXT) : null;
}

/** Word, text, Markdown and CSV are read for their text; slides and spreadsheets are kept as they are. */
async function documentTask(bytes: Buffer, mime: string, maxInputBytes: number): Promise<ThumbnailTaskOutput> {
  const kind = kindOfMime(mime);
  const empty = { thumb: null, preview: null, width: null, height: null, pageCount: null, text: null };
  if (!kind) return empty;
  try {
    const text = await extractText(kind, bytes, {
      maxInputBytes,
      maxUnpackedBytes: 10 * 1024 * 1024,
      maxArchiveEntries: 5_000,
      maxPdfPages: 1,
      // Read a little past what is kept, so a long document is cut rather than refused.
      maxTextChars: MAX_KEPT_TEXT * 4,
    });
    return { ...empty, text: keptText(text) };
  } catch (error) {
    if (!(error instanceof UnreadableDocumentError)) throw error;
    // No text (an empty sheet, a scan) is no fault of the file; anything else means it is damaged.
    if (/No text was found|more than .* characters/.test(error.message)) return empty;
    throw new UnreadableAssetError(THUMBNAIL_MESSAGES.documentBroken);
  }
}

export async function runTask(input: ThumbnailTaskInput): Promise<ThumbnailTaskOutput> {
  const bytes = Buffer.from(input.bytes.buffer, input.bytes.byteOffset, input.bytes.byteLength);
  if (bytes.length > input.limits.maxInputBytes) throw new UnreadableAssetError(THUMBNAIL_MESSAGES.inputTooLarge(input.limits.maxInputBytes));
  switch (input.kind) {
    case 'image':
      return imageTask(bytes, input.limits.maxPixels);
    case 'pdf':
      return pdfTask(bytes, input.limits.maxPixels);
    case 'document':
      return documentTask(bytes, input.mime, input.limits.maxInputBytes);
  }
}
