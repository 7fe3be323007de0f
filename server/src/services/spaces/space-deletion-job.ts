/**
 * Removing a deleted space's data in the background (docs/server.md "Spaces lifecycle"). The
 * request only marks the space deleted (it vanishes at once); this job deletes its stored files
 * (knowledge documents, creative assets and their thumbnails),
 * then the space row, whose foreign keys cascade to documents, passages, embeddings, chats,
 * messages, agent runs and settings, and linked GA4 properties. Ledger entries keep their rows
 * (space set to null): what was spent stays on the bill.
 *
 * Idempotent: a retry after a partial run deletes what is left (a missing file is not an error),
 * and a run for a space already gone does nothing. It never touches a space that is not marked.
 */
import { and, eq, isNotNull } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import type { Db } from '../../db/database';
import { assets, kbDocuments, spaces } from '../../db/schema/index';
import type { JobQueue } from '../../jobs/job-queue';
import type { ObjectStorage } from '../../storage/index';

export const SPACE_DELETE_JOB = 'space-delete';

export interface SpaceDeleteJobData {
  spaceId: string;
}

export interface PurgeOutcome {
  /** False when there was nothing to do (already purged, or never marked). */
  purged: boolean;
  files: number;
}

export async function purgeDeletedSpace(db: Db, storage: ObjectStorage, spaceId: string): Promise<PurgeOutcome> {
  const [marked] = await db
    .select({ id: spaces.id })
    .from(spaces)
    .where(and(eq(spaces.id, spaceId), isNotNull(spaces.deletedAt)));
  if (!marked) return { purged: false, files: 0 };
  const documents = await db.select({ objectPath: kbDocuments.objectPath }).from(kbDocuments).where(eq(kbDocuments.spaceId, spaceId));
  const assetFiles = await db
    .select({ objectPath: assets.objectPath, thumbnailPath: assets.thumbnailPath, previewPath: assets.previewPath })
    .from(assets)
    .where(eq(assets.spaceId, spaceId));
  const files = [
    ...documents.map((document) => document.objectPath),
    ...assetFiles.flatMap((asset) => [asset.objectPath, asset.thumbnailPath, asset.previewPath]).filter((path): path is string => path !== null),
  ];
  // Files first: if this fails the rows still say which files to delete on the retry.
  for (const objectPath of files) await storage.delete(objectPath);
  await db.delete(spaces).where(and(eq(spaces.id, spaceId), isNotNull(spaces.deletedAt)));
  return { purged: true, files: files.length };
}

/** Deduplicated per space: asking twice while one is queued enqueues nothing more. */
export async function enqueueSpaceDeletion(jobs: JobQueue, spaceId: string): Promise<void> {
  await jobs.createQueue(SPACE_DELETE_JOB, { policy: 'stately' });
  await jobs.send<SpaceDeleteJobData>(SPACE_DELETE_JOB, { spaceId }, { singletonKey: spaceId, retryLimit: 5, expireInSeconds: 600 });
}

/**
 * The handler, and a start-up pass that enqueues any space left marked but unpurged (a process
 * that stopped between marking and enqueuing, or a job that used up its retries).
 */
export async function registerSpaceDeletionJobs(deps: Pick<AppDeps, 'db' | 'jobs' | 'storage'>, log: { info: (obj: object, msg: string) => void }): Promise<void> {
  await deps.jobs.createQueue(SPACE_DELETE_JOB, { policy: 'stately' });
  await deps.jobs.work<SpaceDeleteJobData>(SPACE_DELETE_JOB, async (job) => {
    const outcome = await purgeDeletedSpace(deps.db, deps.storage, job.data.spaceId);
    if (outcome.purged) log.info({ spaceId: job.data.spaceId, files: outcome.files }, 'deleted space purged');
  });
  const leftovers = await deps.db.select({ id: spaces.id }).from(spaces).where(isNotNull(spaces.deletedAt));
  for (const { id } of leftovers) await enqueueSpaceDeletion(deps.jobs, id);
}
