import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { kbDocuments, kbPassages, type KbDocument } from '../../db/schema/index';
import { KB_MESSAGES } from '../../errors';
import type { Sandbox } from '../../sandbox/sandbox';
import type { ObjectStorage } from '../../storage/object-storage';
import { categoriseByKeywords, type Classification, type LlmCategoriser } from './categorise';
import { chunkText } from './chunk-text';
import { claimDocument, releaseDocument, renewDocumentLease } from './document-lease';
import { LIMIT_MESSAGES, type ExtractionLimits } from './extraction-limits';
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
}

/** Rows per INSERT: well under PostgreSQL's 65,535 parameters, few round trips. */
const PASSAGE_BATCH = 500;

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

async function markError(db: Db, id: string, message: string): Promise<void> {
  await db
    .update(kbDocuments)
    .set({ status: 'error', errorMessage: message, leaseUntil: null, updatedAt: new Date() })
    .where(and(eq(kbDocuments.id, id), eq(kbDocuments.status, 'processing')));
}

/**
 * The processing job: claim the document, read the object, extract its text in the sandbox, cut
 * passages, categorise, and make the passages searchable and the document ready in one
 * transaction. Idempotent: a rerun after a crash replaces the passages; a deleted, finished or
 * held document is left alone.
 *
 * Files that cannot be read, or go past a limit, end in status error at once with a message for
 * the uploader (never retried). Anything else (storage or database hiccups) is thrown so the queue
 * retries; the last attempt records a final error so the document never stays in processing.
 */
export async function processDocument(db: Db, storage: ObjectStorage, documentId: string, options: ProcessOptions): Promise<void> {
  const claim = await claimDocument(db, documentId, options.leaseMs);
  if (claim.kind === 'exhausted') options.warn?.(`document ${documentId} was interrupted twice while processing; it is now in error`);
  if (claim.kind !== 'claimed') return;
  const { document, attempt } = claim;

  // A renewal that finds the document gone, finished or taken over stops the work.
  const lost = new AbortController();
  const signal = options.signal ? AbortSignal.any([options.signal, lost.signal]) : lost.signal;
  const heartbeat = setInterval(() => {
    renewDocumentLease(db, documentId, attempt, options.leaseMs)
      .then((held) => {
        if (!held) lost.abort('lost');
      })
      .catch((error: unknown) => options.warn?.(`could not renew the processing lease of document ${documentId}`, error));
  }, options.leaseMs / 3);
  heartbeat.unref();

  try {
    await readAndIndex(db, storage, document, options, signal);
  } catch (error) {
    if (error instanceof UnreadableDocumentError) {
      if (error.cause) options.warn?.(`document ${documentId} ("${document.filename}") could not be read`, error.cause);
      await markError(db, documentId, error.message);
      return;
    }
    // Stopping: let go now so the recovery sweep (here after a restart, or another process) takes it.
    if (options.signal?.aborted) return releaseDocument(db, documentId, attempt, 'now');
    if (lost.signal.aborted) return;
    if (options.isLastAttempt) await markError(db, documentId, KB_MESSAGES.processingFailed);
    else await releaseDocument(db, documentId, attempt, 'retry');
    throw error;
  } finally {
    clearInterval(heartbeat);
  }
}

async function readAndIndex(db: Db, storage: ObjectStorage, document: KbDocument, options: ProcessOptions, signal: AbortSignal): Promise<void> {
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

  await db.transaction(async (tx) => {
    // Locks the row; a delete that won the race leaves nothing to update.
    const [current] = await tx
      .select({ id: kbDocuments.id })
      .from(kbDocuments)
      .where(and(eq(kbDocuments.id, documentId), eq(kbDocuments.status, 'processing')))
      .for('update');
    if (!current) return;
    await tx.delete(kbPassages).where(eq(kbPassages.documentId, documentId));
    for (let start = 0; start < passages.length; start += PASSAGE_BATCH) {
      const inserted = await tx
        .insert(kbPassages)
        .values(
          passages.slice(start, start + PASSAGE_BATCH).map((content, index) => ({
            documentId,
            spaceId: document.spaceId,
            ordinal: start + index,
            content,
          })),
        )
        .returning({ id: kbPassages.id, ordinal: kbPassages.ordinal });
      if (vectors && options.semanticIndex) {
        await storePassageEmbeddings(
          tx,
          options.semanticIndex.embedder.modelKey,
          inserted.map((row) => ({ passageId: row.id, spaceId: document.spaceId, vector: vectors[row.ordinal]! })),
        );
      }
    }
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
  });
  refreshStatisticsSoon(db);
}
