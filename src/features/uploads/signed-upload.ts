/**
 * The signed upload of one file, as the knowledge base and Creative Assets both do it (spec 001 §4
 * "Upload flow"; docs/knowledge.md "Storage"): ask the server for a URL → PUT the bytes straight
 * to it with progress → commit. Each area says how to sign and how to commit; this module runs
 * the steps and says where a failure happened, so a retry can resume: after a failed commit the
 * bytes are already stored and only the commit is repeated; after a failed PUT a new URL is
 * signed (URLs work once) and the bytes are sent again.
 */
import { http } from '../../api';

export type UploadStep = 'signing' | 'uploading' | 'committing';

export interface SignedTarget {
  url: string;
  headers: Record<string, string>;
  object_path: string;
  /** The type the URL is bound to (the server resolves generic types by extension). */
  content_type?: string;
}

/** Where the bytes went when the PUT completed: enough to commit them again. */
export interface StoredUpload {
  objectPath: string;
  contentType: string;
}

export interface SignedUploadSteps<Committed> {
  sign(): Promise<SignedTarget>;
  commit(stored: StoredUpload): Promise<Committed>;
}

export interface SignedUploadHooks {
  onStep?(step: UploadStep): void;
  /** 0–100 while the bytes go up. */
  onProgress?(percent: number): void;
  /**
   * Cancels the upload: no PUT starts after it, a PUT under way is aborted, and no commit is sent
   * (the upload rejects with the cancellation). A commit already sent is not taken back here: the
   * caller sees the signal aborted when it resolves, and deletes what it committed.
   */
  signal?: AbortSignal;
}

/** A step failed; `stored` is set once the bytes are on the server (a retry commits only). */
export class SignedUploadError extends Error {
  override name = 'SignedUploadError';
  constructor(
    readonly step: UploadStep,
    readonly stored: StoredUpload | null,
    options: { cause: unknown },
  ) {
    super(`Upload failed while ${step}`, options);
  }
}

function throwIfCancelled(step: UploadStep, stored: StoredUpload | null, signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new SignedUploadError(step, stored, { cause: signal.reason });
}

/**
 * Runs the steps for one file. `resume` (from a SignedUploadError's `stored`) skips to the commit.
 * Rejects with SignedUploadError whose `cause` is the failure (an ApiError for HTTP answers).
 */
export async function sendSignedUpload<Committed>(
  file: Blob,
  steps: SignedUploadSteps<Committed>,
  hooks: SignedUploadHooks = {},
  resume: StoredUpload | null = null,
): Promise<Committed> {
  let stored = resume;
  if (!stored) {
    hooks.onStep?.('signing');
    let signed: SignedTarget;
    try {
      signed = await steps.sign();
    } catch (error) {
      throw new SignedUploadError('signing', null, { cause: error });
    }
    throwIfCancelled('signing', null, hooks.signal);
    hooks.onStep?.('uploading');
    // The URL is bound to the type the server resolved (e.g. text/markdown for a type-less .md):
    // a typed view of the same file carries it, without copying the bytes.
    const contentType = signed.headers['Content-Type'] ?? signed.content_type ?? file.type;
    const body = file.type === contentType ? file : file.slice(0, file.size, contentType);
    try {
      await http.putToSignedUrl(signed.url, body, (percent) => hooks.onProgress?.(percent), signed.headers, hooks.signal);
    } catch (error) {
      throw new SignedUploadError('uploading', null, { cause: error });
    }
    stored = { objectPath: signed.object_path, contentType };
  }
  throwIfCancelled('committing', stored, hooks.signal);
  hooks.onStep?.('committing');
  hooks.onProgress?.(100);
  try {
    return await steps.commit(stored);
  } catch (error) {
    throw new SignedUploadError('committing', stored, { cause: error });
  }
}
