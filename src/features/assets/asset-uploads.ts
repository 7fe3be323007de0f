/**
 * Uploading files as assets (docs/assets.md "Uploads"): each chosen or dropped file is checked
 * on the device (type, size: refused at once with the limit named), hashed, checked for
 * duplicates (on the device, then with the server), and the new ones sent three at a time through
 * the signed flow shared with the knowledge base (src/features/uploads/signed-upload.ts), with
 * progress. A failed upload keeps its file and how far it got: Retry resumes (commit only, when
 * the bytes are already stored).
 */
import { ref } from 'valtio';
import { toast } from 'sonner';
import { ApiError } from '../../api';
import { assetFileProblem, DEFAULT_ASSET_MAX_UPLOAD_BYTES } from '../../contract/assets';
import { getCurrentSpaceId } from '../../session';
import { hashFile } from '../uploads/hash-files';
import { SignedUploadError, sendSignedUpload, type StoredUpload } from '../uploads/signed-upload';
import { assetsApi } from './assets.api';
import { liveAssetsByHash, saveAsset } from './assets.queries';
import { assetsState, type AssetUploadItem } from './assets.state';
import { assetErrorMessage, processingWatch } from './assets.store';
import { formatCount, plural } from '../../contract/format';

/** Three files at a time: enough to fill the pipe, and leaves connections for thumbnails. */
const PARALLEL_UPLOADS = 3;

let keySequence = 0;

function update(key: string, change: Partial<AssetUploadItem>): void {
  const entry = assetsState.uploads.find((item) => item.key === key);
  if (entry) Object.assign(entry, change);
}

function item(key: string): AssetUploadItem | undefined {
  return assetsState.uploads.find((entry) => entry.key === key);
}

export interface UploadTarget {
  /** Tags and collections every file of this drop gets (e.g. the collection being viewed). */
  tags?: string[];
  collectionIds?: string[];
}

const FINISHED = new Set(['done', 'duplicate', 'refused']);

/** Adds files to the upload panel and sends the new ones. Resolves when every file has an outcome. */
export async function uploadAssets(files: readonly File[], target: UploadTarget = {}): Promise<void> {
  const spaceId = getCurrentSpaceId();
  if (!spaceId || files.length === 0) return;
  const maxBytes = assetsState.capabilities?.max_upload_bytes ?? DEFAULT_ASSET_MAX_UPLOAD_BYTES;
  const added: AssetUploadItem[] = files.map((file) => {
    keySequence += 1;
    const problem = assetFileProblem(file, maxBytes);
    return {
      key: `upload-${keySequence}`,
      file: ref(file),
      filename: file.name,
      size: file.size,
      progress: 0,
      phase: problem ? 'refused' : 'checking',
      message: problem,
      hash: null,
      assetId: null,
      stored: null,
    };
  });
  assetsState.uploads = [...assetsState.uploads.filter((entry) => !FINISHED.has(entry.phase)), ...added];
  for (const refused of added.filter((entry) => entry.phase === 'refused')) toast.error(refused.message!);

  const candidates = added.filter((entry) => entry.phase === 'checking');
  await Promise.all(
    candidates.map(async (entry) => {
      try {
        const hash = await hashFile(entry.file, (fraction) => update(entry.key, { progress: Math.round(fraction * 100) }));
        update(entry.key, { hash, progress: 0 });
      } catch {
        update(entry.key, { phase: 'failed', message: `"${entry.filename}" could not be read. Choose it again.` });
      }
    }),
  );
  const send = await withoutDuplicates(spaceId, candidates.map((entry) => item(entry.key)!).filter((entry) => entry.phase === 'checking'));
  await sendAll(send.map((entry) => entry.key), target);
}

/** Marks files already in the library (or twice in this drop) as duplicates; answers the rest. */
async function withoutDuplicates(spaceId: string, entries: AssetUploadItem[]): Promise<AssetUploadItem[]> {
  const known = await liveAssetsByHash(spaceId);
  const hashes = [...new Set(entries.map((entry) => entry.hash!).filter((hash) => !known.has(hash)))];
  if (hashes.length > 0) {
    try {
      const answer = await assetsApi.checkHashes(hashes);
      for (const existing of answer.existing) known.set(existing.hash, existing.name);
    } catch {
      // The server checks again at commit; a duplicate then gets its 409 there.
    }
  }
  const seen = new Set<string>();
  const send: AssetUploadItem[] = [];
  for (const entry of entries) {
    const hash = entry.hash!;
    const existing = known.get(hash);
    if (existing !== undefined || seen.has(hash)) {
      update(entry.key, { phase: 'duplicate', message: existing !== undefined ? `Already in Creative Assets as "${existing}"` : 'Same as another file in this upload' });
      continue;
    }
    seen.add(hash);
    update(entry.key, { phase: 'waiting' });
    send.push(entry);
  }
  return send;
}

async function sendAll(keys: string[], target: UploadTarget): Promise<void> {
  const queue = [...keys];
  let done = 0;
  let failed = 0;
  const next = async (): Promise<void> => {
    const key = queue.shift();
    if (!key) return;
    const outcome = await sendOne(key, target);
    if (outcome === 'done') done += 1;
    if (outcome === 'failed') failed += 1;
    await next();
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL_UPLOADS, queue.length) }, next));
  if (done > 0) toast.success(`Uploaded ${formatCount(done, 'file')}. ${plural(done, 'Its preview is', 'Their previews are')} being made.`);
  if (failed > 0) toast.error(`${formatCount(failed, 'file')} failed to upload. Retry ${plural(failed, 'it', 'them')} from the upload list.`);
}

async function sendOne(key: string, target: UploadTarget): Promise<'done' | 'failed' | 'duplicate'> {
  const entry = item(key);
  const spaceId = getCurrentSpaceId();
  if (!entry || !entry.hash || !spaceId) return 'failed';
  const { file, hash } = entry;
  try {
    const asset = await sendSignedUpload(
      file,
      {
        sign: () => assetsApi.signUpload(file.name, file.type, file.size),
        commit: (stored: StoredUpload) =>
          assetsApi.commitUpload({
            object_path: stored.objectPath,
            filename: file.name,
            size: file.size,
            mime: stored.contentType,
            hash,
            tags: target.tags,
            collection_ids: target.collectionIds,
          }),
      },
      {
        onStep: (step) => update(key, { phase: step, message: null }),
        onProgress: (percent) => update(key, { progress: percent }),
      },
      entry.stored,
    );
    if (getCurrentSpaceId() === spaceId) await saveAsset(spaceId, asset);
    if (asset.status === 'processing') processingWatch.watch([asset.id]);
    update(key, { phase: 'done', assetId: asset.id, stored: null, progress: 100 });
    return 'done';
  } catch (thrown) {
    const error = thrown instanceof SignedUploadError ? thrown.cause : thrown;
    if (error instanceof ApiError && error.status === 409 && error.serverCode === 'DUPLICATE_ASSET') {
      update(key, { phase: 'duplicate', message: error.serverDetail ?? 'Already in Creative Assets', stored: null });
      return 'duplicate';
    }
    // What was stored survives the failure: Retry commits it instead of sending the bytes again.
    const stored = thrown instanceof SignedUploadError ? thrown.stored : null;
    update(key, { phase: 'failed', message: `"${file.name}" was not uploaded: ${assetErrorMessage(error)}`, stored });
    return 'failed';
  }
}

/** Retries a failed upload from where it stopped. */
export async function retryUpload(key: string): Promise<void> {
  const entry = item(key);
  if (!entry || entry.phase !== 'failed') return;
  if (!entry.hash) {
    assetsState.uploads = assetsState.uploads.filter((upload) => upload.key !== key);
    await uploadAssets([entry.file]);
    return;
  }
  update(key, { phase: 'waiting', message: null });
  await sendAll([key], {});
}

/** Removes finished and failed rows from the upload panel. */
export function dismissUploads(): void {
  assetsState.uploads = assetsState.uploads.filter((entry) => !FINISHED.has(entry.phase) && entry.phase !== 'failed');
}

export const isUploading = (uploads: readonly AssetUploadItem[]) => uploads.some((entry) => ['checking', 'waiting', 'signing', 'uploading', 'committing'].includes(entry.phase));
