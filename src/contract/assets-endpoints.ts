/**
 * The Creative Assets endpoints (docs/assets.md "Endpoints"): per endpoint its schemas, the error
 * statuses it answers and its OpenAPI description; methods and paths are in assets-routes.ts.
 * Every endpoint is scoped to the caller's current space: any member of the space works with its
 * assets; deleting is for whoever added the asset or made the collection, or an organisation
 * owner or admin. Files reach storage through the knowledge base's signed upload target.
 */
import { z } from 'zod';
import {
  assetCommitBody,
  assetDownloadQuery,
  assetHashCheckBody,
  assetIdParams,
  assetListQuery,
  assetSearchQuery,
  assetUpdateBody,
  collectionBody,
  generateImageBody,
  saveReplyBody,
  textAssetBody,
} from './asset-request-schemas';
import {
  ASSET_LIMITS,
  assetCapabilitiesSchema,
  assetCollectionSchema,
  assetCollectionsSchema,
  assetDetailSchema,
  assetDownloadSchema,
  assetHashCheckSchema,
  assetListSchema,
  assetSchema,
  savedAssetsSchema,
} from './assets';
import type { EndpointDeclaration } from './endpoint';
import { signUploadQuery, signedUploadSchema } from './upload-schemas';

const spaceScoped = { tags: ['assets'], auth: 'bearer' } as const;
const deleted = { 204: z.null().describe('Deleted') };

/** A thumbnail or preview: WebP bytes, with the X-Asset-Version header (the asset's thumbnail_version). */
const rendition = {
  ...spaceScoped,
  params: assetIdParams,
  answers: { 200: z.any().describe('The image') },
  answerTypes: { 200: 'image/webp' },
  errors: [400, 401, 404],
} as const;

export const ASSET_DECLARATIONS = {
  list: {
    ...spaceScoped,
    summary: "The space's assets, newest first; filters by kind, source, tag and collection",
    query: assetListQuery,
    answers: { 200: assetListSchema },
    errors: [400, 401, 404, 422],
  },
  search: {
    ...spaceScoped,
    summary: 'Assets whose name, description, tags or text match `q` (best match first), with the same filters',
    query: assetSearchQuery,
    answers: { 200: assetListSchema },
    errors: [400, 401, 404, 422],
  },
  capabilities: {
    ...spaceScoped,
    summary: 'The upload limit, and whether this server generates images (and with which model)',
    answers: { 200: assetCapabilitiesSchema },
    errors: [400, 401, 404],
  },
  detail: {
    ...spaceScoped,
    summary: "One asset with its full text (a text asset's Markdown, a document's text)",
    params: assetIdParams,
    answers: { 200: assetDetailSchema },
    errors: [400, 401, 404],
  },
  thumbnail: { ...rendition, summary: 'The thumbnail (WebP, at most 480 px)' },
  preview: { ...rendition, summary: 'The preview image (WebP, at most 1600 px)' },
  download: {
    ...spaceScoped,
    summary: "A short-lived link to the file, saved under the asset's name (`disposition=inline` to open it in the browser)",
    params: assetIdParams,
    query: assetDownloadQuery,
    answers: { 200: assetDownloadSchema },
    errors: [400, 401, 404, 409],
  },
  update: {
    ...spaceScoped,
    summary: 'Rename, describe, tag or file an asset in collections (any member of the space)',
    params: assetIdParams,
    body: assetUpdateBody,
    answers: { 200: assetSchema },
    errors: [400, 401, 404, 422],
  },
  remove: {
    ...spaceScoped,
    summary: 'Delete an asset, its file and its thumbnails',
    description: 'Members delete the assets they added; organisation owners and admins delete any (403 otherwise).',
    params: assetIdParams,
    answers: deleted,
    errors: [400, 401, 403, 404],
  },
  createText: {
    ...spaceScoped,
    summary: 'Keep a text (Markdown) as an asset',
    body: textAssetBody,
    answers: { 201: assetSchema },
    errors: [400, 401, 404, 409, 422],
  },
  saveReply: {
    ...spaceScoped,
    summary: "Keep an agent's reply as a text asset, or each of its copy variants as one",
    body: saveReplyBody,
    answers: { 201: savedAssetsSchema },
    errors: [400, 401, 404, 409, 422],
  },
  generate: {
    ...spaceScoped,
    summary: 'Generate an image from a prompt with the configured image model; it becomes an asset (charged in credits, refunded on failure)',
    body: generateImageBody,
    answers: { 201: assetSchema },
    errors: [400, 401, 402, 404, 409, 422, 502],
  },
  checkHashes: {
    ...spaceScoped,
    summary: 'Which SHA-256 hashes have no live asset in the space yet (and which asset holds the others)',
    body: assetHashCheckBody,
    answers: { 200: assetHashCheckSchema },
    errors: [400, 401, 404, 422],
  },
  signUpload: {
    ...spaceScoped,
    summary: 'A signed, single-use URL to PUT one file to (type checked; size checked when given)',
    query: signUploadQuery,
    answers: { 200: signedUploadSchema },
    errors: [400, 401, 404, 413, 415, 422],
  },
  commitUpload: {
    ...spaceScoped,
    summary: 'Register an uploaded file as an asset and start making its thumbnail',
    body: assetCommitBody,
    answers: { 201: assetSchema },
    errors: [400, 401, 403, 404, 409, 413, 415, 422],
  },
  collections: {
    ...spaceScoped,
    summary: "The space's collections by name, with their asset counts",
    answers: { 200: assetCollectionsSchema },
    errors: [400, 401, 404],
  },
  createCollection: {
    ...spaceScoped,
    summary: `Make a collection (names are unique in a space, ignoring case; at most ${ASSET_LIMITS.collectionsPerSpace} a space, 409 TOO_MANY_COLLECTIONS past that)`,
    body: collectionBody,
    answers: { 201: assetCollectionSchema },
    errors: [400, 401, 404, 409, 422],
  },
  renameCollection: {
    ...spaceScoped,
    summary: 'Rename a collection',
    params: assetIdParams,
    body: collectionBody,
    answers: { 200: assetCollectionSchema },
    errors: [400, 401, 404, 409, 422],
  },
  deleteCollection: {
    ...spaceScoped,
    summary: 'Delete a collection (its assets stay)',
    description: 'Members delete the collections they made; organisation owners and admins delete any (403 otherwise).',
    params: assetIdParams,
    answers: deleted,
    errors: [400, 401, 403, 404],
  },
} satisfies Record<string, EndpointDeclaration>;

export type AssetDeclarations = typeof ASSET_DECLARATIONS;
