import type { FastifyBaseLogger } from 'fastify';
import type { KnowledgeConfig } from '../config';
import type { Db } from '../db/database';
import { ConsumedUploadTokens } from './consumed-upload-tokens';
import { LocalDiskStorage } from './local-disk';
import type { ObjectStorage } from './object-storage';
import { UploadSweeper } from './upload-sweeper';
import { UploadTokens, resolveUploadSigningKey } from './upload-tokens';
import { DownloadTokens } from './download-tokens';

export { ConsumedUploadTokens } from './consumed-upload-tokens';
export { DownloadTokens, contentDisposition, type DownloadGrant } from './download-tokens';
export { LocalDiskStorage, UploadTooLargeError, type ClaimUpload } from './local-disk';
export { assetPathFor, assetRenditionPath, documentPathFor, isObjectPathOfSpace, newObjectPath, newServerAssetPath } from './object-paths';
export {
  ObjectChangedError,
  type ObjectInfo,
  type ObjectStorage,
  type SignDownloadInput,
  type SignUploadInput,
  type SignedDownload,
  type SignedUpload,
} from './object-storage';
export { UploadTokens, type UploadGrant } from './upload-tokens';

/** S3 when S3_BUCKET is set; otherwise the local disk under STORAGE_DIR (the default). */
export async function createObjectStorage(db: Db, config: KnowledgeConfig): Promise<{ storage: ObjectStorage; uploadTokens?: UploadTokens }> {
  if (config.s3) {
    // Loaded only when S3 is configured: the AWS SDK is ~20 MiB of resident memory that a
    // local-disk install never needs (docs/reliability.md, "Footprint").
    const { S3Storage } = await import('./s3');
    return { storage: new S3Storage(config.s3, config.uploadUrlTtlSeconds) };
  }
  const key = await resolveUploadSigningKey(db, config.uploadSigningSecret);
  const uploadTokens = new UploadTokens(key);
  return { storage: new LocalDiskStorage(config.storageDir, uploadTokens, config.uploadUrlTtlSeconds, new DownloadTokens(key)), uploadTokens };
}

/** The app's file storage and what comes with it; built once at start by the composition root. */
export interface StorageServices {
  /** Where uploaded files live (local disk or S3). */
  storage: ObjectStorage;
  /** Checks local-disk upload URLs; undefined when S3 receives the uploads. */
  uploadTokens: UploadTokens | undefined;
  /** Which local-disk upload URLs were used (they work once); undefined with S3. */
  consumedUploadTokens: ConsumedUploadTokens | undefined;
  /** Removes orphaned uploads and expired upload-link records (every 15 minutes with job workers on). */
  uploadSweeper: UploadSweeper;
}

export async function createStorageServices(db: Db, config: KnowledgeConfig, log: FastifyBaseLogger): Promise<StorageServices> {
  const { storage, uploadTokens } = await createObjectStorage(db, config);
  const consumedUploadTokens = uploadTokens ? new ConsumedUploadTokens(db) : undefined;
  return { storage, uploadTokens, consumedUploadTokens, uploadSweeper: new UploadSweeper(storage, consumedUploadTokens, log) };
}
