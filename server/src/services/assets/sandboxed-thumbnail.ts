/**
 * Thumbnails in the sandbox (server/src/sandbox): decoding an image or drawing a PDF page happens
 * in a capped child process, never in the server's own. The pixel limit is checked by the task,
 * memory and time by the sandbox around it; whatever goes wrong with the file becomes an
 * UnreadableAssetError naming the limit. Only a sandbox that cannot start (or a stop asked for by
 * the caller) is thrown as is, so the job is retried.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SandboxCrashError, SandboxLimitError, SandboxTaskError, createSandbox, type Sandbox } from '../../sandbox/sandbox';
import type { ThumbnailLimits } from '../../config/assets-env';
import { THUMBNAIL_MESSAGES, UnreadableAssetError } from './thumbnail-messages';
import type { ThumbnailTaskInput, ThumbnailTaskOutput } from './thumbnail-task';

const THIS_FILE = fileURLToPath(import.meta.url);
const THUMBNAIL_TASK = new URL(`./thumbnail-task${path.extname(THIS_FILE)}`, import.meta.url);

/**
 * Loaded natively when a sandbox process starts (not through tsx, not counted against a task's
 * time): sharp and its libvips, the canvas pdf.js draws on, pdf.js and its worker code, and the
 * document readers the knowledge base uses.
 */
const PRELOAD = ['sharp', '@napi-rs/canvas', 'pdfjs-dist/legacy/build/pdf.mjs', 'pdfjs-dist/legacy/build/pdf.worker.mjs', 'mammoth', 'html-to-text', 'yauzl'];

export function createThumbnailSandbox(limits: ThumbnailLimits, concurrency: number): Sandbox {
  // A minute idle before a process stops: a batch of uploads pays its start-up once.
  return createSandbox({ concurrency, maxMemoryMb: limits.maxMemoryMb, timeoutMs: limits.timeoutSeconds * 1000, preload: PRELOAD, idleMs: 60_000 });
}

export async function thumbnailInSandbox(
  sandbox: Sandbox,
  input: Omit<ThumbnailTaskInput, 'limits'>,
  limits: ThumbnailLimits,
  signal?: AbortSignal,
): Promise<ThumbnailTaskOutput> {
  try {
    return await sandbox.run<ThumbnailTaskOutput>(THUMBNAIL_TASK, { ...input, limits: { maxInputBytes: limits.maxInputBytes, maxPixels: limits.maxPixels } }, { signal });
  } catch (error) {
    if (error instanceof SandboxTaskError) {
      if (error.taskErrorName === UnreadableAssetError.name) throw new UnreadableAssetError(error.message);
      // A decoder bug on this input: the same bytes would fail the same way again.
      throw new UnreadableAssetError(THUMBNAIL_MESSAGES.unexpected, { cause: error });
    }
    if (error instanceof SandboxLimitError) {
      const message = error.limit === 'memory' ? THUMBNAIL_MESSAGES.memory(limits.maxMemoryMb) : THUMBNAIL_MESSAGES.time(limits.timeoutSeconds);
      throw new UnreadableAssetError(message, { cause: error });
    }
    if (error instanceof SandboxCrashError) throw new UnreadableAssetError(THUMBNAIL_MESSAGES.crashed, { cause: error });
    throw error;
  }
}
