import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config';
import type { Db } from '../db/database';
import { ConsumedUploadTokens } from './consumed-upload-tokens';
import { createObjectStorage } from './index';
import type { ObjectStorage } from './object-storage';
import { UploadSweeper } from './upload-sweeper';
import type { UploadTokens } from './upload-tokens';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where uploaded files live (local disk or S3), see server/src/storage. */
    storage: ObjectStorage;
    /** Checks local-disk upload URLs; undefined when S3 receives the uploads. */
    uploadTokens: UploadTokens | undefined;
    /** Which local-disk upload URLs were used (they work once); undefined with S3. */
    consumedUploadTokens: ConsumedUploadTokens | undefined;
    /** Removes orphaned uploads and expired upload-link records (every 15 minutes with job workers on). */
    uploadSweeper: UploadSweeper;
  }
}

export async function installObjectStorage(app: FastifyInstance, config: AppConfig, db: Db): Promise<ObjectStorage> {
  const { storage, uploadTokens } = await createObjectStorage(db, config.knowledge);
  const consumedUploadTokens = uploadTokens ? new ConsumedUploadTokens(db) : undefined;
  const uploadSweeper = new UploadSweeper(storage, consumedUploadTokens, app.log);
  app.decorate('storage', storage);
  app.decorate('uploadTokens', uploadTokens);
  app.decorate('consumedUploadTokens', consumedUploadTokens);
  app.decorate('uploadSweeper', uploadSweeper);
  // Clean-up is background work: a JOB_WORKERS=false process leaves it to the workers.
  if (config.knowledge.runJobWorkers) uploadSweeper.start();
  app.addHook('onClose', async () => uploadSweeper.stop());
  return storage;
}
