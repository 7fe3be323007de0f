/**
 * Upload (spec 001 §4): for each staged file, sign → PUT to the signed URL with progress →
 * commit → per-document status polling. Every outcome uses the §8 texts.
 */
import { toast } from 'sonner';
import { ApiError, http } from '../../api';
import { getCurrentSpaceId } from '../../session';
import { knowledgeApi } from './knowledge.api';
import { knowledgeErrorMessage } from './knowledge-errors';
import { KB_TEXT } from './knowledge.messages';
import { saveDocument } from './knowledge.queries';
import { knowledgeState, type UploadItem } from './knowledge.state';
import { clearStaged, stagedHash, statusPoller } from './knowledge.store';
import { filesToSend, type StagedFile } from './staging';

/** Three files at a time: enough to fill the pipe, and leaves browser connections for polling. */
const PARALLEL_UPLOADS = 3;

export interface UploadOptions {
  /** A category chosen for the whole batch; null lets the server categorise automatically. */
  category?: string | null;
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

class UploadFailure extends Error {}

async function uploadOne(staged: StagedFile, spaceId: string, options: UploadOptions): Promise<'done' | 'failed' | 'duplicate'> {
  const { key, file } = staged;
  try {
    const hash = staged.hash ?? (await stagedHash(staged));
    update(key, { phase: 'signing' });
    let signed;
    try {
      signed = await knowledgeApi.signUpload(file.name, file.type, file.size);
    } catch (error) {
      throw new UploadFailure(signFailureReason(error));
    }
    update(key, { phase: 'uploading' });
    // The URL is bound to the type the server resolved (e.g. text/markdown for a type-less .md):
    // a typed view of the same file carries it, without copying the bytes.
    const contentType = signed.headers['Content-Type'] ?? signed.content_type ?? file.type;
    const body = file.type === contentType ? file : file.slice(0, file.size, contentType);
    await http.putToSignedUrl(signed.url, body, (percent) => update(key, { progress: percent }), signed.headers);
    update(key, { phase: 'committing', progress: 100 });
    const committed = await knowledgeApi.commitUpload({
      object_path: signed.object_path,
      filename: file.name,
      size: file.size,
      mime: contentType,
      hash,
      auto_categorized: !options.category,
      category: options.category ?? null,
      subcategory: null,
    });
    if (committed.document && getCurrentSpaceId() === spaceId) await saveDocument(spaceId, committed.document);
    statusPoller.watch(committed.id);
    update(key, { phase: 'done', documentId: committed.id });
    return 'done';
  } catch (error) {
    if (error instanceof ApiError && error.status === 409) {
      const message = KB_TEXT.duplicateDetected(file.name, error.serverDetail ?? KB_TEXT.duplicateDefaultDetail);
      update(key, { phase: 'duplicate', message });
      toast.warning(message);
      return 'duplicate';
    }
    const reason = error instanceof UploadFailure ? error.message : knowledgeErrorMessage(error);
    const message = KB_TEXT.uploadFailed(file.name, reason);
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
    ...knowledgeState.uploads.filter((entry) => entry.phase !== 'done' && entry.phase !== 'duplicate' && entry.phase !== 'failed'),
    ...batch.map((staged) => ({ key: staged.key, filename: staged.file.name, size: staged.file.size, progress: 0, phase: 'waiting' as const, message: null, documentId: null })),
  ];
  for (const staged of skipped) {
    const detail = staged.duplicateOf !== null ? `${KB_TEXT.duplicateDefaultDetail} as "${staged.duplicateOf}"` : KB_TEXT.sameAsOtherSelected;
    const message = KB_TEXT.duplicateDetected(staged.file.name, detail);
    update(staged.key, { phase: 'duplicate', message });
    toast.warning(message);
  }

  knowledgeState.uploading = true;
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
  try {
    await Promise.all(Array.from({ length: Math.min(PARALLEL_UPLOADS, queue.length) }, runNext));
  } finally {
    knowledgeState.uploading = false;
  }
  if (failed > 0) toast.error(KB_TEXT.filesFailed(failed));
  if (done > 0) toast.success(done === 1 ? 'Uploaded 1 file. Processing has started.' : `Uploaded ${done} files. Processing has started.`);
}

/** Removes finished rows from the upload panel. */
export function dismissFinishedUploads(): void {
  knowledgeState.uploads = knowledgeState.uploads.filter((entry) => !['done', 'duplicate', 'failed'].includes(entry.phase));
}
