/**
 * Document text extraction in the sandbox (server/src/sandbox): the content limits are checked
 * by the task while it reads, the memory and time limits by the sandbox around it. Whatever
 * goes wrong with the file becomes an UnreadableDocumentError whose message names the limit;
 * only a sandbox that cannot start (or a stop asked for by the caller) is thrown as is.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  SandboxCrashError,
  SandboxLimitError,
  SandboxTaskError,
  createSandbox,
  type Sandbox,
} from '../../sandbox/sandbox';
import type { ExtractTaskInput } from './extract-task';
import type { ExtractionLimits } from '../../config/extraction-limits';
import { LIMIT_MESSAGES } from './extraction-limits';
import type { DocumentKind } from './file-types';
import { UnreadableDocumentError } from './unreadable';

/** The task module next to this file, with this file's extension (.ts from source). */
const THIS_FILE = fileURLToPath(import.meta.url);
const EXTRACT_TASK = new URL(`./extract-task${path.extname(THIS_FILE)}`, import.meta.url);

/**
 * The parsers load natively when a sandbox process starts: pdf.js (and the worker code it runs
 * in-process on Node) would otherwise go through tsx, and the CommonJS libraries' many files
 * through its loader hooks — the first task took 0.5–1.5 s instead of 50–80 ms.
 */
const PRELOAD = ['pdfjs-dist/legacy/build/pdf.mjs', 'pdfjs-dist/legacy/build/pdf.worker.mjs', 'mammoth', 'html-to-text', 'yauzl'];

export function createExtractionSandbox(limits: ExtractionLimits, concurrency: number): Sandbox {
  // A minute idle before a process stops: a burst of uploads pays its start-up (1–2 s) once.
  return createSandbox({ concurrency, maxMemoryMb: limits.maxMemoryMb, timeoutMs: limits.timeoutSeconds * 1000, preload: PRELOAD, idleMs: 60_000 });
}

export async function extractInSandbox(
  sandbox: Sandbox,
  kind: DocumentKind | undefined,
  bytes: Buffer,
  limits: ExtractionLimits,
  signal?: AbortSignal,
): Promise<string> {
  const input: ExtractTaskInput = {
    kind,
    bytes,
    limits: {
      maxInputBytes: limits.maxInputBytes,
      maxUnpackedBytes: limits.maxUnpackedBytes,
      maxArchiveEntries: limits.maxArchiveEntries,
      maxPdfPages: limits.maxPdfPages,
      maxTextChars: limits.maxTextChars,
    },
  };
  try {
    return await sandbox.run<string>(EXTRACT_TASK, input, { signal });
  } catch (error) {
    if (error instanceof SandboxTaskError) {
      if (error.taskErrorName === UnreadableDocumentError.name) throw new UnreadableDocumentError(error.message);
      // A parser bug on this input: the same bytes would fail the same way again.
      throw new UnreadableDocumentError(LIMIT_MESSAGES.unexpected, { cause: error });
    }
    if (error instanceof SandboxLimitError) {
      const message = error.limit === 'memory' ? LIMIT_MESSAGES.memory(limits.maxMemoryMb) : LIMIT_MESSAGES.time(limits.timeoutSeconds);
      throw new UnreadableDocumentError(message, { cause: error });
    }
    if (error instanceof SandboxCrashError) throw new UnreadableDocumentError(LIMIT_MESSAGES.crashed, { cause: error });
    throw error;
  }
}
