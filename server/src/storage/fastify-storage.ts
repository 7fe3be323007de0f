import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config';
import type { Db } from '../db/database';
import { createObjectStorage } from './index';
import type { ObjectStorage } from './object-storage';
import type { UploadTokens } from './upload-tokens';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where uploaded files live (local disk or S3), see server/src/storage. */
    storage: ObjectStorage;
    /** Checks local-disk upload URLs; undefined when S3 receives the uploads. */
    uploadTokens: UploadTokens | undefined;
  }
}

export async function installObjectStorage(app: FastifyInstance, config: AppConfig, db: Db): Promise<ObjectStorage> {
  const { storage, uploadTokens } = await createObjectStorage(db, config.knowledge);
  app.decorate('storage', storage);
  app.decorate('uploadTokens', uploadTokens);
  return storage;
}
