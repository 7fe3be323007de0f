/**
 * The request shapes of the Creative Assets endpoints as the server validates them (the endpoints
 * in assets-endpoints.ts; docs/assets.md): OpenAPI shows them, and the client tests' fake backends
 * check what the client sends against them. The upload flow's shared fields are upload-schemas.ts'.
 * The validation messages are the texts a 422 answer names per field. Text lengths are bounded
 * loosely here (twice ASSET_LIMITS): the services check the limits themselves once the text is
 * trimmed, with messages naming them.
 */
import { z } from 'zod';
import { ASSET_KINDS, ASSET_LIMITS, ASSET_SOURCES, IMAGE_SHAPES, SAVE_REPLY_SPLITS } from './assets';
import { hashesToCheck, uploadCommitBody } from './upload-schemas';

const tags = z.array(z.string().max(200), { error: 'tags must be a list of words' }).max(100);
const ids = (what: string) => z.array(z.string().max(64), { error: `${what} must be a list of ids` }).max(200);

export const assetIdParams = z.object({ id: z.string().max(64) });

export const assetListQuery = z.object({
  kind: z.enum(ASSET_KINDS).optional(),
  source: z.enum(ASSET_SOURCES).optional(),
  tag: z.string().trim().max(ASSET_LIMITS.tagMax).optional(),
  collection: z.string().trim().max(64).optional(),
});

export const assetSearchQuery = assetListQuery.extend({
  q: z.string({ error: 'q is required' }).trim().min(1, 'Type something to search for').max(200, 'Search for at most 200 characters'),
});

export const assetHashCheckBody = z.object({ hashes: hashesToCheck });

/** POST /assets/uploads/commit: with the tags and collections the file is added with. */
export const assetCommitBody = uploadCommitBody.extend({
  tags: tags.optional(),
  collection_ids: ids('collection_ids').optional(),
});
export type AssetCommitRequest = z.input<typeof assetCommitBody>;

export const textAssetBody = z.object({
  name: z.string({ error: 'name is required' }).max(1_000),
  content: z.string({ error: 'content is required' }).max(ASSET_LIMITS.textContentMax * 2),
  source: z.enum(ASSET_SOURCES, { error: `source must be one of ${ASSET_SOURCES.join(', ')}` }),
  source_ref: z.string().max(200).nullish(),
  tags: tags.optional(),
});

/** POST /assets/from-message: a chat reply kept whole, or each of its variants as an asset. */
export const saveReplyBody = z.object({
  message_id: z.string({ error: 'message_id is required' }).max(64),
  split: z.enum(SAVE_REPLY_SPLITS).default('whole'),
});

export const assetUpdateBody = z.object({
  name: z.string().max(1_000).optional(),
  description: z.string().max(ASSET_LIMITS.descriptionMax * 2).nullable().optional(),
  tags: tags.optional(),
  collection_ids: ids('collection_ids').optional(),
});
export type AssetUpdateRequest = z.infer<typeof assetUpdateBody>;

export const generateImageBody = z.object({
  prompt: z.string({ error: 'Describe the image you want' }).max(ASSET_LIMITS.promptMax * 2),
  shape: z.enum(IMAGE_SHAPES).default('square'),
  name: z.string().max(1_000).optional(),
});

export const assetDownloadQuery = z.object({ disposition: z.enum(['attachment', 'inline']).default('attachment') });

export const collectionBody = z.object({ name: z.string({ error: 'name is required' }).max(1_000) });
