import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { Readable } from 'node:stream';
import type { S3Config } from '../config';
import { sha256OfStream, type ObjectStorage, type SignUploadInput, type SignedUpload } from './object-storage';

/**
 * S3-compatible object storage (AWS, MinIO, R2, …). The browser PUTs straight to the bucket with
 * a presigned URL bound to the object key and content type; the size limit is enforced at
 * commit (HeadObject), since a presigned PUT cannot carry a maximum.
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
    });
  }

  async signUpload(input: SignUploadInput): Promise<SignedUpload> {
    const command = new PutObjectCommand({ Bucket: this.config.bucket, Key: input.objectPath, ContentType: input.contentType });
    const url = await getSignedUrl(this.client, command, { expiresIn: this.ttlSeconds });
    return {
      url,
      method: 'PUT',
      headers: { 'Content-Type': input.contentType },
      expiresAt: new Date(Date.now() + this.ttlSeconds * 1000),
    };
  }

  async size(objectPath: string): Promise<number | null> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.config.bucket, Key: objectPath }));
      return head.ContentLength ?? 0;
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async sha256(objectPath: string): Promise<string> {
    return sha256OfStream(await this.body(objectPath));
  }

  async read(objectPath: string): Promise<Buffer> {
    const chunks: Buffer[] = [];
    for await (const chunk of await this.body(objectPath)) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  async delete(objectPath: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.config.bucket, Key: objectPath }));
  }

  private async body(objectPath: string): Promise<Readable> {
    const object = await this.client.send(new GetObjectCommand({ Bucket: this.config.bucket, Key: objectPath }));
    return object.Body as Readable;
  }
}

function isNotFound(error: unknown): boolean {
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  return status === 404 || (error as { name?: string }).name === 'NotFound';
}
