/** The Creative Assets calls (docs/assets.md "Endpoints"), through the contract's routes. */
import { callEndpoint, http } from '../../api';
import type { AssetCommitRequest, AssetUpdateRequest } from '../../contract/asset-request-schemas';
import type { AssetSource, ImageShape } from '../../contract/assets';
import { ASSET_ROUTES } from '../../contract/assets-routes';
import { endpointPath } from '../../contract/endpoint';

/** An upload's commit reads the whole file back to hash it: a large video takes a while. */
const COMMIT_TIMEOUT_MS = 5 * 60_000;
/** Image models take up to a minute or two; the server gives up after LLM_TIMEOUT_SECONDS. */
const GENERATE_TIMEOUT_MS = 6 * 60_000;
const READ_TIMEOUT_MS = 30_000;

export const assetsApi = {
  list: () => callEndpoint(ASSET_ROUTES.list, {}, { timeoutMs: READ_TIMEOUT_MS }),
  search: (query: string) => callEndpoint(ASSET_ROUTES.search, { query: { q: query } }, { timeoutMs: READ_TIMEOUT_MS }),
  detail: (id: string) => callEndpoint(ASSET_ROUTES.detail, { params: { id } }, { timeoutMs: READ_TIMEOUT_MS }),
  capabilities: () => callEndpoint(ASSET_ROUTES.capabilities, {}, { timeoutMs: READ_TIMEOUT_MS }),
  collections: () => callEndpoint(ASSET_ROUTES.collections, {}, { timeoutMs: READ_TIMEOUT_MS }),
  /** image/webp bytes of the thumbnail or the preview image: bytes, so through getBytes at the route's path. */
  rendition: (id: string, which: 'thumbnail' | 'preview', signal?: AbortSignal) =>
    http.getBytes(endpointPath(ASSET_ROUTES[which], { id }), { timeoutMs: READ_TIMEOUT_MS, signal }),
  download: (id: string, disposition: 'attachment' | 'inline' = 'attachment') => callEndpoint(ASSET_ROUTES.download, { params: { id }, query: { disposition } }),
  update: (id: string, change: AssetUpdateRequest) => callEndpoint(ASSET_ROUTES.update, { params: { id }, body: change }),
  remove: (id: string) => callEndpoint(ASSET_ROUTES.remove, { params: { id } }),
  checkHashes: (hashes: string[]) => callEndpoint(ASSET_ROUTES.checkHashes, { body: { hashes } }),
  signUpload: (filename: string, contentType: string, size: number) =>
    callEndpoint(ASSET_ROUTES.signUpload, { query: { filename, content_type: contentType, size } }),
  commitUpload: (payload: AssetCommitRequest) => callEndpoint(ASSET_ROUTES.commitUpload, { body: payload }, { timeoutMs: COMMIT_TIMEOUT_MS }),
  createText: (payload: { name: string; content: string; source: AssetSource; source_ref?: string | null; tags?: string[] }) =>
    callEndpoint(ASSET_ROUTES.createText, { body: payload }),
  saveReply: (messageId: string, split: 'whole' | 'variants') => callEndpoint(ASSET_ROUTES.saveReply, { body: { message_id: messageId, split } }),
  generate: (prompt: string, shape: ImageShape) => callEndpoint(ASSET_ROUTES.generate, { body: { prompt, shape } }, { timeoutMs: GENERATE_TIMEOUT_MS }),
  createCollection: (name: string) => callEndpoint(ASSET_ROUTES.createCollection, { body: { name } }),
  renameCollection: (id: string, name: string) => callEndpoint(ASSET_ROUTES.renameCollection, { params: { id }, body: { name } }),
  deleteCollection: (id: string) => callEndpoint(ASSET_ROUTES.deleteCollection, { params: { id } }),
};
