import { randomUUID } from 'node:crypto';
import path from 'node:path';

/** Longest file name kept in an object path (most file systems allow 255 bytes). */
const MAX_NAME_LENGTH = 120;

/**
 * Where signed uploads land, before commit: `uploads/<space>/<upload id>/<name>`. One top-level
 * prefix for every space, so the orphan sweep lists only uploads (and an S3 lifecycle rule can
 * expire them), never documents.
 */
export const UPLOADS_PREFIX = 'uploads/';

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const NAME = `[A-Za-z0-9._-]{1,${MAX_NAME_LENGTH}}`;
const UPLOAD_PATH = new RegExp(`^uploads/(${UUID})/(${UUID})/(${NAME})$`);

/** A file name reduced to safe characters (the real name is kept on the document row). */
export function safeObjectName(filename: string): string {
  const base = path.posix.basename(filename.replaceAll('\\', '/'));
  const cleaned = base
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/\.{2,}/g, '.')
    .replace(/^[.-]+/, '')
    .slice(-MAX_NAME_LENGTH);
  return cleaned || 'file';
}

/** A new, unguessable upload path for the space. */
export function newObjectPath(spaceId: string, filename: string): string {
  return `${UPLOADS_PREFIX}${spaceId.toLowerCase()}/${randomUUID()}/${safeObjectName(filename)}`;
}

/**
 * True only for an upload path this server could have made for that space: the exact shape, no
 * traversal, no other space's prefix. Every path coming from a client goes through this.
 */
export function isObjectPathOfSpace(objectPath: string, spaceId: string): boolean {
  const match = UPLOAD_PATH.exec(objectPath);
  return match !== null && match[1] === spaceId.toLowerCase() && !objectPath.includes('..');
}

/**
 * The committed document's own key, `spaces/<space>/documents/<upload id>/<name>`: a key no
 * upload URL was ever signed for, so a PUT with an old upload URL can never reach the document.
 * Derived from the upload path, so a repeated commit of the same upload finds its document.
 */
export function documentPathFor(uploadPath: string): string {
  const match = UPLOAD_PATH.exec(uploadPath);
  if (!match) throw new Error(`not an upload path: ${uploadPath}`);
  const [, spaceId, uploadId, name] = match;
  return `spaces/${spaceId}/documents/${uploadId}/${name}`;
}

/**
 * A committed creative asset's file, `spaces/<space>/assets/<upload id>/<name>`: like a document,
 * a key no upload URL was signed for, derived from the upload path so a repeated commit finds it.
 */
export function assetPathFor(uploadPath: string): string {
  const match = UPLOAD_PATH.exec(uploadPath);
  if (!match) throw new Error(`not an upload path: ${uploadPath}`);
  const [, spaceId, uploadId, name] = match;
  return `spaces/${spaceId}/assets/${uploadId}/${name}`;
}

/** Where a file the server made itself (a generated image) is kept. */
export function newServerAssetPath(spaceId: string, filename: string): string {
  return `spaces/${spaceId.toLowerCase()}/assets/${randomUUID()}/${safeObjectName(filename)}`;
}

/**
 * An asset's thumbnail or preview image. Versioned, so a new rendition never overwrites the one a
 * reader is streaming; in a folder of its own, so an uploaded file called "thumb.webp" cannot clash.
 */
export function assetRenditionPath(spaceId: string, assetId: string, rendition: 'thumb' | 'preview', version: string): string {
  return `spaces/${spaceId.toLowerCase()}/asset-renditions/${assetId}/${rendition}-${version}.webp`;
}
