/** Server → Dexie → UI for Creative Assets: writes after fetches, live reads for the screen. */
import { useLiveQuery } from 'dexie-react-hooks';
import { db, guardStorageWrite, saveSnapshot, type AssetCollectionRow, type AssetRow, type AssetThumbnailRow } from '../../db';
import type { Asset, AssetCollection, AssetDetail } from '../../contract/assets';

export const ASSETS_SYNC_NAME = 'assets';

export function toAssetRow(spaceId: string, asset: Asset, content?: string | null): AssetRow {
  return {
    id: asset.id,
    spaceId,
    name: asset.name,
    kind: asset.kind,
    mimeType: asset.mime_type,
    sizeBytes: asset.size_bytes,
    hash: asset.hash,
    source: asset.source,
    sourceRef: asset.source_ref,
    status: asset.status,
    errorMessage: asset.error_message,
    description: asset.description,
    tags: [...asset.tags],
    collectionIds: [...asset.collection_ids],
    width: asset.width,
    height: asset.height,
    pageCount: asset.page_count,
    thumbnailVersion: asset.thumbnail_version,
    excerpt: asset.excerpt,
    createdBy: asset.created_by,
    createdByName: asset.created_by_name,
    createdAt: asset.created_at,
    updatedAt: asset.updated_at,
    ...(content === undefined ? {} : { content }),
  };
}

function toCollectionRow(spaceId: string, collection: AssetCollection): AssetCollectionRow {
  return {
    id: collection.id,
    spaceId,
    name: collection.name,
    assetCount: collection.asset_count,
    createdBy: collection.created_by,
    createdAt: collection.created_at,
  };
}

/**
 * Makes the space's saved assets equal to a fetched list. Text already read for the preview is
 * kept when the asset did not change since (the list carries excerpts, not whole texts).
 */
export async function saveAssetList(spaceId: string, assets: readonly Asset[]): Promise<void> {
  const saved = new Map((await db.assets.where('spaceId').equals(spaceId).toArray()).map((row) => [row.id, row]));
  const rows = assets.map((asset) => {
    const before = saved.get(asset.id);
    return toAssetRow(spaceId, asset, before && before.updatedAt === asset.updated_at ? before.content : undefined);
  });
  await guardStorageWrite(() => saveSnapshot('assets', { spaceId }, rows, { syncName: ASSETS_SYNC_NAME }));
  // Thumbnails of assets gone from the list (deleted elsewhere) go too.
  const kept = new Set(rows.map((row) => row.id));
  const orphans = (await db.assetThumbnails.where('spaceId').equals(spaceId).primaryKeys()).filter((id) => !kept.has(id));
  if (orphans.length > 0) await guardStorageWrite(() => db.assetThumbnails.bulkDelete(orphans));
}

export async function saveAsset(spaceId: string, asset: Asset | AssetDetail): Promise<void> {
  const content = 'content' in asset ? asset.content : undefined;
  const before = content === undefined ? await db.assets.get(asset.id) : undefined;
  const keep = before && before.updatedAt === asset.updated_at ? before.content : undefined;
  await guardStorageWrite(() => db.assets.put(toAssetRow(spaceId, asset, content ?? keep)));
}

export async function removeAsset(id: string): Promise<void> {
  await guardStorageWrite(() => db.transaction('rw', [db.assets, db.assetThumbnails], async () => {
    await db.assets.delete(id);
    await db.assetThumbnails.delete(id);
  }));
}

export async function saveCollections(spaceId: string, collections: readonly AssetCollection[]): Promise<void> {
  await guardStorageWrite(() => saveSnapshot('assetCollections', { spaceId }, collections.map((collection) => toCollectionRow(spaceId, collection))));
}

export async function saveCollection(spaceId: string, collection: AssetCollection): Promise<void> {
  await guardStorageWrite(() => db.assetCollections.put(toCollectionRow(spaceId, collection)));
}

export async function removeCollection(id: string): Promise<void> {
  await guardStorageWrite(() => db.assetCollections.delete(id));
}

export async function saveThumbnail(row: AssetThumbnailRow): Promise<void> {
  await guardStorageWrite(() => db.assetThumbnails.put(row));
}

/** Live (non-error) assets of a space by content hash → name, for the duplicate flags. */
export async function liveAssetsByHash(spaceId: string): Promise<Map<string, string>> {
  const rows = await db.assets.where('spaceId').equals(spaceId).toArray();
  return new Map(rows.filter((row) => row.status !== 'error').map((row) => [row.hash, row.name]));
}

/** The space's assets, newest first; undefined while loading. */
export function useAssets(spaceId: string | null): AssetRow[] | undefined {
  return useLiveQuery(async () => {
    if (!spaceId) return [];
    // The compound index reads them in order: no sort of thousands of rows on the main thread.
    return db.assets.where('[spaceId+createdAt]').between([spaceId, ''], [spaceId, '\uffff']).reverse().toArray();
  }, [spaceId]);
}

export function useAsset(id: string | null): AssetRow | undefined {
  return useLiveQuery(async () => (id ? db.assets.get(id) : undefined), [id]);
}

export function useCollections(spaceId: string | null): AssetCollectionRow[] | undefined {
  return useLiveQuery(async () => {
    if (!spaceId) return [];
    const rows = await db.assetCollections.where('spaceId').equals(spaceId).toArray();
    return rows.sort((a, b) => a.name.localeCompare(b.name, 'en-GB', { sensitivity: 'base' }));
  }, [spaceId]);
}

/** The saved thumbnail of an asset (any version; the caller compares versions). */
export function useSavedThumbnail(assetId: string): AssetThumbnailRow | null | undefined {
  return useLiveQuery(async () => (await db.assetThumbnails.get(assetId)) ?? null, [assetId]);
}
