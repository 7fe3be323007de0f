/**
 * The Creative Assets endpoints' methods and paths (docs/assets.md "Endpoints"), by the names
 * assets-endpoints.ts declares their schemas under. No schemas here: callers load them without
 * the schema library (endpoint.ts).
 */
import type { AssetDeclarations } from './assets-endpoints';
import { routesFor } from './endpoint';

export const ASSET_ROUTES = routesFor<AssetDeclarations>()({
  list: ['GET', '/assets'],
  search: ['GET', '/assets/search'],
  capabilities: ['GET', '/assets/capabilities'],
  detail: ['GET', '/assets/:id'],
  thumbnail: ['GET', '/assets/:id/thumbnail'],
  preview: ['GET', '/assets/:id/preview'],
  download: ['POST', '/assets/:id/download'],
  update: ['PATCH', '/assets/:id'],
  remove: ['DELETE', '/assets/:id'],
  createText: ['POST', '/assets/text'],
  saveReply: ['POST', '/assets/from-message'],
  generate: ['POST', '/assets/generate'],
  checkHashes: ['POST', '/assets/hashes/check'],
  signUpload: ['POST', '/assets/uploads/sign'],
  commitUpload: ['POST', '/assets/uploads/commit'],
  collections: ['GET', '/assets/collections'],
  createCollection: ['POST', '/assets/collections'],
  renameCollection: ['PATCH', '/assets/collections/:id'],
  deleteCollection: ['DELETE', '/assets/collections/:id'],
});
