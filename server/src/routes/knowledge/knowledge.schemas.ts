import { z } from 'zod';
import { KB_DOCUMENT_STATUSES } from '../../db/schema/knowledge';
import { MAX_K } from '../../services/knowledge/search';

export const SHA256_HEX = /^[0-9a-fA-F]{64}$/;
/** One hash check covers a large drop (hundreds of files) in one call. */
export const MAX_HASHES_PER_CHECK = 1_000;

export const documentSchema = z.object({
  id: z.uuid(),
  filename: z.string(),
  mime_type: z.string(),
  size_bytes: z.number().int(),
  status: z.enum(KB_DOCUMENT_STATUSES),
  created_at: z.string(),
  updated_at: z.string(),
  error_message: z.string().nullable(),
  rag_file_id: z.string().nullable(),
  hash: z.string(),
  category: z.string().nullable(),
  subcategory: z.string().nullable(),
  auto_categorized: z.boolean(),
  confidence_score: z.number().nullable(),
  passage_count: z.number().int(),
  uploaded_by: z.uuid().nullable(),
});

const hash = z.string({ error: 'Hash must be text' }).regex(SHA256_HEX, 'Hash must be a SHA-256 digest: 64 hexadecimal characters');

export const hashCheckBody = z.object({
  hashes: z
    .array(hash, { error: 'hashes must be a list of SHA-256 digests' })
    .max(MAX_HASHES_PER_CHECK, `At most ${MAX_HASHES_PER_CHECK} hashes per check`),
  spaceId: z.uuid({ error: 'spaceId must be a space id' }).optional(),
});

export const hashCheckResponse = z.object({
  non_existing_hashes: z.array(z.string()),
  existing: z.array(z.object({ hash: z.string(), document_id: z.uuid(), filename: z.string() })),
});

const filename = z
  .string({ error: 'filename is required' })
  .trim()
  .min(1, 'filename is required')
  .max(255, 'filename must be at most 255 characters');

export const signQuery = z.object({
  filename,
  content_type: z.string({ error: 'content_type is required' }).max(255).default(''),
  size: z.coerce.number().int().min(0).optional(),
});

export const signResponse = z.object({
  url: z.string(),
  method: z.literal('PUT'),
  headers: z.record(z.string(), z.string()),
  object_path: z.string(),
  content_type: z.string(),
  expires_at: z.string(),
});

export const commitBody = z.object({
  object_path: z.string({ error: 'object_path is required' }).min(1, 'object_path is required').max(512),
  filename,
  size: z.number({ error: 'size must be a number of bytes' }).int().min(0),
  mime: z.string({ error: 'mime is required' }).max(255),
  hash,
  auto_categorized: z.boolean().optional().default(true),
  category: z.string().max(64).nullish(),
  subcategory: z.string().max(64).nullish(),
});

export const commitResponse = z.object({ id: z.uuid(), status: z.enum(KB_DOCUMENT_STATUSES), document: documentSchema });

export const listQuery = z.object({ category: z.string().trim().max(64).optional() });
export const listResponse = z.object({ documents: z.array(documentSchema), total: z.number().int() });

export const documentParams = z.object({ id: z.string() });

export const searchQuery = z.object({
  query: z.string({ error: 'query is required' }).trim().min(1, 'query is required').max(500, 'query must be at most 500 characters'),
  k: z.coerce.number().int().min(1).max(MAX_K).default(5),
  /** Comma-separated document ids to search within. */
  document_ids: z.string().optional(),
});

export const searchResponse = z.object({
  query: z.string(),
  contexts: z.array(
    z.object({
      passage: z.string(),
      document_id: z.uuid(),
      /** Which passage of the document (0-based): the preview opens there. */
      ordinal: z.number().int(),
      filename: z.string(),
      score: z.number(),
      highlights: z.array(z.string()),
    }),
  ),
});
