/**
 * Uploading a file as a knowledge document, through the signed-upload flow
 * (services/uploads/signed-uploads.service.ts): which files the knowledge base takes, and what a
 * committed upload becomes: a document in status processing, its processing job enqueued.
 */
import { and, eq, ne } from 'drizzle-orm';
import type { DbExecutor } from '../../db/database';
import { kbDocuments } from '../../db/schema/index';
import { AppError, KB_MESSAGES, conflict } from '../../errors';
import { documentPathFor } from '../../storage/object-paths';
import type { ObjectStorage } from '../../storage/object-storage';
import { commitUpload as commitSignedUpload, signUpload as signSignedUpload, uploadTooLarge, type SignInput, type UploadKind, type UploadedFile } from '../uploads/signed-uploads.service';
import { toDocumentView, type DocumentView } from './documents.service';
import { SUPPORTED_FORMATS_TEXT, resolveDocumentType } from './file-types';
import { isValidClassification } from './taxonomy';

export const PROCESS_DOCUMENT_JOB = 'kb-process-document';

const documents: UploadKind<{ mime: string }> = {
  resolveType: resolveDocumentType,
  unsupported: (_filename, contentType) => new AppError(415, KB_MESSAGES.unsupportedType(contentType, SUPPORTED_FORMATS_TEXT), 'UNSUPPORTED_FILE_TYPE'),
  tooLarge: (_filename, maxBytes) => uploadTooLarge(maxBytes),
};

/** Refuses unsupported types and known-oversize files, then signs a PUT for a new object path. */
export const signUpload = (storage: ObjectStorage, input: SignInput) => signSignedUpload(storage, documents, input);

export interface CommitInput extends UploadedFile {
  userId: string;
  autoCategorized: boolean;
  category: string | null;
  subcategory: string | null;
}

async function findLiveDuplicate(db: DbExecutor, spaceId: string, hash: string) {
  const [row] = await db
    .select({ name: kbDocuments.filename, objectPath: kbDocuments.objectPath })
    .from(kbDocuments)
    .where(and(eq(kbDocuments.spaceId, spaceId), eq(kbDocuments.hash, hash), ne(kbDocuments.status, 'error')));
  return row;
}

/**
 * Turns an uploaded object into a document (the checks are the signed-upload flow's). A category
 * chosen by the uploader must exist in the taxonomy (422). The document starts in status
 * processing, at its own key (object-paths.ts documentPathFor); `enqueue` schedules its job.
 */
export async function commitUpload(
  db: DbExecutor,
  storage: ObjectStorage,
  input: CommitInput,
  enqueue: (documentId: string) => Promise<unknown>,
): Promise<DocumentView> {
  const row = await commitSignedUpload(storage, input, documents, async (type) => {
    if (input.category && !isValidClassification(input.category, input.subcategory)) {
      throw new AppError(422, 'Validation error', 'VALIDATION_ERROR', [{ field: 'category', message: 'Unknown category or subcategory' }]);
    }
    const documentPath = documentPathFor(input.objectPath);
    // A category chosen by the uploader is kept; otherwise processing assigns one.
    const chosen = !input.autoCategorized && input.category ? { category: input.category, subcategory: input.subcategory } : null;
    return {
      path: documentPath,
      committedName: async () => {
        const [committed] = await db
          .select({ filename: kbDocuments.filename })
          .from(kbDocuments)
          .where(and(eq(kbDocuments.spaceId, input.spaceId), eq(kbDocuments.objectPath, documentPath)));
        return committed?.filename;
      },
      liveDuplicate: (hash) => findLiveDuplicate(db, input.spaceId, hash),
      duplicate: (name) => conflict(KB_MESSAGES.duplicate(name)),
      save: async (stored) => {
        const [inserted] = await db
          .insert(kbDocuments)
          .values({
            spaceId: input.spaceId,
            uploadedBy: input.userId,
            filename: input.filename,
            mimeType: type.mime,
            sizeBytes: stored.size,
            hash: stored.hash,
            objectPath: documentPath,
            status: 'processing',
            category: chosen?.category ?? null,
            subcategory: chosen?.subcategory ?? null,
            autoCategorized: false,
          })
          .returning();
        return inserted!;
      },
      unsave: async (saved) => {
        await db.delete(kbDocuments).where(eq(kbDocuments.id, saved.id));
      },
    };
  });
  await enqueue(row.id);
  return toDocumentView(row);
}
