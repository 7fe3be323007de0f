/**
 * The signed-upload flow (docs/knowledge.md "Storage"), one for knowledge documents and creative
 * assets: sign refuses what will never be accepted (type, known size) and signs a single-use PUT
 * for a new object path; commit trusts nothing the browser says: the object must be an upload of
 * the space, fit the limit, have the declared size and SHA-256 (recomputed), and not duplicate a
 * live file of the space. Rejected uploads are removed from storage. The file is then recorded and
 * moved to its own key, which no upload URL can write. What a committed file becomes (a document,
 * an asset) is each area's: its CommitTarget.
 */
import { formatBytes } from '../../../../src/contract/format';
import { isUniqueViolation } from '../../db/errors';
import { AppError, badRequest, forbidden } from '../../errors';
import { isObjectPathOfSpace, newObjectPath } from '../../storage/object-paths';
import { ObjectChangedError, uploadLimit, type ObjectStorage } from '../../storage/object-storage';
import { UPLOAD_MESSAGES } from './upload-messages';

/** 413 naming the limit: the text of the upload target, and of sign and commit where an area has none of its own. */
export const uploadTooLarge = (maxBytes: number) => new AppError(413, UPLOAD_MESSAGES.fileTooLarge(formatBytes(maxBytes)), 'FILE_TOO_LARGE');

/** The files an area takes, and how it refuses the others. */
export interface UploadKind<Type extends { mime: string }> {
  /** The canonical type of a file (generic types resolved by its extension), or undefined when refused. */
  resolveType(filename: string, contentType: string): Type | undefined;
  /** 415 for a file whose type is refused. */
  unsupported(filename: string, contentType: string): AppError;
  /** 413 for a file over the limit. */
  tooLarge(filename: string, maxBytes: number): AppError;
}

export interface SignInput {
  spaceId: string;
  filename: string;
  contentType: string;
  /** Optional: lets an oversize file be refused before any byte is sent, and caps the URL at it. */
  size?: number;
  maxBytes: number;
}

/** The sign query (src/contract/upload-schemas.ts signUploadQuery), for the current space. */
export function signRequest(query: { filename: string; content_type: string; size?: number }, spaceId: string, maxBytes: number): SignInput {
  return { spaceId, filename: query.filename, contentType: query.content_type, size: query.size, maxBytes };
}

/** POST …/uploads/sign's answer (src/contract/upload-schemas.ts signedUploadSchema). */
export interface SignedUploadAnswer {
  url: string;
  method: 'PUT';
  headers: Record<string, string>;
  object_path: string;
  content_type: string;
  expires_at: string;
}

/** Refuses refused types and known-oversize files, then signs a PUT for a new object path. */
export async function signUpload<Type extends { mime: string }>(storage: ObjectStorage, kind: UploadKind<Type>, input: SignInput): Promise<SignedUploadAnswer> {
  const type = kind.resolveType(input.filename, input.contentType);
  if (!type) throw kind.unsupported(input.filename, input.contentType);
  if (input.size !== undefined && input.size > input.maxBytes) throw kind.tooLarge(input.filename, input.maxBytes);
  const objectPath = newObjectPath(input.spaceId, input.filename);
  const signed = await storage.signUpload({ spaceId: input.spaceId, objectPath, contentType: type.mime, maxBytes: uploadLimit(input.size, input.maxBytes) });
  return { url: signed.url, method: signed.method, headers: signed.headers, object_path: objectPath, content_type: type.mime, expires_at: signed.expiresAt.toISOString() };
}

/** What the browser says of an uploaded object at commit; every word is checked. */
export interface UploadedFile {
  spaceId: string;
  objectPath: string;
  filename: string;
  size: number;
  mime: string;
  hash: string;
  maxBytes: number;
}

/** The fields every commit body sends (src/contract/upload-schemas.ts uploadCommitBody), for the current space. */
export function uploadedFile(
  body: { object_path: string; filename: string; size: number; mime: string; hash: string },
  spaceId: string,
  maxBytes: number,
): UploadedFile {
  return { spaceId, objectPath: body.object_path, filename: body.filename, size: body.size, mime: body.mime, hash: body.hash, maxBytes };
}

/** The file as storage holds it, once checked: what the area records. */
export interface StoredFile {
  size: number;
  /** Lower-case hex SHA-256 of the stored bytes. */
  hash: string;
}

/** What a committed file becomes: each area decides it once the upload's type is known. */
export interface CommitTarget<Saved> {
  /** The committed file's own key, which no upload URL can write (storage/object-paths.ts). */
  path: string;
  /** The name this very upload was committed under already (a retried commit), if it was. */
  committedName(): Promise<string | undefined>;
  /** A live file of the space with these bytes: its name and key. */
  liveDuplicate(hash: string): Promise<{ name: string; objectPath: string | null } | undefined>;
  /** 409 for a file that is there already, under `name`. */
  duplicate(name: string): AppError;
  /** Records the file; a unique violation says two commits of the same bytes raced past the check. */
  save(file: StoredFile): Promise<Saved>;
  /** Removes the record again when its object could not be moved into place. */
  unsave(saved: Saved): Promise<void>;
}

const uploadChanged = () => new AppError(409, UPLOAD_MESSAGES.uploadChanged, 'UPLOAD_CHANGED');
const changedOr = (error: unknown) => (error instanceof ObjectChangedError ? uploadChanged() : error);

/**
 * Turns an uploaded object into the area's file (see the file's opening). `targetFor` runs once
 * the object is known to be the space's and its type accepted: there the area checks what else it
 * was sent (a category, collections) and says what the file becomes.
 */
export async function commitUpload<Type extends { mime: string }, Saved>(
  storage: ObjectStorage,
  input: UploadedFile,
  kind: UploadKind<Type>,
  targetFor: (type: Type) => Promise<CommitTarget<Saved>>,
): Promise<Saved> {
  if (!isObjectPathOfSpace(input.objectPath, input.spaceId)) throw forbidden(UPLOAD_MESSAGES.foreignObjectPath);
  const type = kind.resolveType(input.filename, input.mime);
  if (!type) throw kind.unsupported(input.filename, input.mime);
  const target = await targetFor(type);

  // A repeated commit (a client retrying after a lost answer) finds its file and changes nothing.
  const committed = await target.committedName();
  if (committed !== undefined) throw target.duplicate(committed);

  const stored = await storage.stat(input.objectPath);
  if (stored === null) throw badRequest(UPLOAD_MESSAGES.uploadMissing, 'UPLOAD_NOT_FOUND');
  const rejectWith = async (error: AppError): Promise<never> => {
    await storage.delete(input.objectPath);
    throw error;
  };
  // The live copy may be this very upload, committed a moment ago by a concurrent request:
  // then its object is being moved and must be left alone.
  const duplicateOf = async (existing: { name: string; objectPath: string | null } | undefined): Promise<never> => {
    const error = target.duplicate(existing?.name ?? input.filename);
    if (existing?.objectPath === target.path) throw error;
    return rejectWith(error);
  };
  if (stored.size > input.maxBytes) return rejectWith(kind.tooLarge(input.filename, input.maxBytes));
  if (stored.size !== input.size) return rejectWith(badRequest(UPLOAD_MESSAGES.sizeMismatch(stored.size, input.size), 'SIZE_MISMATCH'));
  const hash = input.hash.toLowerCase();
  const storedHash = await storage.sha256(input.objectPath, stored.version).catch((error: unknown) => {
    throw changedOr(error);
  });
  if (storedHash !== hash) return rejectWith(badRequest(UPLOAD_MESSAGES.hashMismatch, 'HASH_MISMATCH'));
  const duplicate = await target.liveDuplicate(hash);
  if (duplicate) return duplicateOf(duplicate);

  let saved: Saved;
  try {
    saved = await target.save({ size: stored.size, hash });
  } catch (error) {
    // Two commits of the same content raced past the check: the unique index decides.
    if (!isUniqueViolation(error)) throw error;
    return duplicateOf(await target.liveDuplicate(hash));
  }
  // The record first, then the move: the record is what decides between concurrent commits.
  try {
    await storage.move(input.objectPath, target.path, stored.version);
  } catch (error) {
    // No file without its object: the record goes, and the client may commit again.
    await target.unsave(saved);
    throw changedOr(error);
  }
  return saved;
}
