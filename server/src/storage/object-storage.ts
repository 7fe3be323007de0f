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
  maxBytes: number;
}

/**
 * Stored files (knowledge-base uploads) behind one interface: the local disk, served by this
 * server through HMAC-signed URLs (local-disk.ts), or S3-compatible storage with presigned URLs
 * (s3.ts). Object paths are made by the server (object-paths.ts) and always sit under the
 * space's prefix.
 */
export interface ObjectStorage {
  readonly kind: 'local' | 's3';
  signUpload(input: SignUploadInput): Promise<SignedUpload>;
  /** Size in bytes, or null when there is no such object. */
  size(objectPath: string): Promise<number | null>;
  /** SHA-256 of the stored bytes (lowercase hex), read as a stream. */
  sha256(objectPath: string): Promise<string>;
  read(objectPath: string): Promise<Buffer>;
  /** Removes the object; a missing object is not an error. */
  delete(objectPath: string): Promise<void>;
}

/** Bytes of a readable stream, hashed as they pass. */
export async function sha256OfStream(stream: Readable): Promise<string> {
  const { createHash } = await import('node:crypto');
  const hash = createHash('sha256');
  for await (const chunk of stream) hash.update(chunk as Buffer);
  return hash.digest('hex');
}
