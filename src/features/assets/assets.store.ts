/**
 * Creative Assets actions: the library and collections (Server → Dexie), capabilities, search,
 * edits, deletion, downloads, saving chat replies, image generation. Uploads are in
 * asset-uploads.ts, thumbnails in thumbnails.ts.
 */
import { toast } from 'sonner';
import { ApiError } from '../../api';
import { readValue, saveValue } from '../../db';
import { assetCapabilitiesSchema, type Asset, type AssetCapabilities, type ImageShape } from '../../contract/assets';
import type { AssetUpdateRequest } from '../../contract/asset-request-schemas';
import { getCurrentSpaceId, onSessionReset, onSpaceSwitch } from '../../session';
import { creditsChanged } from '../billing/billing.store';
import { assetsApi } from './assets.api';
import { removeAsset, removeCollection, saveAsset, saveAssetList, saveCollection, saveCollections } from './assets.queries';
import { assetsState, initialAssetsState, rememberView, type AssetView } from './assets.state';
import type { AssetFilter } from './asset-filters';
import { ProcessingWatch } from './processing-watch';
import { forgetThumbnailRequests } from './thumbnails';

export { assetsState } from './assets.state';

/** What went wrong, in the server's words when it gave any (they name limits and fixes). */
export function assetErrorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.serverDetail ?? error.fieldErrors[0]?.message ?? error.message;
  return error instanceof Error ? error.message : 'Something went wrong. Try again.';
}

const CAPABILITIES = 'asset-capabilities';

/** Assets whose thumbnails are being made: their state is asked for until they are ready. */
export const processingWatch = new ProcessingWatch({
  check: (id) => assetsApi.detail(id),
  onAsset: (asset) => {
    const spaceId = getCurrentSpaceId();
    if (spaceId) void saveAsset(spaceId, asset);
  },
});

/** Fetches the library and its collections into Dexie; offline, the saved library stays with the reason. */
export async function refreshAssets(): Promise<void> {
  const spaceId = getCurrentSpaceId();
  if (!spaceId) return;
  assetsState.refreshing = true;
  try {
    const [list, collections] = await Promise.all([assetsApi.list(), assetsApi.collections()]);
    if (getCurrentSpaceId() !== spaceId) return;
    await saveAssetList(spaceId, list.assets);
    await saveCollections(spaceId, collections.collections);
    assetsState.listError = null;
    processingWatch.watch(list.assets.filter((asset) => asset.status === 'processing').map((asset) => asset.id));
  } catch (error) {
    assetsState.listError = `The library could not be refreshed: ${assetErrorMessage(error)}`;
  } finally {
    assetsState.refreshing = false;
  }
}

/** The upload limit and image generation: from the server, else as last seen on this device. */
export async function loadCapabilities(): Promise<void> {
  const spaceId = getCurrentSpaceId();
  if (!spaceId) return;
  try {
    const capabilities = await assetsApi.capabilities();
    assetsState.capabilities = capabilities;
    await saveValue(CAPABILITIES, spaceId, capabilities);
  } catch {
    const saved = assetCapabilitiesSchema.safeParse(await readValue(CAPABILITIES, spaceId));
    if (saved.success && !assetsState.capabilities) assetsState.capabilities = saved.data as AssetCapabilities;
  }
}

export function setView(view: AssetView): void {
  assetsState.view = view;
  rememberView(view);
}

export function setFilter(change: Partial<AssetFilter>): void {
  Object.assign(assetsState.filter, change);
}

let searchSequence = 0;

/** Asks the server which assets match the words deep in their text (online); local matches show meanwhile. */
export async function searchServer(query: string): Promise<void> {
  const trimmed = query.trim();
  const sequence = (searchSequence += 1);
  if (!trimmed) {
    assetsState.serverSearch = { query: '', ids: null, loading: false };
    return;
  }
  assetsState.serverSearch = { query: trimmed, ids: assetsState.serverSearch.query === trimmed ? assetsState.serverSearch.ids : null, loading: true };
  try {
    const found = await assetsApi.search(trimmed);
    if (sequence === searchSequence) assetsState.serverSearch = { query: trimmed, ids: found.assets.map((asset) => asset.id), loading: false };
  } catch {
    // Offline or failing: the device's own matches stand.
    if (sequence === searchSequence) assetsState.serverSearch = { query: trimmed, ids: null, loading: false };
  }
}

/** Reads an asset's full text (text assets, documents) into Dexie for the preview. */
export async function loadAssetContent(id: string): Promise<void> {
  const spaceId = getCurrentSpaceId();
  if (!spaceId) return;
  const detail = await assetsApi.detail(id);
  if (getCurrentSpaceId() === spaceId) await saveAsset(spaceId, detail);
}

/** Renames, re-tags, describes or files an asset; the saved row follows the server's answer. */
export async function updateAsset(id: string, change: AssetUpdateRequest): Promise<Asset | null> {
  const spaceId = getCurrentSpaceId();
  try {
    const asset = await assetsApi.update(id, change);
    if (spaceId) await saveAsset(spaceId, asset);
    if (change.collection_ids !== undefined) void refreshCollections();
    return asset;
  } catch (error) {
    toast.error('The change was not saved', { description: assetErrorMessage(error) });
    return null;
  }
}

/** Deletes an asset (after the screen's confirmation). True when it is gone. */
export async function deleteAsset(id: string, name: string): Promise<boolean> {
  try {
    await assetsApi.remove(id);
  } catch (error) {
    // Already gone (another tab, a retried call): what the user wanted.
    if (!(error instanceof ApiError && error.status === 404)) {
      toast.error(`"${name}" was not deleted`, { description: assetErrorMessage(error) });
      return false;
    }
  }
  processingWatch.unwatch(id);
  await removeAsset(id);
  void refreshCollections();
  toast.success(`Deleted "${name}"`);
  return true;
}

/** Starts a download under the asset's name through a short-lived link (never kept). */
export async function downloadAsset(id: string): Promise<void> {
  try {
    const link = await assetsApi.download(id);
    const anchor = document.createElement('a');
    anchor.href = link.url;
    anchor.download = link.filename;
    anchor.rel = 'noopener';
    document.body.append(anchor);
    anchor.click();
    anchor.remove();
  } catch (error) {
    toast.error('The download could not start', { description: assetErrorMessage(error) });
  }
}

export async function refreshCollections(): Promise<void> {
  const spaceId = getCurrentSpaceId();
  if (!spaceId) return;
  try {
    const { collections } = await assetsApi.collections();
    if (getCurrentSpaceId() === spaceId) await saveCollections(spaceId, collections);
  } catch {
    // The saved collections stay; the next refresh catches up.
  }
}

export async function createCollection(name: string): Promise<string | null> {
  const spaceId = getCurrentSpaceId();
  try {
    const collection = await assetsApi.createCollection(name);
    if (spaceId) await saveCollection(spaceId, collection);
    return collection.id;
  } catch (error) {
    toast.error('The collection was not made', { description: assetErrorMessage(error) });
    return null;
  }
}

export async function deleteCollection(id: string, name: string): Promise<boolean> {
  try {
    await assetsApi.deleteCollection(id);
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 404)) {
      toast.error(`"${name}" was not deleted`, { description: assetErrorMessage(error) });
      return false;
    }
  }
  await removeCollection(id);
  if (assetsState.filter.collectionId === id) assetsState.filter.collectionId = null;
  // Its assets lose the collection: the library is read again.
  void refreshAssets();
  return true;
}

/**
 * Keeps an agent's reply (whole, or each copy variant) as text assets. Resolves with the saved
 * assets, or null after telling the user why not (already saved, offline, …).
 */
export async function saveReplyToAssets(messageId: string, split: 'whole' | 'variants'): Promise<Asset[] | null> {
  const spaceId = getCurrentSpaceId();
  try {
    const { assets } = await assetsApi.saveReply(messageId, split);
    if (spaceId) for (const asset of assets) await saveAsset(spaceId, asset);
    return assets;
  } catch (error) {
    const duplicate = error instanceof ApiError && error.status === 409;
    toast[duplicate ? 'info' : 'error'](duplicate ? 'Already in Creative Assets' : 'Not saved to Creative Assets', { description: assetErrorMessage(error) });
    return null;
  }
}

/** Generates an image (the server charges and refunds); the new asset lands in the library. */
export async function generateImage(prompt: string, shape: ImageShape): Promise<Asset | null> {
  const spaceId = getCurrentSpaceId();
  assetsState.generating = true;
  try {
    const asset = await assetsApi.generate(prompt, shape);
    if (spaceId) await saveAsset(spaceId, asset);
    processingWatch.watch([asset.id]);
    toast.success('Image generated', { description: `"${asset.name}" is in your library.` });
    return asset;
  } catch (error) {
    toast.error('No image was generated', { description: assetErrorMessage(error) });
    return null;
  } finally {
    assetsState.generating = false;
    // Charged when made, refunded when not: either way the balance on screen is asked for again.
    creditsChanged();
  }
}

/** Logout or space switch: nothing filtered, uploading or watched stays from before. */
export function resetAssets(): void {
  processingWatch.stop();
  forgetThumbnailRequests();
  searchSequence += 1;
  const view = assetsState.view;
  Object.assign(assetsState, initialAssetsState(), { view });
}

onSessionReset(resetAssets);
onSpaceSwitch(() => {
  resetAssets();
});
