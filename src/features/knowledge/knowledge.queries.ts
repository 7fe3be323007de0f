/** Server → Dexie → UI for knowledge documents: writes after fetches, live reads for screens. */
import { useLiveQuery } from 'dexie-react-hooks';
import { db, guardStorageWrite, saveSnapshot, type DocumentRow } from '../../db';
import type { KnowledgeDocument } from '../../contract/knowledge';

export const DOCUMENTS_SYNC_NAME = 'documents';

export function toDocumentRow(spaceId: string, document: KnowledgeDocument): DocumentRow {
  return {
    id: document.id,
    spaceId,
    filename: document.filename,
    mimeType: document.mime_type,
    sizeBytes: document.size_bytes,
    status: document.status,
    createdAt: document.created_at,
    category: document.category,
    subcategory: document.subcategory,
    errorMessage: document.error_message,
    hash: document.hash,
    autoCategorized: document.auto_categorized,
    confidenceScore: document.confidence_score,
    ragFileId: document.rag_file_id,
    uploadedBy: document.uploaded_by ?? null,
  };
}

/**
 * Saves a fetched list. Unfiltered, it replaces the space's documents; filtered by category, it
 * replaces only that category's (documents of other categories were not in the answer).
 */
export async function saveDocumentList(spaceId: string, documents: readonly KnowledgeDocument[], category?: string): Promise<void> {
  const rows = documents.map((document) => toDocumentRow(spaceId, document));
  await guardStorageWrite(() =>
    category
      ? saveSnapshot('documents', { spaceId }, rows, { keep: (row) => row.category !== category })
      : saveSnapshot('documents', { spaceId }, rows, { syncName: DOCUMENTS_SYNC_NAME }),
  );
}

export async function saveDocument(spaceId: string, document: KnowledgeDocument): Promise<void> {
  await guardStorageWrite(() => db.documents.put(toDocumentRow(spaceId, document)));
}

/**
 * A pushed status (status-stream.ts) for a document this device holds in the space. Others are left
 * out: what the list holds is the list's load's to decide, and a just-committed document is saved
 * from its commit's answer.
 */
export async function updateKnownDocument(spaceId: string, document: KnowledgeDocument): Promise<void> {
  await guardStorageWrite(() =>
    db.transaction('rw', db.documents, async () => {
      const row = await db.documents.get(document.id);
      if (row?.spaceId === spaceId) await db.documents.put(toDocumentRow(spaceId, document));
    }),
  );
}

export async function markDocumentError(id: string, message: string): Promise<void> {
  await guardStorageWrite(() => db.documents.update(id, { status: 'error', errorMessage: message }));
}

export async function removeDocument(id: string): Promise<void> {
  await guardStorageWrite(() => db.documents.delete(id));
}

/** Live (non-error) documents of a space by content hash → filename, for the duplicate flags. */
export async function liveDocumentsByHash(spaceId: string): Promise<Map<string, string>> {
  const rows = await db.documents.where('spaceId').equals(spaceId).toArray();
  return new Map(rows.filter((row) => row.status !== 'error' && row.hash).map((row) => [row.hash!, row.filename]));
}

/** The space's documents, newest first, optionally one category; undefined while loading. */
export function useDocuments(spaceId: string | null, category: string | null): DocumentRow[] | undefined {
  return useLiveQuery(async () => {
    if (!spaceId) return [];
    const rows = category
      ? await db.documents.where('[spaceId+category]').equals([spaceId, category]).toArray()
      : await db.documents.where('spaceId').equals(spaceId).toArray();
    // ISO-8601 UTC strings sort as text.
    return rows.sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0));
  }, [spaceId, category]);
}

/** Category counts of the space (for the filter), from all its documents. */
export function useCategoryCounts(spaceId: string | null): Map<string, number> | undefined {
  return useLiveQuery(async () => {
    const counts = new Map<string, number>();
    if (!spaceId) return counts;
    await db.documents.where('spaceId').equals(spaceId).each((row) => {
      if (row.category) counts.set(row.category, (counts.get(row.category) ?? 0) + 1);
    });
    return counts;
  }, [spaceId]);
}
