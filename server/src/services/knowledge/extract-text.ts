import { createRequire } from 'node:module';
import path from 'node:path';
import { convert as htmlToText } from 'html-to-text';
import mammoth from 'mammoth';
import type { DocumentKind } from './file-types';

/**
 * A file whose text cannot be read, with a message the uploader can act on. Retrying would not
 * help, so the document ends in status error with this message.
 */
export class UnreadableDocumentError extends Error {
  override name = 'UnreadableDocumentError';
}

export const UNREADABLE = {
  pdfPassword: 'This PDF is password-protected. Remove the password, then upload it again.',
  pdfBroken: 'This PDF could not be read: the file is damaged or is not a real PDF. Export it again and upload the new copy.',
  docxBroken: 'This Word document could not be read: the file is damaged or is not a .docx file. Save it again as .docx and upload it.',
  jsonBroken: (reason: string) => `This JSON file is not valid JSON (${reason}). Fix it and upload it again.`,
  binaryText: 'This file does not contain readable text. Check that it is a text file saved as UTF-8 and upload it again.',
  noText: 'No text was found in this file. If it is a scanned document, run text recognition (OCR) on it first and upload the result.',
  unsupported: 'This file type cannot be processed. Upload PDF, Word (.docx), plain text, Markdown, CSV, HTML or JSON files.',
} as const;

const require = createRequire(import.meta.url);
/** pdf.js renders the standard 14 fonts from these files; text extraction only needs their metrics. */
const STANDARD_FONTS = `${path.join(path.dirname(require.resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

async function pdfText(bytes: Buffer): Promise<string> {
  // The legacy build runs on Node without browser APIs; loaded on first use (it is large).
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  let pdf;
  try {
    pdf = await getDocument({
      data: new Uint8Array(bytes),
      standardFontDataUrl: STANDARD_FONTS,
      isEvalSupported: false,
      // Errors only: warnings about fonts in otherwise readable files are noise in the logs.
      verbosity: 0,
    }).promise;
  } catch (error) {
    const name = (error as { name?: string }).name;
    if (name === 'PasswordException') throw new UnreadableDocumentError(UNREADABLE.pdfPassword);
    throw new UnreadableDocumentError(UNREADABLE.pdfBroken);
  }
  try {
    const pages: string[] = [];
    for (let number = 1; number <= pdf.numPages; number += 1) {
      const page = await pdf.getPage(number);
      const content = await page.getTextContent();
      let text = '';
      for (const item of content.items) {
        if (!('str' in item)) continue;
        text += item.str + (item.hasEOL ? '\n' : ' ');
      }
      pages.push(text);
      page.cleanup();
    }
    return pages.join('\n\n');
  } catch {
    throw new UnreadableDocumentError(UNREADABLE.pdfBroken);
  } finally {
    await pdf.destroy();
  }
}

async function docxText(bytes: Buffer): Promise<string> {
  try {
    const result = await mammoth.extractRawText({ buffer: bytes });
    return result.value;
  } catch {
    throw new UnreadableDocumentError(UNREADABLE.docxBroken);
  }
}

/** UTF-8 text (a BOM is dropped); bytes that are clearly not text are refused. */
function plainText(bytes: Buffer): string {
  const text = new TextDecoder('utf-8').decode(bytes);
  const sample = text.slice(0, 10_000);
  // eslint-disable-next-line no-control-regex -- control characters are exactly what marks a binary file
  const unreadable = (sample.match(/[\u0000-\u0008\u000e-\u001f\ufffd]/g) ?? []).length;
  // A few stray bytes are tolerated (a pasted symbol); a tenth of the sample is a binary file.
  if (sample.length > 0 && unreadable / sample.length > 0.1) throw new UnreadableDocumentError(UNREADABLE.binaryText);
  return text;
}

/** JSON flattened to "path: value" lines, so keys and values are both searchable. */
function jsonText(bytes: Buffer): string {
  let value: unknown;
  try {
    value = JSON.parse(plainText(bytes));
  } catch (error) {
    if (error instanceof UnreadableDocumentError) throw error;
    throw new UnreadableDocumentError(UNREADABLE.jsonBroken((error as Error).message));
  }
  const lines: string[] = [];
  const walk = (node: unknown, trail: string) => {
    if (Array.isArray(node)) node.forEach((item, index) => walk(item, `${trail}[${index}]`));
    else if (node && typeof node === 'object') for (const [key, item] of Object.entries(node)) walk(item, trail ? `${trail}.${key}` : key);
    else if (node !== null && node !== undefined) lines.push(trail ? `${trail}: ${String(node)}` : String(node));
  };
  walk(value, '');
  return lines.join('\n');
}

/** Runs of spaces collapse, blank lines are kept as paragraph breaks, control characters go. */
export function normaliseText(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    // eslint-disable-next-line no-control-regex -- stray control characters are removed from the text
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, ' ')
    .replace(/[ \t\u00a0]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** The searchable text of a file; throws UnreadableDocumentError with a user-facing message. */
export async function extractText(kind: DocumentKind | undefined, bytes: Buffer): Promise<string> {
  let raw: string;
  switch (kind) {
    case 'pdf':
      raw = await pdfText(bytes);
      break;
    case 'docx':
      raw = await docxText(bytes);
      break;
    case 'html':
      raw = htmlToText(plainText(bytes), { wordwrap: false, selectors: [{ selector: 'a', options: { ignoreHref: true } }, { selector: 'img', format: 'skip' }] });
      break;
    case 'json':
      raw = jsonText(bytes);
      break;
    case 'text':
    case 'markdown':
    case 'csv':
      raw = plainText(bytes);
      break;
    default:
      throw new UnreadableDocumentError(UNREADABLE.unsupported);
  }
  const text = normaliseText(raw);
  if (!/[\p{L}\p{N}]/u.test(text)) throw new UnreadableDocumentError(UNREADABLE.noText);
  return text;
}
