/**
 * Uploading a file as an asset, through the signed-upload flow the knowledge base uses
 * (services/uploads/signed-uploads.service.ts: the same storage, object paths, single-use upload
 * URLs and checks): which files Creative Assets takes, and what a committed upload becomes: an
 * asset at its own key, with its tags and collections, its thumbnail made in the background.
 */
import { and, eq, ne } from 'drizzle-orm';
import { ASSET_FILE_TEXT, resolveAssetFileType, type Asset } from '../../../../src/contract/assets';
import type { DbExecutor } from '../../db/database';
import { assets } from '../../db/schema/index';
import { AppError } from '../../errors';
import { assetPathFor } from '../../storage/object-paths';
import type { ObjectStorage } from '../../storage/object-storage';
import { commitUpload, signUpload, type SignInput, type SignedUploadAnswer, type UploadKind, type UploadedFile } from '../uploads/signed-uploads.service';
import { cleanTags, collectionsOfSpace, setAssetCollections, viewOf } from './assets.service';
import { duplicateAsset } from './asset-errors';

export const unsupportedAsset = (filename: string) => new AppError(415, ASSET_FILE_TEXT.unsupported(filename), 'UNSUPPORTED_FILE_TYPE');
export const assetTooLarge = (filename: string, maxBytes: number) => new AppError(413, ASSET_FILE_TEXT.tooLarge(filename, maxBytes), 'FILE_TOO_LARGE');

const assetFiles: UploadKind<NonNullable<ReturnType<typeof resolveAssetFileType>>> = {
  resolveType: resolveAssetFileType,
  unsupported: (filename) => unsupportedAsset(filename),
  tooLarge: assetTooLarge,
};

export const signAssetUpload = (storage: ObjectStorage, input: SignInput): Promise<SignedUploadAnswer> => signUpload(storage, assetFiles, input);

export interface AssetCommitInput extends UploadedFile {
  userId: string;
  tags?: string[];
  collectionIds?: string[];
}

async function liveDuplicate(db: DbExecutor, spaceId: string, hash: string) {
  const [row] = await db
    .select({ name: assets.name, objectPath: assets.objectPath })
    .from(assets)
    .where(and(eq(assets.spaceId, spaceId), eq(assets.hash, hash), ne(assets.status, 'error')));
  return row;
}

export async function commitAssetUpload(
  db: DbExecutor,
  storage: ObjectStorage,
  input: AssetCommitInput,
  enqueueThumbnail: (assetId: string) => Promise<unknown>,
): Promise<Asset> {
  const row = await commitUpload(storage, input, assetFiles, async (type) => {
    const tags = cleanTags(input.tags ?? []);
    const collectionIds = await collectionsOfSpace(db, input.spaceId, input.collectionIds ?? []);
    const assetPath = assetPathFor(input.objectPath);
    // Videos get a typed card (no poster is made without a video decoder): ready at once.
    const needsThumbnail = type.kind !== 'video';
    return {
      path: assetPath,
      committedName: async () => {
        const [committed] = await db
          .select({ name: assets.name })
          .from(assets)
          .where(and(eq(assets.spaceId, input.spaceId), eq(assets.objectPath, assetPath)));
        return committed?.name;
      },
      liveDuplicate: (hash) => liveDuplicate(db, input.spaceId, hash),
      duplicate: duplicateAsset,
      save: (stored) =>
        db.transaction(async (tx) => {
          const [inserted] = await tx
            .insert(assets)
            .values({
              spaceId: input.spaceId,
              createdBy: input.userId,
              name: input.filename.trim().slice(0, 200),
              kind: type.kind,
              mimeType: type.mime,
              sizeBytes: stored.size,
              hash: stored.hash,
              objectPath: assetPath,
              source: 'upload',
              status: needsThumbnail ? 'processing' : 'ready',
              tags,
            })
            .returning();
          await setAssetCollections(tx, inserted!.id, collectionIds);
          return inserted!;
        }),
      unsave: async (saved) => {
        await db.delete(assets).where(eq(assets.id, saved.id));
      },
    };
  });
  // Processing: its thumbnail is still to be made (every kind but video).
  if (row.status === 'processing') await enqueueThumbnail(row.id);
  return viewOf(db, row);
}
