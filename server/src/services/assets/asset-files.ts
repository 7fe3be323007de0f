/**
 * Getting an asset's bytes to the browser: a short-lived download link with the right file name,
 * and its thumbnail and preview images (streamed, never buffered).
 */
import path from 'node:path';
import type { Readable } from 'node:stream';
import { type AssetDownload } from '../../../../src/contract/assets';
import type { AssetRow } from '../../db/schema/index';
import { AppError, notFound } from '../../errors';
import type { ObjectStorage } from '../../storage/object-storage';

/**
 * The name a download is saved under: the asset's (perhaps renamed) name, with the stored file's
 * extension when the name lost it ("Spring hero" → "Spring hero.png"); text assets as Markdown.
 */
export function downloadFilename(row: Pick<AssetRow, 'name' | 'objectPath' | 'kind'>): string {
  // Path separators and control characters have no place in a saved file's name.
  const name = [...row.name].map((character) => (character === '/' || character === '\\' || character.charCodeAt(0) < 32 ? ' ' : character)).join('').trim() || 'asset';
  const extension = row.kind === 'text' ? '.md' : path.posix.extname(row.objectPath ?? '').toLowerCase();
  return extension && !name.toLowerCase().endsWith(extension) ? `${name}${extension}` : name;
}

export async function signAssetDownload(
  storage: ObjectStorage,
  row: AssetRow,
  options: { disposition: 'attachment' | 'inline'; ttlSeconds: number },
): Promise<AssetDownload> {
  if (!row.objectPath) throw new AppError(409, 'A text asset has no file to download: export its text instead.', 'NO_FILE');
  const filename = downloadFilename(row);
  const signed = await storage.signDownload({ objectPath: row.objectPath, filename, contentType: row.mimeType, disposition: options.disposition, ttlSeconds: options.ttlSeconds });
  return { url: signed.url, filename, expires_at: signed.expiresAt.toISOString() };
}

/** The thumbnail or preview image as a stream; 404 while there is none (being made, a video, a text asset). */
export async function openRendition(storage: ObjectStorage, row: AssetRow, rendition: 'thumb' | 'preview'): Promise<Readable> {
  const objectPath = rendition === 'thumb' ? row.thumbnailPath : row.previewPath;
  const stream = objectPath ? await storage.openRead(objectPath) : null;
  if (!stream) throw notFound(rendition === 'thumb' ? 'This asset has no thumbnail' : 'This asset has no preview image');
  return stream;
}

