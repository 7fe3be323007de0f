import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readFile, rename, rm, rmdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { randomUUID } from 'node:crypto';
import { sha256OfStream, type ObjectStorage, type SignUploadInput, type SignedUpload } from './object-storage';
import type { UploadGrant, UploadTokens } from './upload-tokens';

/** The route (under /api/v1) that receives local-disk uploads; see routes/knowledge/upload-target.routes.ts. */
export const LOCAL_UPLOAD_ROUTE = '/kb/uploads/target';

export class UploadTooLargeError extends Error {
  override name = 'UploadTooLargeError';
}

/**
 * Objects as files under STORAGE_DIR. Uploads arrive at this server's upload target with a
 * signed token; the bytes stream to a temporary file that is renamed into place only when
 * complete, so a half-finished upload never looks like an object.
 */
export class LocalDiskStorage implements ObjectStorage {
  readonly kind = 'local';

  constructor(
    private readonly root: string,
    private readonly tokens: UploadTokens,
    private readonly ttlSeconds: number,
    private readonly apiPrefix = '/api/v1',
  ) {}

  async signUpload(input: SignUploadInput): Promise<SignedUpload> {
    const expiresAt = Math.floor(Date.now() / 1000) + this.ttlSeconds;
    const token = this.tokens.sign({ ...input, expiresAt });
    return {
      // Relative: the browser sends it to the origin it already talks to.
      url: `${this.apiPrefix}${LOCAL_UPLOAD_ROUTE}?token=${encodeURIComponent(token)}`,
      method: 'PUT',
      headers: { 'Content-Type': input.contentType },
      expiresAt: new Date(expiresAt * 1000),
    };
  }

  /** Streams a request body into the granted object; throws UploadTooLargeError past maxBytes. */
  async write(grant: UploadGrant, body: Readable): Promise<number> {
    const target = this.fileOf(grant.objectPath);
    await mkdir(path.dirname(target), { recursive: true });
    const temporary = `${target}.${randomUUID()}.part`;
    let written = 0;
    const limit = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        written += chunk.length;
        if (written > grant.maxBytes) callback(new UploadTooLargeError(`more than ${grant.maxBytes} bytes`));
        else callback(null, chunk);
      },
    });
    try {
      await pipeline(body, limit, createWriteStream(temporary));
      await rename(temporary, target);
      return written;
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  async size(objectPath: string): Promise<number | null> {
    try {
      return (await stat(this.fileOf(objectPath))).size;
    } catch {
      return null;
    }
  }

  sha256(objectPath: string): Promise<string> {
    return sha256OfStream(createReadStream(this.fileOf(objectPath)));
  }

  read(objectPath: string): Promise<Buffer> {
    return readFile(this.fileOf(objectPath));
  }

  async delete(objectPath: string): Promise<void> {
    const file = this.fileOf(objectPath);
    await rm(file, { force: true });
    // The per-upload folder held only this file.
    await rmdir(path.dirname(file)).catch(() => {});
  }

  /** Resolves inside the root or throws: a last line of defence after the path-shape check. */
  private fileOf(objectPath: string): string {
    const resolved = path.resolve(this.root, objectPath);
    if (!resolved.startsWith(path.resolve(this.root) + path.sep)) throw new Error(`object path escapes storage root: ${objectPath}`);
    return resolved;
  }
}
