/**
 * Reading, editing and deleting the space's assets (docs/assets.md). Every query is scoped to the
 * caller's space; an asset of another space is answered like an unknown one (404).
 */
import { and, asc, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import {
  ASSET_LIMITS,
  ASSET_TEXT,
  deleteAssetBlockedReason,
  normaliseTags,
  type Asset,
  type AssetActor,
  type AssetDetail,
  type AssetKind,
  type AssetSource,
} from '../../../../src/contract/assets';
import type { AssetUpdateRequest } from '../../../../src/contract/asset-request-schemas';
import type { DbExecutor } from '../../db/database';
import { isUuid } from '../../db/ids';
import { assetCollectionItems, assetCollections, assets, users, type AssetRow } from '../../db/schema/index';
import { AppError, forbidden, notFound } from '../../errors';
import type { ObjectStorage } from '../../storage/object-storage';
import { toAssetDetail, toAssetView } from './asset-view';

export interface AssetFilters {
  /** Words in the name, description, text or tags. */
  query?: string;
  kind?: AssetKind;
  source?: AssetSource;
  tag?: string;
  collectionId?: string;
}

/** Upper bound of one list: a space of thousands of assets still comes in one answer (≈ 1 MB). */
export const MAX_LIST = 10_000;

const validation = (field: string, message: string) => new AppError(422, 'Validation error', 'VALIDATION_ERROR', [{ field, message }]);

/** The collections and creator names of some assets, in two queries. */
async function extrasOf(db: DbExecutor, rows: readonly AssetRow[]) {
  const ids = rows.map((row) => row.id);
  const creators = [...new Set(rows.map((row) => row.createdBy).filter((id): id is string => id !== null))];
  const [links, people] = await Promise.all([
    ids.length
      ? db.select({ assetId: assetCollectionItems.assetId, collectionId: assetCollectionItems.collectionId }).from(assetCollectionItems).where(inArray(assetCollectionItems.assetId, ids))
      : [],
    creators.length ? db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, creators)) : [],
  ]);
  const collections = new Map<string, string[]>();
  for (const link of links) collections.set(link.assetId, [...(collections.get(link.assetId) ?? []), link.collectionId]);
  const names = new Map(people.map((person) => [person.id, person.name]));
  return (row: AssetRow) => ({ collectionIds: collections.get(row.id) ?? [], creatorName: row.createdBy ? (names.get(row.createdBy) ?? null) : null });
}

export async function viewsOf(db: DbExecutor, rows: readonly AssetRow[]): Promise<Asset[]> {
  const extras = await extrasOf(db, rows);
  return rows.map((row) => toAssetView(row, extras(row)));
}

export async function viewOf(db: DbExecutor, row: AssetRow): Promise<Asset> {
  return (await viewsOf(db, [row]))[0]!;
}

function searchCondition(query: string): SQL {
  const like = `%${query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  // Words anywhere (stemmed full text), or part of a word in the name or a tag (people type "spri…").
  return sql`(${assets.searchTsv} @@ websearch_to_tsquery('english', ${query})
    or ${assets.name} ilike ${like}
    or array_to_string(${assets.tags}, ' ') ilike ${like})`;
}

/** The space's assets, newest first (best match first when searching), filtered. */
export async function listAssets(db: DbExecutor, spaceId: string, filters: AssetFilters = {}): Promise<Asset[]> {
  const query = filters.query?.trim();
  if (filters.collectionId !== undefined && !isUuid(filters.collectionId)) return [];
  const conditions = [
    eq(assets.spaceId, spaceId),
    filters.kind ? eq(assets.kind, filters.kind) : undefined,
    filters.source ? eq(assets.source, filters.source) : undefined,
    filters.tag ? sql`${normaliseTags([filters.tag])[0] ?? ''} = any(${assets.tags})` : undefined,
    filters.collectionId
      ? sql`exists (select 1 from ${assetCollectionItems} where ${assetCollectionItems.assetId} = ${assets.id} and ${assetCollectionItems.collectionId} = ${filters.collectionId})`
      : undefined,
    query ? searchCondition(query) : undefined,
  ];
  const order = query
    ? [desc(sql`ts_rank(${assets.searchTsv}, websearch_to_tsquery('english', ${query}))`), desc(assets.createdAt), asc(assets.id)]
    : [desc(assets.createdAt), asc(assets.id)];
  const rows = await db
    .select()
    .from(assets)
    .where(and(...conditions))
    .orderBy(...order)
    .limit(MAX_LIST);
  return viewsOf(db, rows);
}

/** One asset row of the space; 404 for unknown ids, malformed ids and other spaces' assets alike. */
export async function getAssetRow(db: DbExecutor, spaceId: string, id: string): Promise<AssetRow> {
  if (!isUuid(id)) throw notFound(ASSET_TEXT.notFound);
  const [row] = await db.select().from(assets).where(and(eq(assets.id, id), eq(assets.spaceId, spaceId)));
  if (!row) throw notFound(ASSET_TEXT.notFound);
  return row;
}

export async function getAssetDetail(db: DbExecutor, spaceId: string, id: string): Promise<AssetDetail> {
  const row = await getAssetRow(db, spaceId, id);
  const extras = await extrasOf(db, [row]);
  return toAssetDetail(row, extras(row));
}

/** Which hashes have no live asset in the space, and which asset holds each of the others. */
export async function checkAssetHashes(db: DbExecutor, spaceId: string, hashes: readonly string[]) {
  const wanted = [...new Set(hashes.map((hash) => hash.toLowerCase()))];
  const rows = wanted.length
    ? await db
        .select({ hash: assets.hash, id: assets.id, name: assets.name })
        .from(assets)
        .where(and(eq(assets.spaceId, spaceId), inArray(assets.hash, wanted), ne(assets.status, 'error')))
    : [];
  const found = new Map(rows.map((row) => [row.hash, row]));
  return {
    non_existing_hashes: wanted.filter((hash) => !found.has(hash)),
    existing: [...found.values()].map((row) => ({ hash: row.hash, asset_id: row.id, name: row.name })),
  };
}

/** Tags as stored: normalised, each within the length limit, at most tagsPerAsset. */
export function cleanTags(tags: readonly string[]): string[] {
  const clean = normaliseTags(tags);
  const long = clean.find((tag) => tag.length > ASSET_LIMITS.tagMax);
  if (long) throw validation('tags', `Tags must be at most ${ASSET_LIMITS.tagMax} characters ("${long.slice(0, 20)}…" is longer)`);
  if (clean.length > ASSET_LIMITS.tagsPerAsset) throw validation('tags', `An asset can have at most ${ASSET_LIMITS.tagsPerAsset} tags`);
  return clean;
}

/** Collection ids of the space only (422 for any other), so an asset never joins another space's collection. */
export async function collectionsOfSpace(db: DbExecutor, spaceId: string, ids: readonly string[]): Promise<string[]> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return [];
  if (wanted.some((id) => !isUuid(id))) throw validation('collection_ids', ASSET_TEXT.collectionNotFound);
  const found = await db
    .select({ id: assetCollections.id })
    .from(assetCollections)
    .where(and(eq(assetCollections.spaceId, spaceId), inArray(assetCollections.id, wanted)));
  if (found.length !== wanted.length) throw validation('collection_ids', ASSET_TEXT.collectionNotFound);
  return wanted;
}

/** Puts an asset in exactly these collections (already checked to be the space's). */
export async function setAssetCollections(db: DbExecutor, assetId: string, collectionIds: readonly string[]): Promise<void> {
  await db.delete(assetCollectionItems).where(eq(assetCollectionItems.assetId, assetId));
  if (collectionIds.length > 0) {
    await db.insert(assetCollectionItems).values(collectionIds.map((collectionId) => ({ assetId, collectionId }))).onConflictDoNothing();
  }
}

/**
 * Rename, describe, tag and file an asset. Any member of the space may: the library is the team's
 * (deleting is what is kept to the one who added it, or an owner or admin).
 */
export async function updateAsset(db: DbExecutor, spaceId: string, id: string, change: AssetUpdateRequest): Promise<Asset> {
  const row = await getAssetRow(db, spaceId, id);
  const set: Partial<typeof assets.$inferInsert> = {};
  if (change.name !== undefined) {
    const name = change.name.trim();
    if (!name) throw validation('name', 'Name is required');
    if (name.length > ASSET_LIMITS.nameMax) throw validation('name', `Name must be at most ${ASSET_LIMITS.nameMax} characters`);
    set.name = name;
  }
  if (change.description !== undefined) {
    const description = change.description?.trim() || null;
    if (description && description.length > ASSET_LIMITS.descriptionMax) {
      throw validation('description', `Description must be at most ${ASSET_LIMITS.descriptionMax} characters`);
    }
    set.description = description;
  }
  if (change.tags !== undefined) set.tags = cleanTags(change.tags);
  const collections = change.collection_ids === undefined ? undefined : await collectionsOfSpace(db, spaceId, change.collection_ids);
  const updated = await db.transaction(async (tx) => {
    const [saved] = await tx
      .update(assets)
      .set({ ...set, updatedAt: sql`now()` })
      .where(and(eq(assets.id, row.id), eq(assets.spaceId, spaceId)))
      .returning();
    if (!saved) throw notFound(ASSET_TEXT.notFound);
    if (collections !== undefined) await setAssetCollections(tx, saved.id, collections);
    return saved;
  });
  return viewOf(db, updated);
}

/**
 * Removes the asset, its collection links (cascade), its file and its thumbnails, when `actor`
 * may (deleteAssetBlockedReason: members their own, owners and admins any).
 */
export async function deleteAsset(db: DbExecutor, storage: ObjectStorage, spaceId: string, id: string, actor: AssetActor): Promise<void> {
  const row = await getAssetRow(db, spaceId, id);
  const blocked = deleteAssetBlockedReason(actor, row.createdBy);
  if (blocked) throw forbidden(blocked);
  const [deleted] = await db
    .delete(assets)
    .where(and(eq(assets.id, id), eq(assets.spaceId, spaceId)))
    .returning();
  if (!deleted) throw notFound(ASSET_TEXT.notFound);
  // After the row: a failure here leaves orphaned files, never an asset without its file.
  await deleteAssetFiles(storage, deleted);
}

/** The file and renditions of an asset row (a missing one is fine). */
export async function deleteAssetFiles(storage: ObjectStorage, row: Pick<AssetRow, 'objectPath' | 'thumbnailPath' | 'previewPath'>): Promise<void> {
  for (const objectPath of [row.objectPath, row.thumbnailPath, row.previewPath]) {
    if (objectPath) await storage.delete(objectPath);
  }
}
