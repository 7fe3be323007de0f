import { and, desc, eq, inArray, ne } from 'drizzle-orm';
import type { DbExecutor } from '../../db/database';
import { kbDocuments, type KbDocument } from '../../db/schema/index';
import { deleteDocumentBlockedReason, type DocumentActor } from '../../../../src/contract/knowledge';
import { KB_MESSAGES, forbidden, notFound } from '../../errors';
import type { ObjectStorage } from '../../storage/object-storage';

/** A document as the API sends it (spec 001 §3 "Knowledge document", plus passage_count and updated_at). */
export interface DocumentView {
  id: string;
  filename: string;
  mime_type: string;
  size_bytes: number;
  status: KbDocument['status'];
  created_at: string;
  updated_at: string;
  error_message: string | null;
  rag_file_id: string | null;
  hash: string;
  category: string | null;
  subcategory: string | null;
  auto_categorized: boolean;
  confidence_score: number | null;
  passage_count: number;
  /** Who uploaded it (null once their account is gone): the screen offers delete by this. */
  uploaded_by: string | null;
}

export function toDocumentView(row: KbDocument): DocumentView {
  return {
    id: row.id,
    filename: row.filename,
    mime_type: row.mimeType,
    size_bytes: row.sizeBytes,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    error_message: row.errorMessage,
    rag_file_id: row.ragFileId,
    hash: row.hash,
    category: row.category,
    subcategory: row.subcategory,
    auto_categorized: row.autoCategorized,
    confidence_score: row.confidenceScore,
    passage_count: row.passageCount,
    uploaded_by: row.uploadedBy,
  };
}

/** The space's documents, newest first, optionally of one category. */
export async function listDocuments(db: DbExecutor, spaceId: string, category?: string): Promise<DocumentView[]> {
  const rows = await db
    .select()
    .from(kbDocuments)
    .where(and(eq(kbDocuments.spaceId, spaceId), category ? eq(kbDocuments.category, category) : undefined))
    .orderBy(desc(kbDocuments.createdAt), desc(kbDocuments.id));
  return rows.map(toDocumentView);
}

/** One document of the space; 404 for unknown ids and other spaces' documents alike. */
export async function getDocument(db: DbExecutor, spaceId: string, id: string): Promise<KbDocument> {
  const [row] = await db
    .select()
    .from(kbDocuments)
    .where(and(eq(kbDocuments.id, id), eq(kbDocuments.spaceId, spaceId)));
  if (!row) throw notFound(KB_MESSAGES.documentNotFound);
  return row;
}

/**
 * Which of the given hashes have no live document (status other than error) in the space
 * (spec 001 §5), and which document holds each of the others.
 */
export async function checkHashes(
  db: DbExecutor,
  spaceId: string,
  hashes: readonly string[],
): Promise<{ non_existing_hashes: string[]; existing: { hash: string; document_id: string; filename: string }[] }> {
  const wanted = [...new Set(hashes.map((hash) => hash.toLowerCase()))];
  const rows = wanted.length
    ? await db
        .select({ hash: kbDocuments.hash, id: kbDocuments.id, filename: kbDocuments.filename })
        .from(kbDocuments)
        .where(and(eq(kbDocuments.spaceId, spaceId), inArray(kbDocuments.hash, wanted), ne(kbDocuments.status, 'error')))
    : [];
  const found = new Map(rows.map((row) => [row.hash, row]));
  return {
    non_existing_hashes: wanted.filter((hash) => !found.has(hash)),
    existing: [...found.values()].map((row) => ({ hash: row.hash, document_id: row.id, filename: row.filename })),
  };
}

/**
 * Removes the document, its passages (cascade) and its stored object, when `actor` may: members
 * delete what they uploaded, owners and admins anything (src/features/knowledge/knowledge.rules.ts).
 */
export async function deleteDocument(db: DbExecutor, storage: ObjectStorage, spaceId: string, id: string, actor: DocumentActor): Promise<void> {
  const document = await getDocument(db, spaceId, id);
  const blocked = deleteDocumentBlockedReason(actor, document.uploadedBy);
  if (blocked) throw forbidden(blocked);
  const [row] = await db
    .delete(kbDocuments)
    .where(and(eq(kbDocuments.id, id), eq(kbDocuments.spaceId, spaceId)))
    .returning({ objectPath: kbDocuments.objectPath });
  // Deleted meanwhile by someone else: the same outcome as deleting it now.
  if (!row) throw notFound(KB_MESSAGES.documentNotFound);
  // After the row: a failure here leaves an orphaned file, never a document without its file.
  await storage.delete(row.objectPath);
}

