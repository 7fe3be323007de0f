/**
 * Collections: named groups of the space's assets ("Spring launch", "Logos"). Any member makes,
 * renames and fills them; deleting one (never its assets) follows the assets' rule: its maker, or
 * an organisation owner or admin.
 */
import { and, asc, count, eq, sql } from 'drizzle-orm';
import { ASSET_ERROR_CODES, ASSET_LIMITS, ASSET_TEXT, deleteCollectionBlockedReason, type AssetActor, type AssetCollection } from '../../../../src/contract/assets';
import type { Db, DbExecutor } from '../../db/database';
import { isUuid } from '../../db/ids';
import { assetCollectionItems, assetCollections, type AssetCollectionRow } from '../../db/schema/index';
import { AppError, forbidden, notFound } from '../../errors';
import { isUniqueViolation } from '../../db/errors';
import { validationError } from './asset-errors';

function view(row: AssetCollectionRow, assetCount: number): AssetCollection {
  return { id: row.id, name: row.name, asset_count: assetCount, created_by: row.createdBy, created_at: row.createdAt.toISOString() };
}

function cleanName(name: string): string {
  const clean = name.trim().replace(/\s+/g, ' ');
  if (!clean) throw validationError('name', 'Name is required');
  if (clean.length > ASSET_LIMITS.collectionNameMax) throw validationError('name', `Name must be at most ${ASSET_LIMITS.collectionNameMax} characters`);
  return clean;
}

const nameTaken = (name: string) => new AppError(409, ASSET_TEXT.collectionExists(name), 'CONFLICT');

/** The space's collections by name, each with how many assets it holds: at most ASSET_LIMITS.collectionsPerSpace. */
export async function listCollections(db: DbExecutor, spaceId: string): Promise<AssetCollection[]> {
  const rows = await db
    .select({ collection: assetCollections, assetCount: count(assetCollectionItems.assetId) })
    .from(assetCollections)
    .leftJoin(assetCollectionItems, eq(assetCollectionItems.collectionId, assetCollections.id))
    .where(eq(assetCollections.spaceId, spaceId))
    .groupBy(assetCollections.id)
    .orderBy(asc(sql`lower(${assetCollections.name})`));
  return rows.map((row) => view(row.collection, Number(row.assetCount)));
}

async function getCollection(db: DbExecutor, spaceId: string, id: string): Promise<AssetCollectionRow> {
  if (!isUuid(id)) throw notFound(ASSET_TEXT.collectionNotFound);
  const [row] = await db.select().from(assetCollections).where(and(eq(assetCollections.id, id), eq(assetCollections.spaceId, spaceId)));
  if (!row) throw notFound(ASSET_TEXT.collectionNotFound);
  return row;
}

/** Up to ASSET_LIMITS.collectionsPerSpace a space; one more is refused (409 TOO_MANY_COLLECTIONS). */
export async function createCollection(db: Db, spaceId: string, userId: string, name: string): Promise<AssetCollection> {
  const clean = cleanName(name);
  try {
    return await db.transaction(async (tx) => {
      // Serialises concurrent creations in one space, so the cap holds.
      await tx.execute(sql`SELECT id FROM spaces WHERE id = ${spaceId} FOR UPDATE`);
      const [made] = await tx.select({ value: count() }).from(assetCollections).where(eq(assetCollections.spaceId, spaceId));
      if ((made?.value ?? 0) >= ASSET_LIMITS.collectionsPerSpace) throw new AppError(409, ASSET_TEXT.tooManyCollections, ASSET_ERROR_CODES.tooManyCollections);
      const [row] = await tx.insert(assetCollections).values({ spaceId, name: clean, createdBy: userId }).returning();
      return view(row!, 0);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken(clean);
    throw error;
  }
}

export async function renameCollection(db: DbExecutor, spaceId: string, id: string, name: string): Promise<AssetCollection> {
  const row = await getCollection(db, spaceId, id);
  const clean = cleanName(name);
  try {
    const [saved] = await db.update(assetCollections).set({ name: clean }).where(eq(assetCollections.id, row.id)).returning();
    const [{ assetCount } = { assetCount: 0 }] = await db
      .select({ assetCount: count() })
      .from(assetCollectionItems)
      .where(eq(assetCollectionItems.collectionId, row.id));
    return view(saved!, Number(assetCount));
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken(clean);
    throw error;
  }
}

/** Deletes the collection; its assets stay in the library. */
export async function deleteCollection(db: DbExecutor, spaceId: string, id: string, actor: AssetActor): Promise<void> {
  const row = await getCollection(db, spaceId, id);
  const blocked = deleteCollectionBlockedReason(actor, row.createdBy);
  if (blocked) throw forbidden(blocked);
  await db.delete(assetCollections).where(and(eq(assetCollections.id, row.id), eq(assetCollections.spaceId, spaceId)));
}
