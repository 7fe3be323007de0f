import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readFile, rename, rm, rmdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PassThrough, Transform, finished, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { randomUUID } from 'node:crypto';
import { sweepFilesOlderThan } from './local-sweep';
import { UPLOADS_PREFIX } from './object-paths';
import type { DownloadTokenCheck, DownloadTokens } from './download-tokens';
import {
  ObjectChangedError,
  sha256OfStream,
  type ObjectInfo,
  type ObjectStorage,
  type SignDownloadInput,
  type SignUploadInput,
  type SignedDownload,
  type SignedUpload,
} from './object-storage';
import { newUploadNonce, type UploadGrant, type UploadTokens } from './upload-tokens';
import { KNOWLEDGE_ROUTES } from '../../../src/contract/knowledge-routes';

/**
 * The route (under /api/v1) that receives local-disk uploads, for knowledge documents and creative
 * assets alike (the signed token says which object); see routes/knowledge/upload-target.routes.ts.
 */
const LOCAL_UPLOAD_ROUTE = KNOWLEDGE_ROUTES.uploadTarget.path;
/**
 * The route (under /api/v1) that serves signed local-disk downloads of knowledge documents and
 * creative assets alike; see routes/knowledge/download.routes.ts.
 */
const LOCAL_DOWNLOAD_ROUTE = KNOWLEDGE_ROUTES.downloadFile.path;

export class UploadTooLargeError extends Error {
  override name = 'UploadTooLargeError';
}

/**
 * Runs once every byte is on disk, just before the object appears: it may refuse (throw, and
 * nothing appears), and answers how to undo itself should the object then fail to appear.
 */
export type ClaimUpload = () => Promise<() => Promise<void>>;

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/**
 * The request body behind a stream of its own: a refusal midway (too large) ends the copy, not
 * the request, so the HTTP server can still send the 413 instead of dropping the connection. A
 * body that breaks off (the client went away) still fails the copy.
 */
function detached(body: Readable): PassThrough {
  const copy = new PassThrough();
  finished(body, (error) => {
    if (error) copy.destroy(error);
  });
  return body.pipe(copy);
}

/**
 * Objects as files under STORAGE_DIR. Uploads arrive at this server's upload target with a
 * signed, single-use token; the bytes stream to a temporary file that is renamed into place only
 * when complete, so a half-finished upload never looks like an object. Each upload path is
 * written at most once (the token is consumed by that write), so a file's version never changes
 * between commit's checks and its move; `version` is accepted and not needed.
 */
export class LocalDiskStorage implements ObjectStorage {
  readonly kind = 'local';

  constructor(
    private readonly root: string,
    private readonly tokens: UploadTokens,
    private readonly ttlSeconds: number,
    /** Signs download URLs; without it (benchmarks) downloads are not offered. */
    private readonly downloads?: DownloadTokens,
    private readonly apiPrefix = '/api/v1',
  ) {}

  async signDownload(input: SignDownloadInput): Promise<SignedDownload> {
    if (!this.downloads) throw new Error('downloads are not set up for this storage');
    const expiresAt = Math.floor(Date.now() / 1000) + input.ttlSeconds;
    const token = this.downloads.sign({ ...input, expiresAt });
    return { url: `${this.apiPrefix}${LOCAL_DOWNLOAD_ROUTE}?token=${encodeURIComponent(token)}`, expiresAt: new Date(expiresAt * 1000) };
  }

  /** Checks a token of signDownload's URLs; never valid when downloads are not set up. */
  verifyDownload(token: string): DownloadTokenCheck {
    return this.downloads ? this.downloads.verify(token) : { ok: false, reason: 'invalid' };
  }

  /** The object's bytes as a stream (a download), or null when there is no such file. */
  async readStream(objectPath: string): Promise<{ stream: Readable; size: number } | null> {
    const info = await this.stat(objectPath);
    if (!info) return null;
    return { stream: createReadStream(this.fileOf(objectPath)), size: info.size };
  }

  async signUpload(input: SignUploadInput): Promise<SignedUpload> {
    const expiresAt = Math.floor(Date.now() / 1000) + this.ttlSeconds;
    const token = this.tokens.sign({ ...input, nonce: newUploadNonce(), expiresAt });
    return {
      // Relative: the browser sends it to the origin it already talks to.
      url: `${this.apiPrefix}${LOCAL_UPLOAD_ROUTE}?token=${encodeURIComponent(token)}`,
      method: 'PUT',
      headers: { 'Content-Type': input.contentType },
      expiresAt: new Date(expiresAt * 1000),
    };
  }

  /**
   * Streams a request body into the granted object; throws UploadTooLargeError past maxBytes.
   * `claim` (the single-use check) runs after the last byte, so a PUT that fails midway leaves
   * the URL usable for a retry.
   */
  async write(grant: UploadGrant, body: Readable, claim?: ClaimUpload): Promise<number> {
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
    let undoClaim: (() => Promise<void>) | undefined;
    const source = detached(body);
    try {
      await pipeline(source, limit, createWriteStream(temporary));
      undoClaim = await claim?.();
      await rename(temporary, target);
      return written;
    } catch (error) {
      body.unpipe(source);
      await rm(temporary, { force: true });
      await undoClaim?.();
      throw error;
    }
  }

  async stat(objectPath: string): Promise<ObjectInfo | null> {
    try {
      const info = await stat(this.fileOf(objectPath));
      return info.isFile() ? { size: info.size, version: String(info.mtimeMs) } : null;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  sha256(objectPath: string): Promise<string> {
    return sha256OfStream(createReadStream(this.fileOf(objectPath)));
  }

  /** A rename: atomic, and on the same file system as every other object. */
  async move(from: string, to: string): Promise<void> {
    const source = this.fileOf(from);
    const target = this.fileOf(to);
    await mkdir(path.dirname(target), { recursive: true });
    try {
      await rename(source, target);
    } catch (error) {
      if (isMissing(error)) throw new ObjectChangedError(`${from} is gone`);
      throw error;
    }
    await rmdir(path.dirname(source)).catch(() => {});
  }

  /** Upload files (and temporary files of PUTs a stopped process left behind) older than `before`. */
  sweepUploads(before: Date): Promise<number> {
    return sweepFilesOlderThan(path.resolve(this.root, UPLOADS_PREFIX), before);
  }

  read(objectPath: string): Promise<Buffer> {
    return readFile(this.fileOf(objectPath));
  }

  /** Written to a temporary file first, so a reader never sees half an object. */
  async put(objectPath: string, bytes: Buffer): Promise<void> {
    const target = this.fileOf(objectPath);
    await mkdir(path.dirname(target), { recursive: true });
    const temporary = `${target}.${randomUUID()}.part`;
    try {
      await writeFile(temporary, bytes);
      await rename(temporary, target);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  async openRead(objectPath: string): Promise<Readable | null> {
    const file = this.fileOf(objectPath);
    try {
      if (!(await stat(file)).isFile()) return null;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
    return createReadStream(file);
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
