/**
 * The Creative Assets endpoints on the app tests' fake backend (answers are checked against the
 * contract like every other fake answer), with the library held in memory so uploads, edits and
 * deletes are seen by the next list.
 */
import type { Asset, AssetCapabilities, AssetCollection } from '../../../src/contract/assets';
import type { FakeApi } from '../app/support/fake-api';

let sequence = 0;

export function asset(fields: Partial<Asset> = {}): Asset {
  sequence += 1;
  return {
    id: `asset-${sequence}`,
    name: `Asset ${sequence}.png`,
    kind: 'image',
    mime_type: 'image/png',
    size_bytes: 204_800,
    hash: sequence.toString(16).padStart(64, '0'),
    source: 'upload',
    source_ref: null,
    status: 'ready',
    error_message: null,
    description: null,
    tags: [],
    collection_ids: [],
    width: 1200,
    height: 900,
    page_count: null,
    thumbnail_version: `v${sequence}`,
    excerpt: null,
    created_by: 'u-org_member',
    created_by_name: 'Ada org_member',
    created_at: new Date(Date.UTC(2026, 2, 1, 9, 0, sequence)).toISOString(),
    updated_at: new Date(Date.UTC(2026, 2, 1, 9, 0, sequence)).toISOString(),
    ...fields,
  };
}

/** A tiny real PNG (1 × 1, red): what the fake serves as every thumbnail and preview. */
export const PNG_BYTES = Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg=='), (c) => c.charCodeAt(0));

export interface FakeAssets {
  assets: Asset[];
  collections: AssetCollection[];
  contents: Map<string, string>;
  capabilities: AssetCapabilities;
  /** Ids the server's full-text search answers for any query. */
  searchMatches: string[];
  /** Answer the list with this status instead (e.g. 503 while "offline"). */
  failListWith: number | null;
}

export function installFakeAssets(api: FakeApi, initial: Asset[] = []): FakeAssets {
  const state: FakeAssets = {
    // Copies: edits made by one test must never reach the shared fixtures another test starts from.
    assets: initial.map((item) => structuredClone(item)),
    collections: [],
    contents: new Map(),
    capabilities: { max_upload_bytes: 200 * 1024 * 1024, image_generation: { available: false, model: null, credits: 40 } },
    searchMatches: [],
    failListWith: null,
  };
  const sorted = () => [...state.assets].sort((a, b) => (a.created_at < b.created_at ? 1 : -1));
  api.on('GET /assets', () => (state.failListWith ? { status: state.failListWith, body: { detail: 'Service unavailable' } } : { status: 200, body: { assets: sorted(), total: state.assets.length } }));
  api.on('GET /assets/collections', () => ({ status: 200, body: { collections: state.collections } }));
  api.on('GET /assets/capabilities', () => ({ status: 200, body: state.capabilities }));
  api.on('GET /assets/search', () => ({ status: 200, body: { assets: sorted().filter((candidate) => state.searchMatches.includes(candidate.id)), total: state.searchMatches.length } }));
  for (const item of initial) registerAssetRoutes(api, state, item.id);
  api.on('POST /assets/hashes/check', (call) => {
    const hashes = (call.body as { hashes: string[] }).hashes;
    const existing = state.assets.filter((candidate) => hashes.includes(candidate.hash)).map((candidate) => ({ hash: candidate.hash, asset_id: candidate.id, name: candidate.name }));
    return { status: 200, body: { non_existing_hashes: hashes.filter((hash) => !existing.some((entry) => entry.hash === hash)), existing } };
  });
  api.on('POST /assets/uploads/sign', (call) => ({
    status: 200,
    body: {
      url: `/api/v1/kb/uploads/target?token=t-${call.query.get('filename')}`,
      method: 'PUT',
      headers: { 'Content-Type': call.query.get('content_type') || 'application/octet-stream' },
      object_path: `uploads/s1/${sequence}/${call.query.get('filename')}`,
      content_type: call.query.get('content_type') || 'application/octet-stream',
      expires_at: '2099-01-01T00:00:00.000Z',
    },
  }));
  api.on('POST /assets/uploads/commit', (call) => {
    const body = call.body as { filename: string; size: number; mime: string; hash: string };
    const created = asset({ name: body.filename, mime_type: body.mime, size_bytes: body.size, hash: body.hash, status: 'processing', thumbnail_version: null, created_at: new Date().toISOString() });
    state.assets.push(created);
    registerAssetRoutes(api, state, created.id);
    return { status: 201, body: created };
  });
  api.on('POST /assets/from-message', (call) => {
    const { message_id: messageId } = call.body as { message_id: string };
    const saved = asset({ kind: 'text', mime_type: 'text/markdown', source: 'chat', source_ref: messageId, name: 'SEO: a saved reply', thumbnail_version: null, width: null, height: null });
    state.assets.push(saved);
    registerAssetRoutes(api, state, saved.id);
    return { status: 201, body: { assets: [saved] } };
  });
  return state;
}

/** The per-asset routes (the fake routes by exact path). */
export function registerAssetRoutes(api: FakeApi, state: FakeAssets, id: string): void {
  const find = () => state.assets.find((candidate) => candidate.id === id);
  api.on(`GET /assets/${id}`, () => {
    const found = find();
    return found ? { status: 200, body: { ...found, content: state.contents.get(id) ?? null } } : { status: 404, body: { detail: 'Asset not found' } };
  });
  api.on(`GET /assets/${id}/thumbnail`, () => ({ status: 200, bytes: { data: PNG_BYTES, type: 'image/webp' } }));
  api.on(`GET /assets/${id}/preview`, () => ({ status: 200, bytes: { data: PNG_BYTES, type: 'image/webp' } }));
  api.on(`PATCH /assets/${id}`, (call) => {
    const found = find();
    if (!found) return { status: 404, body: { detail: 'Asset not found' } };
    const updated: Asset = { ...found, ...(call.body as Partial<Asset>), updated_at: new Date().toISOString() };
    state.assets = state.assets.map((candidate) => (candidate.id === id ? updated : candidate));
    return { status: 200, body: updated };
  });
  api.on(`DELETE /assets/${id}`, () => {
    state.assets = state.assets.filter((candidate) => candidate.id !== id);
    return { status: 204 };
  });
  api.on(`POST /assets/${id}/download`, () => ({ status: 200, body: { url: `/api/v1/kb/downloads/file?token=d-${id}`, filename: find()?.name ?? 'file', expires_at: '2099-01-01T00:00:00.000Z' } }));
}
