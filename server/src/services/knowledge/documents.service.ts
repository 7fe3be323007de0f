import { and, count, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/database';
import { decodeCursor, pageOf } from '../../db/keyset-cursor';
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

export interface DocumentPageQuery {
  category?: string | undefined;
  limit: number;
  cursor?: string | undefined;
}

export interface DocumentPage {
  documents: DocumentView[];
  /** All the space's documents (of the category): what the pages add up to. */
  total: number;
  next_cursor: string | null;
}

/** The creation time to the microsecond as text, identical on PGlite and PostgreSQL: a cursor must not lose precision. */
const createdText = sql<string>`to_char(${kbDocuments.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

function readDocumentsCursor(cursor: string): { created: string; id: string } {
  const [created, id] = decodeCursor(cursor, ['time', 'uuid'] as const);
  return { created, id };
}

/**
 * The space's documents, newest first (then by id), optionally of one category, a page at a time:
 * the next page starts strictly after the last listed document's (created_at, id), read backwards
 * along kb_documents_space_created.
 */
export async function listDocuments(db: DbExecutor, spaceId: string, query: DocumentPageQuery): Promise<DocumentPage> {
  const after = query.cursor === undefined ? undefined : readDocumentsCursor(query.cursor);
  const ofList = and(eq(kbDocuments.spaceId, spaceId), query.category ? eq(kbDocuments.category, query.category) : undefined);
  const [rows, [counted]] = await Promise.all([
    db
      .select({ document: kbDocuments, created: createdText })
      .from(kbDocuments)
      .where(and(ofList, after ? sql`(${kbDocuments.createdAt}, ${kbDocuments.id}) < (${after.created}::timestamptz, ${after.id}::uuid)` : undefined))
      .orderBy(desc(kbDocuments.createdAt), desc(kbDocuments.id))
      .limit(query.limit + 1),
    db.select({ total: count() }).from(kbDocuments).where(ofList),
  ]);
  const page = pageOf(rows, query.limit, (row) => [row.created, row.document.id]);
  return {
    documents: page.rows.map((row) => toDocumentView(row.document)),
    total: counted?.total ?? 0,
    next_cursor: page.next_cursor,
  };
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

