/**
 * The 'asset-thumbnail' job (docs/assets.md "Thumbnails"): reads the asset's file, makes its
 * thumbnail and preview in the sandbox, stores them next to it and marks the asset ready; a file
 * that cannot be read ends the asset in error with a message naming the reason or limit.
 *
 * Idempotent: an asset already ready, in error or deleted is skipped. Each start counts in
 * processing_attempts; a start that fails in a way worth retrying (storage, database) gives its
 * attempt back, so only starts that never finished (the process died: a file that kills its
 * decoder would) count, and the third such start ends the asset in error instead of trying again.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { assets, type AssetRow } from '../../db/schema/index';
import type { JobQueue, SendOptions } from '../../jobs/job-queue';
import type { Sandbox } from '../../sandbox/sandbox';
import { assetRenditionPath } from '../../storage/object-paths';
import type { ObjectStorage } from '../../storage/object-storage';
import type { AssetsConfig, ThumbnailLimits } from '../../config/assets-env';
import { thumbnailInSandbox } from './sandboxed-thumbnail';
import { THUMBNAIL_MESSAGES, UnreadableAssetError } from './thumbnail-messages';

export const ASSET_THUMBNAIL_JOB = 'asset-thumbnail';

export interface AssetThumbnailJob {
  assetId: string;
}

/** Starts that never finished before the asset is given up on. */
const MAX_UNFINISHED_STARTS = 2;

/** The longest one attempt may take: the sandbox's time limit, plus reading and storing the files. */
export function thumbnailJobOptions(config: Pick<AssetsConfig, 'thumbnail'>): SendOptions {
  return { expireInSeconds: Math.ceil(config.thumbnail.timeoutSeconds) + 5 * 60 };
}

export function enqueueThumbnail(jobs: JobQueue, config: Pick<AssetsConfig, 'thumbnail'>, assetId: string): Promise<string | null> {
  return jobs.send<AssetThumbnailJob>(ASSET_THUMBNAIL_JOB, { assetId }, thumbnailJobOptions(config));
}

export type ThumbnailOutcome = 'ready' | 'error' | 'skipped';

export interface ThumbnailWork {
  sandbox: Sandbox;
  limits: ThumbnailLimits;
  isLastAttempt: boolean;
  signal?: AbortSignal;
}

async function fail(db: Db, id: string, message: string): Promise<ThumbnailOutcome> {
  await db
    .update(assets)
    .set({ status: 'error', errorMessage: message, updatedAt: sql`now()` })
    .where(and(eq(assets.id, id), eq(assets.status, 'processing')));
  return 'error';
}

/** Takes the asset for this start (one conditional UPDATE), or undefined when there is nothing to do. */
async function claim(db: Db, assetId: string): Promise<AssetRow | undefined> {
  const [row] = await db
    .update(assets)
    .set({ processingAttempts: sql`${assets.processingAttempts} + 1` })
    .where(and(eq(assets.id, assetId), eq(assets.status, 'processing')))
    .returning();
  return row;
}

export async function processThumbnail(db: Db, storage: ObjectStorage, assetId: string, work: ThumbnailWork): Promise<ThumbnailOutcome> {
  const row = await claim(db, assetId);
  if (!row) return 'skipped';
  if (row.processingAttempts > MAX_UNFINISHED_STARTS + 1) return fail(db, row.id, THUMBNAIL_MESSAGES.stoppedTwice);
  if (!row.objectPath || row.kind === 'text' || row.kind === 'video') {
    await db.update(assets).set({ status: 'ready', updatedAt: sql`now()` }).where(eq(assets.id, row.id));
    return 'ready';
  }
  if (row.sizeBytes > work.limits.maxInputBytes) return fail(db, row.id, THUMBNAIL_MESSAGES.inputTooLarge(work.limits.maxInputBytes));
  const giveBack = () => db.update(assets).set({ processingAttempts: sql`greatest(${assets.processingAttempts} - 1, 0)` }).where(eq(assets.id, row.id));
  try {
    const bytes = await storage.read(row.objectPath);
    const output = await thumbnailInSandbox(work.sandbox, { kind: row.kind, mime: row.mimeType, bytes }, work.limits, work.signal);
    const version = randomUUID().slice(0, 8);
    const thumbPath = output.thumb ? assetRenditionPath(row.spaceId, row.id, 'thumb', version) : null;
    const previewPath = output.preview ? assetRenditionPath(row.spaceId, row.id, 'preview', version) : null;
    if (thumbPath && output.thumb) await storage.put(thumbPath, Buffer.from(output.thumb), 'image/webp');
    if (previewPath && output.preview) await storage.put(previewPath, Buffer.from(output.preview), 'image/webp');
    const [saved] = await db
      .update(assets)
      .set({
        status: 'ready',
        errorMessage: null,
        width: output.width,
        height: output.height,
        pageCount: output.pageCount,
        content: output.text,
        thumbnailPath: thumbPath,
        previewPath,
        thumbnailVersion: thumbPath ? version : null,
        updatedAt: sql`now()`,
      })
      .where(and(eq(assets.id, row.id), eq(assets.status, 'processing')))
      .returning({ id: assets.id });
    if (!saved) {
      // Deleted meanwhile: its renditions would be orphans.
      for (const objectPath of [thumbPath, previewPath]) if (objectPath) await storage.delete(objectPath);
      return 'skipped';
    }
    // Renditions of an earlier run of this job (a retry after storing them) are replaced.
    for (const old of [row.thumbnailPath, row.previewPath]) if (old && old !== thumbPath && old !== previewPath) await storage.delete(old);
    return 'ready';
  } catch (error) {
    if (error instanceof UnreadableAssetError) return fail(db, row.id, error.message);
    if (work.isLastAttempt) return fail(db, row.id, THUMBNAIL_MESSAGES.failedAfterRetries);
    await giveBack().catch(() => undefined);
    throw error;
  }
}
