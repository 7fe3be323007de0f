import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { Readable } from 'node:stream';
import type { S3Config } from '../config';
import { UPLOADS_PREFIX } from './object-paths';
import { contentDisposition } from './download-tokens';
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

/**
 * S3-compatible object storage (AWS S3, MinIO, Cloudflare R2; docs/knowledge.md "S3 storage").
 * The browser PUTs straight to the bucket with a presigned URL bound to the upload key and the
 * content type; the size limit is enforced at commit, since a presigned PUT cannot carry a
 * maximum. A presigned URL works until it expires, however often it is used, so commit copies
 * the checked object to the document's own key (CopyObject only if the ETag is still the one
 * hashed) and deletes the upload: a later PUT with the URL lands on a key nothing reads, and
 * the sweep removes it.
 */
export class S3Storage implements ObjectStorage {
  readonly kind = 's3';
  private readonly client: S3Client;

  constructor(
    private readonly config: S3Config,
    private readonly ttlSeconds: number,
  ) {
    this.client = new S3Client({
      region: config.region,
      endpoint: config.endpoint,
      forcePathStyle: config.forcePathStyle,
      credentials:
        config.accessKeyId && config.secretAccessKey
          ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey }
          : undefined,
      // Otherwise the SDK adds a CRC32 of an empty body to presigned PUT URLs, which the
      // browser's real body then fails; several S3-compatible stores also reject those headers.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async signUpload(input: SignUploadInput): Promise<SignedUpload> {
    const command = new PutObjectCommand({ Bucket: this.config.bucket, Key: input.objectPath, ContentType: input.contentType });
    // Content-Type is a signed header: a PUT with another type is refused by the store.
    const url = await getSignedUrl(this.client, command, { expiresIn: this.ttlSeconds, signableHeaders: new Set(['content-type']) });
    return {
      url,
      method: 'PUT',
      headers: { 'Content-Type': input.contentType },
      expiresAt: new Date(Date.now() + this.ttlSeconds * 1000),
    };
  }

  async stat(objectPath: string): Promise<ObjectInfo | null> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.config.bucket, Key: objectPath }));
      return { size: head.ContentLength ?? 0, version: head.ETag ?? '' };
    } catch (error) {
      if (statusOf(error) === 404 || nameOf(error) === 'NotFound') return null;
      throw error;
    }
  }

  async sha256(objectPath: string, version?: string): Promise<string> {
    return sha256OfStream(await this.body(objectPath, version));
  }

  async read(objectPath: string): Promise<Buffer> {
    const chunks: Buffer[] = [];
    for await (const chunk of await this.body(objectPath)) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  async move(from: string, to: string, version?: string): Promise<void> {
    try {
      await this.client.send(
        new CopyObjectCommand({
          Bucket: this.config.bucket,
          Key: to,
          CopySource: `${this.config.bucket}/${from.split('/').map(encodeURIComponent).join('/')}`,
          CopySourceIfMatch: version || undefined,
          MetadataDirective: 'COPY',
        }),
      );
    } catch (error) {
      if (isChangedOrGone(error)) throw new ObjectChangedError(`${from} changed or is gone`);
      throw error;
    }
    await this.delete(from);
  }

  async put(objectPath: string, bytes: Buffer, contentType: string): Promise<void> {
    await this.client.send(new PutObjectCommand({ Bucket: this.config.bucket, Key: objectPath, Body: bytes, ContentType: contentType }));
  }

  async openRead(objectPath: string): Promise<Readable | null> {
    try {
      return await this.body(objectPath);
    } catch (error) {
      if (statusOf(error) === 404 || nameOf(error) === 'NoSuchKey') return null;
      throw error;
    }
  }

  /** A presigned GET whose answer carries the file name and type we choose (response-content-* overrides). */
  async signDownload(input: SignDownloadInput): Promise<SignedDownload> {
    const command = new GetObjectCommand({
      Bucket: this.config.bucket,
      Key: input.objectPath,
      ResponseContentDisposition: contentDisposition(input.disposition, input.filename),
      ResponseContentType: input.contentType,
    });
    const url = await getSignedUrl(this.client, command, { expiresIn: input.ttlSeconds });
    return { url, expiresAt: new Date(Date.now() + input.ttlSeconds * 1000) };
  }

  async delete(objectPath: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.config.bucket, Key: objectPath }));
  }

  /** Lists the uploads prefix page by page; deletes one by one (DeleteObjects needs Content-MD5, which not every store accepts). */
  async sweepUploads(before: Date): Promise<number> {
    let removed = 0;
    let continuationToken: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.config.bucket, Prefix: UPLOADS_PREFIX, ContinuationToken: continuationToken }),
      );
      for (const object of page.Contents ?? []) {
        if (object.Key && object.LastModified && object.LastModified < before) {
          await this.delete(object.Key);
          removed += 1;
        }
      }
      continuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (continuationToken);
    return removed;
  }

  private async body(objectPath: string, version?: string): Promise<Readable> {
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.config.bucket, Key: objectPath, IfMatch: version || undefined }));
      return object.Body as Readable;
    } catch (error) {
      if (version && isChangedOrGone(error)) throw new ObjectChangedError(`${objectPath} changed or is gone`);
      throw error;
    }
  }
}

const statusOf = (error: unknown) => (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
const nameOf = (error: unknown) => (error as { name?: string }).name;

/** 412: the ETag condition failed (a new PUT replaced the object); 404: the object is gone. */
function isChangedOrGone(error: unknown): boolean {
  const status = statusOf(error);
  return status === 412 || status === 404 || nameOf(error) === 'PreconditionFailed' || nameOf(error) === 'NoSuchKey';
}
