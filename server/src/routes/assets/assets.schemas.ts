/** Request shapes of the Creative Assets API as the server validates them; answers are the contract's. */
import { z } from 'zod';
import { ASSET_KINDS, ASSET_LIMITS, ASSET_SOURCES, IMAGE_SHAPES, SAVE_REPLY_SPLITS } from '../../../../src/contract/assets';
import { MAX_HASHES_PER_CHECK, SHA256_HEX } from '../../../../src/contract/upload-schemas';

export {
  assetCapabilitiesSchema,
  assetCollectionSchema,
  assetCollectionsSchema,
  assetDetailSchema,
  assetDownloadSchema,
  assetHashCheckSchema,
  assetListSchema,
  assetSchema,
  assetSignedUploadSchema,
  savedAssetsSchema,
} from '../../../../src/contract/assets';

const hash = z.string({ error: 'Hash must be text' }).regex(SHA256_HEX, 'Hash must be a SHA-256 digest: 64 hexadecimal characters');
const filename = z.string({ error: 'filename is required' }).trim().min(1, 'filename is required').max(255, 'filename must be at most 255 characters');
const tags = z.array(z.string().max(200), { error: 'tags must be a list of words' }).max(100);
const ids = (what: string) => z.array(z.string().max(64), { error: `${what} must be a list of ids` }).max(200);

export const idParams = z.object({ id: z.string().max(64) });

export const listQuery = z.object({
  kind: z.enum(ASSET_KINDS).optional(),
  source: z.enum(ASSET_SOURCES).optional(),
  tag: z.string().trim().max(ASSET_LIMITS.tagMax).optional(),
  collection: z.string().trim().max(64).optional(),
});

export const searchQuery = listQuery.extend({
  q: z.string({ error: 'q is required' }).trim().min(1, 'Type something to search for').max(200, 'Search for at most 200 characters'),
});

export const hashCheckBody = z.object({
  hashes: z.array(hash, { error: 'hashes must be a list of SHA-256 digests' }).max(MAX_HASHES_PER_CHECK, `At most ${MAX_HASHES_PER_CHECK} hashes per check`),
});

export const signQuery = z.object({
  filename,
  content_type: z.string().max(255).default(''),
  size: z.coerce.number().int().min(0).optional(),
});

export const commitBody = z.object({
  object_path: z.string({ error: 'object_path is required' }).min(1, 'object_path is required').max(512),
  filename,
  size: z.number({ error: 'size must be a number of bytes' }).int().min(0),
  mime: z.string({ error: 'mime is required' }).max(255),
  hash,
  tags: tags.optional(),
  collection_ids: ids('collection_ids').optional(),
});

export const textBody = z.object({
  name: z.string({ error: 'name is required' }).max(1_000),
  content: z.string({ error: 'content is required' }).max(ASSET_LIMITS.textContentMax * 2),
  source: z.enum(ASSET_SOURCES, { error: `source must be one of ${ASSET_SOURCES.join(', ')}` }),
  source_ref: z.string().max(200).nullish(),
  tags: tags.optional(),
});

export const fromMessageBody = z.object({
  message_id: z.string({ error: 'message_id is required' }).max(64),
  split: z.enum(SAVE_REPLY_SPLITS).default('whole'),
});

export const updateBody = z.object({
  name: z.string().max(1_000).optional(),
  description: z.string().max(ASSET_LIMITS.descriptionMax * 2).nullable().optional(),
  tags: tags.optional(),
  collection_ids: ids('collection_ids').optional(),
});

export const generateBody = z.object({
  prompt: z.string({ error: 'Describe the image you want' }).max(ASSET_LIMITS.promptMax * 2),
  shape: z.enum(IMAGE_SHAPES).default('square'),
  name: z.string().max(1_000).optional(),
});

export const downloadQuery = z.object({ disposition: z.enum(['attachment', 'inline']).default('attachment') });

export const collectionBody = z.object({ name: z.string({ error: 'name is required' }).max(1_000) });
