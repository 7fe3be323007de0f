/** The Creative Assets job workers of this process (docs/assets.md "Thumbnails"). */
import type { AppConfig } from '../../config';
import type { Db } from '../../db/database';
import type { JobQueue } from '../../jobs/job-queue';
import type { ObjectStorage } from '../../storage/object-storage';
import { createThumbnailSandbox } from './sandboxed-thumbnail';
import { ASSET_THUMBNAIL_JOB, processThumbnail, type AssetThumbnailJob } from './thumbnail-job';

export interface AssetWorkers {
  /** Stops the thumbnails in progress here (they are retried) and the sandbox. */
  close(): Promise<void>;
}

export async function registerAssetJobs(jobs: JobQueue, deps: { config: AppConfig; db: Db; storage: ObjectStorage }): Promise<AssetWorkers> {
  const { limits, concurrency } = { limits: deps.config.assets.thumbnail, concurrency: deps.config.assets.thumbnailConcurrency };
  const sandbox = createThumbnailSandbox(limits, concurrency);
  const stopping = new AbortController();
  const inFlight = new Set<Promise<unknown>>();
  await jobs.work<AssetThumbnailJob>(
    ASSET_THUMBNAIL_JOB,
    async (job) => {
      const work = processThumbnail(deps.db, deps.storage, job.data.assetId, { sandbox, limits, isLastAttempt: job.isLastAttempt, signal: stopping.signal });
      inFlight.add(work);
      try {
        await work;
      } finally {
        inFlight.delete(work);
      }
    },
    // As many at once as the sandbox runs: more would only wait for a process.
    { batchSize: concurrency },
  );
  return {
    async close() {
      stopping.abort('shutdown');
      await Promise.allSettled([...inFlight]);
      await sandbox.close();
    },
  };
}
