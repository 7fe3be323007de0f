/** The Creative Assets calls (docs/assets.md "Endpoints"). */
import { http } from '../../api';
import type {
  Asset,
  AssetCapabilities,
  AssetCollection,
  AssetCommitRequest,
  AssetDetail,
  AssetDownload,
  AssetSignedUpload,
  AssetSource,
  AssetUpdateRequest,
  ImageShape,
} from '../../contract/assets';

/** An upload's commit reads the whole file back to hash it: a large video takes a while. */
const COMMIT_TIMEOUT_MS = 5 * 60_000;
/** Image models take up to a minute or two; the server gives up after LLM_TIMEOUT_SECONDS. */
const GENERATE_TIMEOUT_MS = 6 * 60_000;
const READ_TIMEOUT_MS = 30_000;

export const assetsApi = {
  list: () => http.get<{ assets: Asset[]; total: number }>('/assets', { timeoutMs: READ_TIMEOUT_MS }),
  search: (query: string) => http.get<{ assets: Asset[] }>('/assets/search', { query: { q: query }, timeoutMs: READ_TIMEOUT_MS }),
  detail: (id: string) => http.get<AssetDetail>(`/assets/${encodeURIComponent(id)}`, { timeoutMs: READ_TIMEOUT_MS }),
  capabilities: () => http.get<AssetCapabilities>('/assets/capabilities', { timeoutMs: READ_TIMEOUT_MS }),
  collections: () => http.get<{ collections: AssetCollection[] }>('/assets/collections', { timeoutMs: READ_TIMEOUT_MS }),
  /** image/webp bytes of the thumbnail or the preview image. */
  rendition: (id: string, which: 'thumbnail' | 'preview', signal?: AbortSignal) =>
    http.getBytes(`/assets/${encodeURIComponent(id)}/${which}`, { timeoutMs: READ_TIMEOUT_MS, signal }),
  download: (id: string, disposition: 'attachment' | 'inline' = 'attachment') =>
    http.post<AssetDownload>(`/assets/${encodeURIComponent(id)}/download`, undefined, { query: { disposition } }),
  update: (id: string, change: AssetUpdateRequest) => http.patch<Asset>(`/assets/${encodeURIComponent(id)}`, change),
  remove: (id: string) => http.delete<void>(`/assets/${encodeURIComponent(id)}`),
  checkHashes: (hashes: string[]) =>
    http.post<{ non_existing_hashes: string[]; existing: { hash: string; asset_id: string; name: string }[] }>('/assets/hashes/check', { hashes }),
  signUpload: (filename: string, contentType: string, size: number) =>
    http.post<AssetSignedUpload>('/assets/uploads/sign', undefined, { query: { filename, content_type: contentType, size } }),
  commitUpload: (payload: AssetCommitRequest) => http.post<Asset>('/assets/uploads/commit', payload, { timeoutMs: COMMIT_TIMEOUT_MS }),
  createText: (payload: { name: string; content: string; source: AssetSource; source_ref?: string | null; tags?: string[] }) =>
    http.post<Asset>('/assets/text', payload),
  saveReply: (messageId: string, split: 'whole' | 'variants') => http.post<{ assets: Asset[] }>('/assets/from-message', { message_id: messageId, split }),
  generate: (prompt: string, shape: ImageShape) => http.post<Asset>('/assets/generate', { prompt, shape }, { timeoutMs: GENERATE_TIMEOUT_MS }),
  createCollection: (name: string) => http.post<AssetCollection>('/assets/collections', { name }),
  renameCollection: (id: string, name: string) => http.patch<AssetCollection>(`/assets/collections/${encodeURIComponent(id)}`, { name }),
  deleteCollection: (id: string) => http.delete<void>(`/assets/collections/${encodeURIComponent(id)}`),
};
