/**
 * Which files Creative Assets accepts, what kind of asset each becomes, and the upload limit:
 * shared so the browser refuses an unsupported or oversized file before a byte is sent, and the
 * server refuses the same files at sign and commit with the same words (docs/assets.md "Limits").
 */
import { formatBytes } from './format';

/** What an asset is; decides its thumbnail and its preview. */
export const ASSET_KINDS = ['image', 'pdf', 'video', 'document', 'text'] as const;
export type AssetKind = (typeof ASSET_KINDS)[number];

/** Assets one chat message or one Agent Mode goal may carry: enough for "these three headlines and that hero image". */
export const MAX_ATTACHED_ASSETS = 10;

interface AssetFileType {
  mime: string;
  kind: Exclude<AssetKind, 'text'>;
  extensions: readonly string[];
  /** Other names browsers and systems give the same format. */
  aliases?: readonly string[];
}

/**
 * Formats a marketing team hands around. Images are those the thumbnailer decodes (sharp/libvips
 * as shipped in its npm package: no HEIC, whose decoder is not included); documents are kept and
 * previewed as text where they have text.
 */
export const ASSET_FILE_TYPES: readonly AssetFileType[] = [
  { mime: 'image/jpeg', kind: 'image', extensions: ['jpg', 'jpeg', 'jfif'], aliases: ['image/pjpeg'] },
  { mime: 'image/png', kind: 'image', extensions: ['png'] },
  { mime: 'image/webp', kind: 'image', extensions: ['webp'] },
  { mime: 'image/gif', kind: 'image', extensions: ['gif'] },
  { mime: 'image/avif', kind: 'image', extensions: ['avif'] },
  { mime: 'image/tiff', kind: 'image', extensions: ['tif', 'tiff'] },
  { mime: 'image/svg+xml', kind: 'image', extensions: ['svg'] },
  { mime: 'application/pdf', kind: 'pdf', extensions: ['pdf'] },
  { mime: 'video/mp4', kind: 'video', extensions: ['mp4', 'm4v'] },
  { mime: 'video/webm', kind: 'video', extensions: ['webm'] },
  { mime: 'video/quicktime', kind: 'video', extensions: ['mov'] },
  { mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', kind: 'document', extensions: ['docx'] },
  { mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation', kind: 'document', extensions: ['pptx'] },
  { mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', kind: 'document', extensions: ['xlsx'] },
  { mime: 'text/plain', kind: 'document', extensions: ['txt'] },
  { mime: 'text/markdown', kind: 'document', extensions: ['md', 'markdown'], aliases: ['text/x-markdown'] },
  { mime: 'text/csv', kind: 'document', extensions: ['csv'], aliases: ['application/csv'] },
];

export const ASSET_FORMATS_TEXT = 'images (JPEG, PNG, WebP, GIF, AVIF, TIFF, SVG), PDF, video (MP4, WebM, MOV) or documents (Word, PowerPoint, Excel, text, Markdown, CSV)';

/** The `accept` attribute of the file picker. */
export const ASSET_ACCEPT = ASSET_FILE_TYPES.flatMap((type) => [type.mime, ...type.extensions.map((extension) => `.${extension}`)]).join(',');

/** 200 MiB: a short product video or a print-quality PDF fits; ASSETS_MAX_UPLOAD_BYTES changes it on the server. */
export const DEFAULT_ASSET_MAX_UPLOAD_BYTES = 200 * 1024 * 1024;

/** Types that say nothing about the format: the extension decides. */
const GENERIC_TYPES = new Set(['', 'application/octet-stream', 'binary/octet-stream', 'application/vnd.ms-excel']);

function bareType(contentType: string): string {
  return (contentType.split(';')[0] ?? '').trim().toLowerCase();
}

function extensionOf(filename: string): string {
  const dot = filename.lastIndexOf('.');
  return dot === -1 ? '' : filename.slice(dot + 1).toLowerCase();
}

/** The canonical type of an upload and the kind of asset it becomes; undefined when not accepted. */
export function resolveAssetFileType(filename: string, contentType: string): { mime: string; kind: Exclude<AssetKind, 'text'> } | undefined {
  const given = bareType(contentType);
  const extension = extensionOf(filename);
  const type = GENERIC_TYPES.has(given)
    ? ASSET_FILE_TYPES.find((candidate) => candidate.extensions.includes(extension))
    : ASSET_FILE_TYPES.find((candidate) => candidate.mime === given || candidate.aliases?.includes(given));
  return type ? { mime: type.mime, kind: type.kind } : undefined;
}

/** Texts both sides show for refused files; each names the limit or the formats. */
export const ASSET_FILE_TEXT = {
  unsupported: (filename: string) => `"${filename}" is not a file type Creative Assets keeps. Upload ${ASSET_FORMATS_TEXT}.`,
  tooLarge: (filename: string, maxBytes: number) =>
    `"${filename}" is larger than the ${formatBytes(maxBytes)} limit for one asset. Compress or shorten it, then upload it again.`,
  empty: (filename: string) => `"${filename}" is empty. Choose the file again.`,
} as const;

/** Why a file cannot be uploaded (type or size), or null when it can. Run before hashing. */
export function assetFileProblem(file: { name: string; type: string; size: number }, maxBytes: number): string | null {
  if (!resolveAssetFileType(file.name, file.type)) return ASSET_FILE_TEXT.unsupported(file.name);
  if (file.size === 0) return ASSET_FILE_TEXT.empty(file.name);
  if (file.size > maxBytes) return ASSET_FILE_TEXT.tooLarge(file.name, maxBytes);
  return null;
}
