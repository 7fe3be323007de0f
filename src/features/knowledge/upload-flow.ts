/**
 * Upload (spec 001 §4): for each staged file, sign → PUT to the signed URL with progress →
 * commit (src/features/uploads/signed-upload.ts, shared with Creative Assets) → its status, pushed
 * by the server or polled per document (knowledge.store.ts). Every outcome uses the §8 texts.
 */
import { toast } from 'sonner';
import { ApiError } from '../../api';
import { getCurrentSpaceId, onSessionReset, onSpaceSwitch } from '../../session';
import { knowledgeErrorMessage } from './knowledge-errors';
import { KB_TEXT } from './knowledge.messages';
import { saveDocument } from './knowledge.queries';
import { knowledgeState, type UploadItem } from './knowledge.state';
import { clearStaged, stagedHash, watchDocument } from './knowledge.store';
import { filesToSend, type StagedFile } from './staging';
import { awaitCategory } from './brand-voice-use';
import { SignedUploadError } from '../uploads/signed-upload';
import { sendDocumentFile } from './send-document-file';
import { formatCount } from '../../contract/format';

/** Three files at a time: enough to fill the pipe, and leaves browser connections for polling. */
const PARALLEL_UPLOADS = 3;

export interface UploadOptions {
  /** A category chosen for the whole batch; null lets the server categorise automatically. */
  category?: string | null;
}

/**
 * Files whose upload failed, kept in memory (by upload key) so Retry sends the same file again
 * without choosing it anew; gone once it is sent, dismissed, or the session or space changes.
 */
const failedFiles = new Map<string, { staged: StagedFile; spaceId: string; options: UploadOptions }>();
const forgetFailedFiles = () => failedFiles.clear();
onSessionReset(forgetFailedFiles);
onSpaceSwitch(forgetFailedFiles);

/** Batches and retries running: the panel says "Uploading…" until the last one ends. */
let running = 0;
async function whileUploading<T>(work: () => Promise<T>): Promise<T> {
  running += 1;
  knowledgeState.uploading = true;
  try {
    return await work();
  } finally {
    running -= 1;
    if (running === 0) knowledgeState.uploading = false;
  }
}

function item(key: string): UploadItem | undefined {
  return knowledgeState.uploads.find((entry) => entry.key === key);
}

function update(key: string, change: Partial<UploadItem>): void {
  const entry = item(key);
  if (entry) Object.assign(entry, change);
}

/** Signing failed: the server's reason when it gave one (type, size), else the §8 text. */
function signFailureReason(error: unknown): string {
  if (error instanceof ApiError && error.status !== null && error.status < 500 && error.serverDetail) return error.serverDetail;
  return KB_TEXT.uploadUrlFailed;
}

/**
 * The §8 text for a failed upload of `filename` (not a duplicate): the server's reason when signing
 * was refused (type, size), else the failure's own words. The chat's attachments say the same.
 */
export function uploadFailureMessage(filename: string, thrown: unknown): string {
  const error = thrown instanceof SignedUploadError ? thrown.cause : thrown;
  const reason = thrown instanceof SignedUploadError && thrown.step === 'signing' ? signFailureReason(error) : knowledgeErrorMessage(error);
  return KB_TEXT.uploadFailed(filename, reason);
}

async function uploadOne(staged: StagedFile, spaceId: string, options: UploadOptions): Promise<'done' | 'failed' | 'duplicate'> {
  const { key, file } = staged;
  try {
    const hash = staged.hash ?? (await stagedHash(staged));
    const committed = await sendDocumentFile(
      file,
      hash,
      options.category ?? null,
      {
        onStep: (step) => update(key, step === 'committing' ? { phase: step, progress: 100 } : { phase: step }),
        onProgress: (percent) => update(key, { progress: percent }),
      },
    );
    if (committed.document && getCurrentSpaceId() === spaceId) await saveDocument(spaceId, committed.document);
    awaitCategory(committed.id);
    watchDocument(committed.id);
    update(key, { phase: 'done', documentId: committed.id });
    return 'done';
  } catch (thrown) {
    const error = thrown instanceof SignedUploadError ? thrown.cause : thrown;
    if (error instanceof ApiError && error.status === 409) {
      const message = KB_TEXT.duplicateDetected(file.name, error.serverDetail ?? KB_TEXT.duplicateDefaultDetail);
      update(key, { phase: 'duplicate', message });
      toast.warning(message);
      return 'duplicate';
    }
    const message = uploadFailureMessage(file.name, thrown);
    failedFiles.set(key, { staged, spaceId, options });
    update(key, { phase: 'failed', message });
    toast.error(message);
    return 'failed';
  }
}

/**
 * Uploads every staged file; the staging list is cleared at once (spec 001 §4). Files already in
 * the workspace, and repeats of a file in the batch, are not sent: they get the duplicate
 * message the server's 409 would give.
 */
export async function uploadStaged(options: UploadOptions = {}): Promise<void> {
  const spaceId = getCurrentSpaceId();
  if (!spaceId || knowledgeState.staged.length === 0) return;
  const { send, skipped } = filesToSend(knowledgeState.staged);
  const batch = [...knowledgeState.staged];
  clearStaged();

  knowledgeState.uploads = [
    ...unfinishedUploads(),
    ...batch.map((staged) => ({ key: staged.key, filename: staged.file.name, size: staged.file.size, progress: 0, phase: 'waiting' as const, message: null, documentId: null })),
  ];
  for (const staged of skipped) {
    const detail = staged.duplicateOf !== null ? `${KB_TEXT.duplicateDefaultDetail} as "${staged.duplicateOf}"` : KB_TEXT.sameAsOtherSelected;
    const message = KB_TEXT.duplicateDetected(staged.file.name, detail);
    update(staged.key, { phase: 'duplicate', message });
    toast.warning(message);
  }

  let failed = 0;
  let done = 0;
  const queue = [...send];
  const runNext = async (): Promise<void> => {
    const next = queue.shift();
    if (!next) return;
    const outcome = await uploadOne(next, spaceId, options);
    if (outcome === 'failed') failed += 1;
    if (outcome === 'done') done += 1;
    await runNext();
  };
  await whileUploading(() => Promise.all(Array.from({ length: Math.min(PARALLEL_UPLOADS, queue.length) }, runNext)));
  if (failed > 0) toast.error(KB_TEXT.filesFailed(failed));
  if (done > 0) toast.success(uploadedText(done));
}

const uploadedText = (done: number) => `Uploaded ${formatCount(done, 'file')}. Processing has started.`;

/** Whether Retry can send the file of a failed upload again (it is still in this page's memory). */
export const canRetryUpload = (key: string): boolean => failedFiles.has(key);

/** Sends a failed upload's file again, in its row, to the space it was meant for. */
export async function retryUpload(key: string): Promise<void> {
  const failed = failedFiles.get(key);
  if (!failed || failed.spaceId !== getCurrentSpaceId()) return;
  failedFiles.delete(key);
  update(key, { phase: 'waiting', progress: 0, message: null });
  const outcome = await whileUploading(() => uploadOne(failed.staged, failed.spaceId, failed.options));
  if (outcome === 'done') toast.success(uploadedText(1));
}

const FINISHED: readonly UploadItem['phase'][] = ['done', 'duplicate', 'failed'];

/** The panel's rows still on their way; the files of failed rows left behind are forgotten. */
function unfinishedUploads(): UploadItem[] {
  for (const entry of knowledgeState.uploads) if (entry.phase === 'failed') failedFiles.delete(entry.key);
  return knowledgeState.uploads.filter((entry) => !FINISHED.includes(entry.phase));
}

/** Removes finished rows from the upload panel. */
export function dismissFinishedUploads(): void {
  knowledgeState.uploads = unfinishedUploads();
}
