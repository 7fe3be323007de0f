import path from 'node:path';

/** How the text of a file is read (extract-text.ts). */
export type DocumentKind = 'pdf' | 'docx' | 'text' | 'markdown' | 'csv' | 'html' | 'json';

interface SupportedType {
  mime: string;
  kind: DocumentKind;
  extensions: readonly string[];
  /** Other names browsers and systems give the same format. */
  aliases?: readonly string[];
}

export const SUPPORTED_TYPES: readonly SupportedType[] = [
  { mime: 'application/pdf', kind: 'pdf', extensions: ['pdf'] },
  { mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', kind: 'docx', extensions: ['docx'] },
  { mime: 'text/plain', kind: 'text', extensions: ['txt', 'text', 'log'] },
  { mime: 'text/markdown', kind: 'markdown', extensions: ['md', 'markdown'], aliases: ['text/x-markdown'] },
  { mime: 'text/csv', kind: 'csv', extensions: ['csv'], aliases: ['application/csv', 'text/comma-separated-values'] },
  { mime: 'text/html', kind: 'html', extensions: ['html', 'htm'], aliases: ['application/xhtml+xml'] },
  { mime: 'application/json', kind: 'json', extensions: ['json'], aliases: ['text/json'] },
];

/**
 * Types that say nothing about the format: the extension decides. (Windows reports .csv as
 * application/vnd.ms-excel; some browsers give .md no type at all.)
 */
const GENERIC_TYPES = new Set(['', 'application/octet-stream', 'binary/octet-stream', 'application/vnd.ms-excel']);

export const SUPPORTED_FORMATS_TEXT = 'PDF, Word (.docx), plain text, Markdown, CSV, HTML or JSON';

/** 'text/plain; charset=utf-8' → 'text/plain'. */
function bareType(contentType: string): string {
  return contentType.split(';')[0]!.trim().toLowerCase();
}

function byMime(mime: string): SupportedType | undefined {
  return SUPPORTED_TYPES.find((type) => type.mime === mime || type.aliases?.includes(mime));
}

function byExtension(filename: string): SupportedType | undefined {
  const extension = path.extname(filename).slice(1).toLowerCase();
  return SUPPORTED_TYPES.find((type) => type.extensions.includes(extension));
}

/** The canonical type of an upload, or undefined when the format is not supported. */
export function resolveDocumentType(filename: string, contentType: string): { mime: string; kind: DocumentKind } | undefined {
  const given = bareType(contentType);
  const type = GENERIC_TYPES.has(given) ? byExtension(filename) : byMime(given);
  return type ? { mime: type.mime, kind: type.kind } : undefined;
}

/** The kind of a stored document, from the type recorded at commit. */
export function kindOfMime(mime: string): DocumentKind | undefined {
  return byMime(bareType(mime))?.kind;
}
