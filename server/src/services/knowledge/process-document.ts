import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { kbDocuments, kbPassages, type KbDocument } from '../../db/schema/index';
import { KB_MESSAGES } from '../../errors';
import type { Sandbox } from '../../sandbox/sandbox';
import type { ObjectStorage } from '../../storage/object-storage';
import { categoriseByKeywords, type Classification, type LlmCategoriser } from './categorise';
import { chunkText } from './chunk-text';
import { keepLease } from '../leased-runs/lease';
import { claimDocument, lockIfHeld, releaseDocument, renewDocumentLease } from './document-lease';
import type { ExtractionLimits } from '../../config/extraction-limits';
import { LIMIT_MESSAGES } from './extraction-limits';
import { kindOfMime } from './file-types';
import { refreshStatisticsSoon } from './refresh-statistics';
import { extractInSandbox } from './sandboxed-extraction';
import { storePassageEmbeddings, type SemanticIndex, type Warn } from './semantic-index';
import { isValidClassification } from './taxonomy';
import { UnreadableDocumentError } from './unreadable';

export interface ProcessOptions {
  /** No retry follows a failure of this attempt: record the failure on the document. */
  isLastAttempt: boolean;
  /** Where the text is read (a capped process) and the limits it is read under. */
  extraction: { sandbox: Sandbox; limits: ExtractionLimits };
  /** The claim on the document lasts this long and is renewed every third of it. */
  leaseMs: number;
  /** This server is stopping: the work stops and the document is let go for another worker. */
  signal?: AbortSignal;
  llmCategoriser?: LlmCategoriser;
  onLlmError?: (error: unknown) => void;
  /** Set when hybrid search is on (semantic-index.ts): passages are embedded and stored with their vectors. */
  semanticIndex?: SemanticIndex | null;
  /** For operators: why a document ended in error when the reason is more than its message. */
  warn?: Warn;
  /**
   * The document ended ready or in error: wakes the space's status streams (docs/knowledge.md
   * "Status stream"), in every process. Absent where nobody follows them (the benchmark).
   */
  onStatusChange?: (spaceId: string) => Promise<void>;
}

/**
 * Passages are written in short transactions rather than one: on the embedded database one
 * connection serves every request, so a transaction writing a big document's ~12,000 passages
 * (each indexed for full-text search) would keep every other tenant waiting for tens of seconds.
 * Each batch is sized to take about BATCH_TARGET_MS, from how long the previous one took.
 */
const BATCH_TARGET_MS = 25;
const FIRST_BATCH = 20;
const MIN_BATCH = 10;
/** Well under PostgreSQL's 65,535 parameters per statement. */
const MAX_BATCH = 1_000;

function nextBatchSize(size: number, elapsedMs: number): number {
  const scaled = Math.round((size * BATCH_TARGET_MS) / Math.max(elapsedMs, 1));
  // At most doubling per step, so one fast batch (a warm cache) does not overshoot.
  return Math.max(MIN_BATCH, Math.min(MAX_BATCH, size * 2, scaled));
}

/** The model's answer when it gives a valid pair; the keyword classifier otherwise (offline, or a bad answer). */
async function classify(document: KbDocument, text: string, options: ProcessOptions): Promise<Classification> {
  if (options.llmCategoriser) {
    try {
      const answer = await options.llmCategoriser({ filename: document.filename, text: text.slice(0, 8_000) });
      if (answer && isValidClassification(answer.category, answer.subcategory)) return answer;
    } catch (error) {
      // A model outage must not stop ingestion: the keyword classifier still answers.
      options.onLlmError?.(error);
    }
  }
  return categoriseByKeywords(document.filename, text);
}

/**
 * The passages' vectors, or null when embeddings are off or the provider fails: a document is
 * never held back (or failed) by embeddings — full-text search finds it all the same.
 */
async function embedPassages(document: KbDocument, passages: string[], semantic: SemanticIndex | null | undefined): Promise<number[][] | null> {
  if (!semantic || passages.length === 0) return null;
  try {
    return await semantic.embedder.embed(passages);
  } catch (error) {
    semantic.warn(`embedding the passages of "${document.filename}" failed; it is searchable by full text only`, error);
    return null;
  }
}

async function markError(db: Db, document: KbDocument, message: string, options: ProcessOptions): Promise<void> {
  const ended = await db
    .update(kbDocuments)
    .set({ status: 'error', errorMessage: message, leaseUntil: null, updatedAt: new Date() })
    .where(and(eq(kbDocuments.id, document.id), eq(kbDocuments.status, 'processing')))
    .returning({ id: kbDocuments.id });
  if (ended.length > 0) await options.onStatusChange?.(document.spaceId);
}

/**
 * The processing job: claim the document, read the object, extract its text in the sandbox, cut
 * passages, categorise, write the passages in short transactions and mark the document ready.
 * Idempotent: a rerun after a crash replaces the passages; a deleted, finished or
 * held document is left alone.
 *
 * Files that cannot be read, or go past a limit, end in status error at once with a message for
 * the uploader (never retried). Anything else (storage or database hiccups) is thrown so the queue
 * retries; the last attempt records a final error so the document never stays in processing.
 */
export async function processDocument(db: Db, storage: ObjectStorage, documentId: string, options: ProcessOptions): Promise<void> {
  const claim = await claimDocument(db, documentId, options.leaseMs);
  if (claim.kind === 'exhausted') {
    options.warn?.(`document ${documentId} was interrupted twice while processing; it is now in error`);
    await options.onStatusChange?.(claim.spaceId);
  }
  if (claim.kind !== 'claimed') return;
  const { document, attempt } = claim;

  // The leased runs' heartbeat: a renewal that finds the document gone, finished or taken over stops the work.
  const lease = keepLease(() => renewDocumentLease(db, documentId, attempt, options.leaseMs), options.leaseMs, options.signal, (error) =>
    options.warn?.(`could not renew the processing lease of document ${documentId}`, error),
  );

  try {
    await readAndIndex(db, storage, document, options, lease.signal, attempt);
  } catch (error) {
    if (error instanceof UnreadableDocumentError) {
      if (error.cause) options.warn?.(`document ${documentId} ("${document.filename}") could not be read`, error.cause);
      await markError(db, document, error.message, options);
      return;
    }
    // Stopping: let go now so the recovery sweep (here after a restart, or another process) takes it.
    if (options.signal?.aborted) return releaseDocument(db, documentId, attempt, 'now');
    // Not stopping, so the lease was lost: the holder now answers for the document.
    if (lease.signal.aborted) return;
    if (options.isLastAttempt) await markError(db, document, KB_MESSAGES.processingFailed, options);
    else await releaseDocument(db, documentId, attempt, 'retry');
    throw error;
  } finally {
    lease.release();
  }
}

/** Removes a document's passages, a batch per statement. */
async function deletePassages(db: Db, documentId: string): Promise<void> {
  for (;;) {
    const batch = db.select({ id: kbPassages.id }).from(kbPassages).where(eq(kbPassages.documentId, documentId)).limit(MAX_BATCH);
    const deleted = await db.delete(kbPassages).where(inArray(kbPassages.id, batch)).returning({ id: kbPassages.id });
    if (deleted.length === 0) return;
  }
}

/**
 * Writes the passages (and their vectors) in short transactions, each checking first that the
 * document is still this attempt's: a takeover by another process (it claims the row, then deletes
 * what is there) can never interleave with a batch of this one. Searches and agents see passages
 * of ready documents only, so a half-written document is invisible until it is marked ready.
 * False when the document stopped being this attempt's.
 */
async function writePassages(
  db: Db,
  document: KbDocument,
  attempt: number,
  passages: string[],
  vectors: number[][] | null,
  semanticIndex: SemanticIndex | null | undefined,
  signal: AbortSignal,
): Promise<boolean> {
  let size = FIRST_BATCH;
  for (let start = 0; start < passages.length; ) {
    // Stopping, or the lease was lost: the next holder writes it all again anyway.
    signal.throwIfAborted();
    const began = performance.now();
    const end = Math.min(passages.length, start + size);
    const held = await db.transaction(async (tx) => {
      if (!(await lockIfHeld(tx, document.id, attempt))) return false;
      const inserted = await tx
        .insert(kbPassages)
        .values(passages.slice(start, end).map((content, index) => ({ documentId: document.id, spaceId: document.spaceId, ordinal: start + index, content })))
        .returning({ id: kbPassages.id, ordinal: kbPassages.ordinal });
      if (vectors && semanticIndex) {
        const rows = inserted.map((row) => ({ passageId: row.id, spaceId: document.spaceId, vector: vectors[row.ordinal]! }));
        await storePassageEmbeddings(tx, semanticIndex.embedder.modelKey, rows);
      }
      return true;
    });
    if (!held) return false;
    start = end;
    const elapsedMs = performance.now() - began;
    size = nextBatchSize(size, elapsedMs);
    // Background work takes at most half of the database (and, on PGlite, of its thread's core):
    // as long a pause as the batch took, so people's requests never queue behind batch after batch.
    await sleep(elapsedMs);
  }
  return true;
}

async function readAndIndex(db: Db, storage: ObjectStorage, document: KbDocument, options: ProcessOptions, signal: AbortSignal, attempt: number): Promise<void> {
  const documentId = document.id;
  const { sandbox, limits } = options.extraction;
  // The size was checked at commit; checking again here spares reading a file that cannot be processed.
  if (document.sizeBytes > limits.maxInputBytes) throw new UnreadableDocumentError(LIMIT_MESSAGES.inputTooLarge(limits.maxInputBytes));
  const bytes = await storage.read(document.objectPath);
  signal.throwIfAborted();
  const text = await extractInSandbox(sandbox, kindOfMime(document.mimeType), bytes, limits, signal);
  const passages = chunkText(text);
  const classification = document.category ? null : await classify(document, text, options);
  // Before the transaction: a slow provider must not hold the row lock.
  const vectors = await embedPassages(document, passages, options.semanticIndex);
  signal.throwIfAborted();

  // A rerun (after a crash or a takeover) starts over: the earlier attempt's passages go first.
  await deletePassages(db, documentId);
  const written = await writePassages(db, document, attempt, passages, vectors, options.semanticIndex, signal);
  if (!written) return;
  const finished = await db.transaction(async (tx) => {
    // Locks the row; a delete or a takeover that won the race leaves nothing to update.
    if (!(await lockIfHeld(tx, documentId, attempt))) return false;
    await tx
      .update(kbDocuments)
      .set({
        status: 'ready',
        errorMessage: null,
        leaseUntil: null,
        passageCount: passages.length,
        ragFileId: `kb:${documentId}`,
        updatedAt: new Date(),
        ...(classification
          ? {
              category: classification.category,
              subcategory: classification.subcategory,
              autoCategorized: true,
              confidenceScore: classification.confidence,
            }
          : {}),
      })
      .where(eq(kbDocuments.id, documentId));
    return true;
  });
  refreshStatisticsSoon(db);
  // After the commit, so a stream woken by it (here or in another process) reads the document ready.
  if (finished) await options.onStatusChange?.(document.spaceId);
}
