import { randomUUID } from 'node:crypto';
import path from 'node:path';

/** Longest file name kept in an object path (most file systems allow 255 bytes). */
const MAX_NAME_LENGTH = 120;

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const OBJECT_PATH = new RegExp(`^spaces/(${UUID})/uploads/${UUID}/[A-Za-z0-9._-]{1,${MAX_NAME_LENGTH}}$`);

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

/** A new, unguessable object path under the space's prefix. */
export function newObjectPath(spaceId: string, filename: string): string {
  return `spaces/${spaceId}/uploads/${randomUUID()}/${safeObjectName(filename)}`;
}

/**
 * True only for a path this server could have made for that space: the exact shape, no
 * traversal, no other space's prefix. Every path coming from a client goes through this.
 */
export function isObjectPathOfSpace(objectPath: string, spaceId: string): boolean {
  const match = OBJECT_PATH.exec(objectPath);
  return match !== null && match[1] === spaceId.toLowerCase() && !objectPath.includes('..');
}
