import { and, eq, ne } from 'drizzle-orm';
import { formatBytes } from '../../../../src/contract/format';
import type { DbExecutor } from '../../db/database';
import { kbDocuments } from '../../db/schema/index';
import { AppError, KB_MESSAGES, badRequest, conflict, forbidden } from '../../errors';
import { documentPathFor, isObjectPathOfSpace, newObjectPath } from '../../storage/object-paths';
import { ObjectChangedError, uploadLimit, type ObjectStorage, type SignedUpload } from '../../storage/object-storage';
import { toDocumentView, type DocumentView } from './documents.service';
import { SUPPORTED_FORMATS_TEXT, resolveDocumentType } from './file-types';
import { isValidClassification } from './taxonomy';

export const PROCESS_DOCUMENT_JOB = 'kb-process-document';

export const tooLarge = (maxBytes: number) => new AppError(413, KB_MESSAGES.fileTooLarge(formatBytes(maxBytes)), 'FILE_TOO_LARGE');

export interface SignInput {
  spaceId: string;
  filename: string;
  contentType: string;
  /** Optional: lets an oversize file be refused before any byte is sent, and caps the URL at it. */
  size?: number;
  maxBytes: number;
}

/** Refuses unsupported types and known-oversize files, then signs a PUT for a new object path. */
export async function signUpload(storage: ObjectStorage, input: SignInput): Promise<SignedUpload & { object_path: string; content_type: string }> {
  const type = resolveDocumentType(input.filename, input.contentType);
  if (!type) throw new AppError(415, KB_MESSAGES.unsupportedType(input.contentType, SUPPORTED_FORMATS_TEXT), 'UNSUPPORTED_FILE_TYPE');
  if (input.size !== undefined && input.size > input.maxBytes) throw tooLarge(input.maxBytes);
  const objectPath = newObjectPath(input.spaceId, input.filename);
  const signed = await storage.signUpload({ spaceId: input.spaceId, objectPath, contentType: type.mime, maxBytes: uploadLimit(input.size, input.maxBytes) });
  return { ...signed, object_path: objectPath, content_type: type.mime };
}

export interface CommitInput {
  spaceId: string;
  userId: string;
  objectPath: string;
  filename: string;
  size: number;
  mime: string;
  hash: string;
  autoCategorized: boolean;
  category: string | null;
  subcategory: string | null;
  maxBytes: number;
}

function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: string; cause?: { code?: string } }).code ?? (error as { cause?: { code?: string } }).cause?.code;
  return code === '23505';
}

async function findLiveDuplicate(db: DbExecutor, spaceId: string, hash: string) {
  const [row] = await db
    .select({ filename: kbDocuments.filename, objectPath: kbDocuments.objectPath })
    .from(kbDocuments)
    .where(and(eq(kbDocuments.spaceId, spaceId), eq(kbDocuments.hash, hash), ne(kbDocuments.status, 'error')));
  return row;
}

const uploadChanged = () => new AppError(409, KB_MESSAGES.uploadChanged, 'UPLOAD_CHANGED');

/**
 * Turns an uploaded object into a document: the object must exist under the space's upload
 * prefix, fit the limit, have the declared size and SHA-256 (recomputed here, never trusted), and
 * not duplicate a live document. Rejected uploads are removed from storage. The checked object
 * is then moved to the document's own key (object-paths.ts documentPathFor), which no upload URL
 * can write: a PUT with the upload URL after commit never touches the document. The document
 * starts in status processing; `enqueue` schedules its processing job.
 */
export async function commitUpload(
  db: DbExecutor,
  storage: ObjectStorage,
  input: CommitInput,
  enqueue: (documentId: string) => Promise<unknown>,
): Promise<DocumentView> {
  if (!isObjectPathOfSpace(input.objectPath, input.spaceId)) throw forbidden(KB_MESSAGES.foreignObjectPath);
  const type = resolveDocumentType(input.filename, input.mime);
  if (!type) throw new AppError(415, KB_MESSAGES.unsupportedType(input.mime, SUPPORTED_FORMATS_TEXT), 'UNSUPPORTED_FILE_TYPE');
  if (input.category && !isValidClassification(input.category, input.subcategory)) {
    throw new AppError(422, 'Validation error', 'VALIDATION_ERROR', [{ field: 'category', message: 'Unknown category or subcategory' }]);
  }
  const documentPath = documentPathFor(input.objectPath);

  // A repeated commit (a client retrying after a lost answer) finds its document and changes nothing.
  const [committed] = await db
    .select({ filename: kbDocuments.filename })
    .from(kbDocuments)
    .where(and(eq(kbDocuments.spaceId, input.spaceId), eq(kbDocuments.objectPath, documentPath)));
  if (committed) throw conflict(KB_MESSAGES.duplicate(committed.filename));

  const stored = await storage.stat(input.objectPath);
  if (stored === null) throw badRequest(KB_MESSAGES.uploadMissing, 'UPLOAD_NOT_FOUND');
  const rejectWith = async (error: AppError): Promise<never> => {
    await storage.delete(input.objectPath);
    throw error;
  };
  // The live copy may be this very upload, committed a moment ago by a concurrent request:
  // then its object is being moved and must be left alone.
  const duplicateOf = async (existing: { filename: string; objectPath: string } | undefined): Promise<never> => {
    const error = conflict(KB_MESSAGES.duplicate(existing?.filename ?? input.filename));
    if (existing?.objectPath === documentPath) throw error;
    return rejectWith(error);
  };
  if (stored.size > input.maxBytes) return rejectWith(tooLarge(input.maxBytes));
  if (stored.size !== input.size) return rejectWith(badRequest(KB_MESSAGES.sizeMismatch(stored.size, input.size), 'SIZE_MISMATCH'));
  const hash = input.hash.toLowerCase();
  const storedHash = await storage.sha256(input.objectPath, stored.version).catch((error: unknown) => {
    throw error instanceof ObjectChangedError ? uploadChanged() : error;
  });
  if (storedHash !== hash) return rejectWith(badRequest(KB_MESSAGES.hashMismatch, 'HASH_MISMATCH'));

  const duplicate = await findLiveDuplicate(db, input.spaceId, hash);
  if (duplicate) return duplicateOf(duplicate);

  // A category chosen by the uploader is kept; otherwise processing assigns one.
  const chosen = !input.autoCategorized && input.category ? { category: input.category, subcategory: input.subcategory } : null;
  let row;
  try {
    [row] = await db
      .insert(kbDocuments)
      .values({
        spaceId: input.spaceId,
        uploadedBy: input.userId,
        filename: input.filename,
        mimeType: type.mime,
        sizeBytes: stored.size,
        hash,
        objectPath: documentPath,
        status: 'processing',
        category: chosen?.category ?? null,
        subcategory: chosen?.subcategory ?? null,
        autoCategorized: false,
      })
      .returning();
  } catch (error) {
    // Two commits of the same content raced past the check: the unique index decides.
    if (!isUniqueViolation(error)) throw error;
    return duplicateOf(await findLiveDuplicate(db, input.spaceId, hash));
  }
  // The row first, then the move: the row is what decides between concurrent commits.
  try {
    await storage.move(input.objectPath, documentPath, stored.version);
  } catch (error) {
    // No document without its file: the row goes, and the client may commit again.
    await db.delete(kbDocuments).where(eq(kbDocuments.id, row!.id));
    throw error instanceof ObjectChangedError ? uploadChanged() : error;
  }
  await enqueue(row!.id);
  return toDocumentView(row!);
}
