import { createRequire } from 'node:module';
import path from 'node:path';
import { convert as htmlToText } from 'html-to-text';
import mammoth from 'mammoth';
import { openDocxArchive, type MammothArchive } from './docx-archive';
import type { ContentLimits } from '../../config/extraction-limits';
import { LIMIT_MESSAGES } from './extraction-limits';
import type { DocumentKind } from './file-types';
import { UNREADABLE, UnreadableDocumentError } from './unreadable';

export { UNREADABLE, UnreadableDocumentError } from './unreadable';

const require = createRequire(import.meta.url);
/** pdf.js renders the standard 14 fonts from these files; text extraction only needs their metrics. */
const STANDARD_FONTS = `${path.join(path.dirname(require.resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

/** Counts characters as text is produced, so reading stops at the limit instead of after it. */
class TextBudget {
  private used = 0;
  constructor(private readonly limit: number) {}
  take(text: string): string {
    this.used += text.length;
    if (this.used > this.limit) throw new UnreadableDocumentError(LIMIT_MESSAGES.textTooLong(this.limit));
    return text;
  }
}

async function pdfText(bytes: Buffer, limits: ContentLimits, budget: TextBudget): Promise<string> {
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
    if (pdf.numPages > limits.maxPdfPages) throw new UnreadableDocumentError(LIMIT_MESSAGES.tooManyPages(pdf.numPages, limits.maxPdfPages));
    const pages: string[] = [];
    for (let number = 1; number <= pdf.numPages; number += 1) {
      const page = await pdf.getPage(number);
      const content = await page.getTextContent();
      let text = '';
      for (const item of content.items) {
        if (!('str' in item)) continue;
        text += item.str + (item.hasEOL ? '\n' : ' ');
      }
      pages.push(budget.take(text));
      page.cleanup();
    }
    return pages.join('\n\n');
  } catch (error) {
    if (error instanceof UnreadableDocumentError) throw error;
    throw new UnreadableDocumentError(UNREADABLE.pdfBroken);
  } finally {
    await pdf.destroy();
  }
}

/** mammoth's `file` input (an opened archive) is not in its type declarations; mammoth/lib/unzip.js accepts it. */
const extractRawTextFrom = mammoth.extractRawText as unknown as (input: { file: MammothArchive }) => ReturnType<typeof mammoth.extractRawText>;

async function docxText(bytes: Buffer, limits: ContentLimits): Promise<string> {
  const archive = await openDocxArchive(bytes, limits);
  try {
    const result = await extractRawTextFrom({ file: archive });
    return result.value;
  } catch (error) {
    if (error instanceof UnreadableDocumentError) throw error;
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
function jsonText(bytes: Buffer, budget: TextBudget): string {
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
    else if (node !== null && node !== undefined) lines.push(budget.take(trail ? `${trail}: ${String(node)}\n` : `${String(node)}\n`));
  };
  walk(value, '');
  return lines.join('');
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

/**
 * The searchable text of a file; throws UnreadableDocumentError with a user-facing message,
 * including when the file goes past one of the content limits. Runs inside the sandbox
 * (extract-task.ts), which adds the memory and time limits.
 */
export async function extractText(kind: DocumentKind | undefined, bytes: Buffer, limits: ContentLimits): Promise<string> {
  if (bytes.length > limits.maxInputBytes) throw new UnreadableDocumentError(LIMIT_MESSAGES.inputTooLarge(limits.maxInputBytes));
  const budget = new TextBudget(limits.maxTextChars);
  let raw: string;
  switch (kind) {
    case 'pdf':
      raw = await pdfText(bytes, limits, budget);
      break;
    case 'docx':
      raw = budget.take(await docxText(bytes, limits));
      break;
    case 'html':
      raw = budget.take(htmlToText(plainText(bytes), { wordwrap: false, selectors: [{ selector: 'a', options: { ignoreHref: true } }, { selector: 'img', format: 'skip' }] }));
      break;
    case 'json':
      raw = jsonText(bytes, budget);
      break;
    case 'text':
    case 'markdown':
    case 'csv':
      raw = budget.take(plainText(bytes));
      break;
    default:
      throw new UnreadableDocumentError(UNREADABLE.unsupported);
  }
  const text = normaliseText(raw);
  if (!/[\p{L}\p{N}]/u.test(text)) throw new UnreadableDocumentError(UNREADABLE.noText);
  return text;
}
