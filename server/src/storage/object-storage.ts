import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';

/** Where the browser sends a file's bytes: a direct PUT with exactly these headers. */
export interface SignedUpload {
  url: string;
  method: 'PUT';
  headers: Record<string, string>;
  expiresAt: Date;
}

export interface SignUploadInput {
  spaceId: string;
  objectPath: string;
  contentType: string;
  /** The most the upload may hold: see uploadLimit. Local disk enforces it while receiving. */
  maxBytes: number;
}

/**
 * The limit an upload URL is signed with: the size the browser declared when asking for it, when
 * it did (a URL asked for a 10-byte file takes no more than 10 bytes), else the configured
 * maximum. Callers refuse a declared size over the maximum before signing.
 */
export const uploadLimit = (declaredBytes: number | undefined, maxBytes: number): number =>
  declaredBytes === undefined ? maxBytes : Math.min(declaredBytes, maxBytes);

/** What commit needs to know about a stored object before trusting it. */
export interface ObjectInfo {
  size: number;
  /**
   * Which version of the object this is (the S3 ETag). Hashing and moving are bound to it, so
   * the bytes that were checked are the bytes that become the document.
   */
  version: string;
}

/** A short-lived URL the browser may GET an object from, under a file name of our choosing. */
export interface SignDownloadInput {
  objectPath: string;
  filename: string;
  contentType: string;
  /** attachment: saved as a file; inline: shown by the browser (a PDF preview). */
  disposition: 'attachment' | 'inline';
  ttlSeconds: number;
}

export interface SignedDownload {
  url: string;
  expiresAt: Date;
}

/** The object is no longer the version that was checked (a new PUT replaced it meanwhile). */
export class ObjectChangedError extends Error {
  override name = 'ObjectChangedError';
}

/**
 * Stored files (knowledge-base uploads, creative assets and their thumbnails) behind one interface: the local disk, served by this
 * server through HMAC-signed, single-use URLs (local-disk.ts), or S3-compatible storage with
 * presigned URLs (s3.ts). Object paths are made by the server (object-paths.ts): uploads land
 * under `uploads/<space>/`, and commit moves each to the document's own key under
 * `spaces/<space>/documents/`.
 */
export interface ObjectStorage {
  readonly kind: 'local' | 's3';
  signUpload(input: SignUploadInput): Promise<SignedUpload>;
  /** Size and version, or null when there is no such object. */
  stat(objectPath: string): Promise<ObjectInfo | null>;
  /** SHA-256 of the stored bytes (lowercase hex), read as a stream; ObjectChangedError if no longer `version`. */
  sha256(objectPath: string, version?: string): Promise<string>;
  read(objectPath: string): Promise<Buffer>;
  /**
   * Moves an object to another key (the source is gone afterwards); ObjectChangedError, with
   * nothing moved, when the source is no longer `version`.
   */
  move(from: string, to: string, version?: string): Promise<void>;
  /** Stores bytes the server made itself (thumbnails, generated images) under a key no URL was signed for. */
  put(objectPath: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The stored bytes as a stream, or null when there is no such object (streamed answers, never buffered). */
  openRead(objectPath: string): Promise<Readable | null>;
  /** A URL the browser GETs the object from with the given file name (local: signed by this server; S3: presigned). */
  signDownload(input: SignDownloadInput): Promise<SignedDownload>;
  /** Removes the object; a missing object is not an error. */
  delete(objectPath: string): Promise<void>;
  /** Deletes upload objects (never documents) last written before `before`; answers how many. */
  sweepUploads(before: Date): Promise<number>;
}

/** Bytes of a readable stream, hashed as they pass. */
export async function sha256OfStream(stream: Readable): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of stream) hash.update(chunk as Buffer);
  return hash.digest('hex');
}
