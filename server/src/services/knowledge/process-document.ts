import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { kbDocuments, kbPassages, type KbDocument } from '../../db/schema/index';
import { KB_MESSAGES } from '../../errors';
import type { ObjectStorage } from '../../storage/object-storage';
import { categoriseByKeywords, type Classification, type LlmCategoriser } from './categorise';
import { chunkText } from './chunk-text';
import { UnreadableDocumentError, extractText } from './extract-text';
import { kindOfMime } from './file-types';
import { refreshStatisticsSoon } from './refresh-statistics';
import { storePassageEmbeddings, type SemanticIndex } from './semantic-index';
import { isValidClassification } from './taxonomy';

export interface ProcessOptions {
  /** No retry follows a failure of this attempt: record the failure on the document. */
  isLastAttempt: boolean;
  llmCategoriser?: LlmCategoriser;
  onLlmError?: (error: unknown) => void;
  /** Set when hybrid search is on (semantic-index.ts): passages are embedded and stored with their vectors. */
  semanticIndex?: SemanticIndex | null;
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
    .set({ status: 'error', errorMessage: message, updatedAt: new Date() })
    .where(and(eq(kbDocuments.id, id), eq(kbDocuments.status, 'processing')));
}

/**
 * The processing job: read the object, extract its text, cut passages, categorise, and make the
 * passages searchable and the document ready in one transaction. Idempotent: a rerun after a
 * crash replaces the passages; a deleted or already finished document is left alone.
 *
 * Files that cannot be read end in status error with a message for the uploader. Anything else
 * (storage or database hiccups) is thrown so the queue retries; the last attempt records a
 * final error so the document never stays in processing.
 */
export async function processDocument(db: Db, storage: ObjectStorage, documentId: string, options: ProcessOptions): Promise<void> {
  const [document] = await db.select().from(kbDocuments).where(eq(kbDocuments.id, documentId));
  if (!document || document.status !== 'processing') return;
  try {
    const bytes = await storage.read(document.objectPath);
    const text = await extractText(kindOfMime(document.mimeType), bytes);
    const passages = chunkText(text);
    const classification = document.category ? null : await classify(document, text, options);
    // Before the transaction: a slow provider must not hold the row lock.
    const vectors = await embedPassages(document, passages, options.semanticIndex);

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
  } catch (error) {
    if (error instanceof UnreadableDocumentError) {
      await markError(db, documentId, error.message);
      return;
    }
    if (options.isLastAttempt) await markError(db, documentId, KB_MESSAGES.processingFailed);
    throw error;
  }
}
