/**
 * Uploading a file as an asset: the knowledge base's hash-first signed flow (docs/knowledge.md
 * "Storage") with the same storage, object paths and single-use upload URLs. Sign refuses what
 * will never be accepted (type, known size); commit trusts nothing the browser says: the object
 * must be an upload of this space, fit the limit, have the declared size and SHA-256 (recomputed),
 * and not duplicate a live asset. It is then moved to the asset's own key, which no upload URL can
 * write, and its thumbnail is made in the background.
 */
import { and, eq, ne } from 'drizzle-orm';
import { ASSET_FILE_TEXT, resolveAssetFileType, type Asset } from '../../../../src/contract/assets';
import type { DbExecutor } from '../../db/database';
import { assets } from '../../db/schema/index';
import { AppError, KB_MESSAGES, badRequest, forbidden } from '../../errors';
import { assetPathFor, isObjectPathOfSpace, newObjectPath } from '../../storage/object-paths';
import { ObjectChangedError, uploadLimit, type ObjectStorage, type SignedUpload } from '../../storage/object-storage';
import { cleanTags, collectionsOfSpace, setAssetCollections, viewOf } from './assets.service';
import { duplicateAsset, isUniqueViolation } from './asset-errors';

export const unsupportedAsset = (filename: string) => new AppError(415, ASSET_FILE_TEXT.unsupported(filename), 'UNSUPPORTED_FILE_TYPE');
export const assetTooLarge = (filename: string, maxBytes: number) => new AppError(413, ASSET_FILE_TEXT.tooLarge(filename, maxBytes), 'FILE_TOO_LARGE');

export interface AssetSignInput {
  spaceId: string;
  filename: string;
  contentType: string;
  size?: number;
  maxBytes: number;
}

export async function signAssetUpload(storage: ObjectStorage, input: AssetSignInput): Promise<SignedUpload & { object_path: string; content_type: string }> {
  const type = resolveAssetFileType(input.filename, input.contentType);
  if (!type) throw unsupportedAsset(input.filename);
  if (input.size !== undefined && input.size > input.maxBytes) throw assetTooLarge(input.filename, input.maxBytes);
  const objectPath = newObjectPath(input.spaceId, input.filename);
  const signed = await storage.signUpload({ spaceId: input.spaceId, objectPath, contentType: type.mime, maxBytes: uploadLimit(input.size, input.maxBytes) });
  return { ...signed, object_path: objectPath, content_type: type.mime };
}

export interface AssetCommitInput {
  spaceId: string;
  userId: string;
  objectPath: string;
  filename: string;
  size: number;
  mime: string;
  hash: string;
  tags?: string[];
  collectionIds?: string[];
  maxBytes: number;
}

async function liveDuplicate(db: DbExecutor, spaceId: string, hash: string) {
  const [row] = await db
    .select({ name: assets.name, objectPath: assets.objectPath })
    .from(assets)
    .where(and(eq(assets.spaceId, spaceId), eq(assets.hash, hash), ne(assets.status, 'error')));
  return row;
}

const uploadChanged = () => new AppError(409, KB_MESSAGES.uploadChanged, 'UPLOAD_CHANGED');

export async function commitAssetUpload(
  db: DbExecutor,
  storage: ObjectStorage,
  input: AssetCommitInput,
  enqueueThumbnail: (assetId: string) => Promise<unknown>,
): Promise<Asset> {
  if (!isObjectPathOfSpace(input.objectPath, input.spaceId)) throw forbidden(KB_MESSAGES.foreignObjectPath);
  const type = resolveAssetFileType(input.filename, input.mime);
  if (!type) throw unsupportedAsset(input.filename);
  const tags = cleanTags(input.tags ?? []);
  const collectionIds = await collectionsOfSpace(db, input.spaceId, input.collectionIds ?? []);
  const assetPath = assetPathFor(input.objectPath);

  // A repeated commit (a retry after a lost answer) finds its asset and changes nothing.
  const [committed] = await db
    .select({ name: assets.name })
    .from(assets)
    .where(and(eq(assets.spaceId, input.spaceId), eq(assets.objectPath, assetPath)));
  if (committed) throw duplicateAsset(committed.name);

  const stored = await storage.stat(input.objectPath);
  if (stored === null) throw badRequest(KB_MESSAGES.uploadMissing, 'UPLOAD_NOT_FOUND');
  const rejectWith = async (error: AppError): Promise<never> => {
    await storage.delete(input.objectPath);
    throw error;
  };
  const duplicateOf = async (existing: { name: string; objectPath: string | null } | undefined): Promise<never> => {
    const error = duplicateAsset(existing?.name ?? input.filename);
    // The live copy may be this very upload, committed a moment ago by a concurrent request.
    if (existing?.objectPath === assetPath) throw error;
    return rejectWith(error);
  };
  if (stored.size > input.maxBytes) return rejectWith(assetTooLarge(input.filename, input.maxBytes));
  if (stored.size !== input.size) return rejectWith(badRequest(KB_MESSAGES.sizeMismatch(stored.size, input.size), 'SIZE_MISMATCH'));
  const hash = input.hash.toLowerCase();
  const storedHash = await storage.sha256(input.objectPath, stored.version).catch((error: unknown) => {
    throw error instanceof ObjectChangedError ? uploadChanged() : error;
  });
  if (storedHash !== hash) return rejectWith(badRequest(KB_MESSAGES.hashMismatch, 'HASH_MISMATCH'));
  const duplicate = await liveDuplicate(db, input.spaceId, hash);
  if (duplicate) return duplicateOf(duplicate);

  // Videos get a typed card (no poster is made without a video decoder): ready at once.
  const needsThumbnail = type.kind !== 'video';
  let row;
  try {
    row = await db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(assets)
        .values({
          spaceId: input.spaceId,
          createdBy: input.userId,
          name: input.filename.trim().slice(0, 200),
          kind: type.kind,
          mimeType: type.mime,
          sizeBytes: stored.size,
          hash,
          objectPath: assetPath,
          source: 'upload',
          status: needsThumbnail ? 'processing' : 'ready',
          tags,
        })
        .returning();
      await setAssetCollections(tx, inserted!.id, collectionIds);
      return inserted!;
    });
  } catch (error) {
    // Two commits of the same content raced past the check: the unique index decides.
    if (!isUniqueViolation(error)) throw error;
    return duplicateOf(await liveDuplicate(db, input.spaceId, hash));
  }
  try {
    await storage.move(input.objectPath, assetPath, stored.version);
  } catch (error) {
    // No asset without its file: the row goes, and the client may commit again.
    await db.delete(assets).where(eq(assets.id, row.id));
    throw error instanceof ObjectChangedError ? uploadChanged() : error;
  }
  if (needsThumbnail) await enqueueThumbnail(row.id);
  return viewOf(db, row);
}

