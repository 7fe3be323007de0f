/**
 * The request and answer schemas of the knowledge-base endpoints (spec 001 §3, §7; the endpoints
 * in knowledge-endpoints.ts): the server validates requests and its answers with them, OpenAPI
 * shows them, and the client tests' fake backends are checked against them. Kept apart from
 * knowledge.ts, which screens load for its types and rules without the schema library.
 */
import { z } from 'zod';
import { KB_DOCUMENTS_PAGE_DEFAULT, KB_DOCUMENTS_PAGE_MAX, KB_DOCUMENT_STATUSES, type KnowledgeDocument } from './knowledge';
import { hashesToCheck, signUploadQuery, uploadCommitBody } from './upload-schemas';
import { wireId } from './wire';

/** The most passages one search answers. */
export const MAX_SEARCH_K = 50;

export const documentSchema = z.object({
  id: wireId,
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
  uploaded_by: z.nullable(wireId),
}) satisfies z.ZodType<KnowledgeDocument>;

// Any text: a malformed id is 'Document not found' like an unknown one (the route checks).
export const documentParams = z.object({ id: z.string() });

/** POST /kb/hashes/check; spaceId, when sent, must be the current space. */
export const documentHashCheckBody = z.object({
  hashes: hashesToCheck,
  spaceId: z.uuid({ error: 'spaceId must be a space id' }).optional(),
});

export const documentHashCheckSchema = z.object({
  non_existing_hashes: z.array(z.string()),
  existing: z.array(z.object({ hash: z.string(), document_id: wireId, filename: z.string() })),
});

/** POST /kb/uploads/sign: the knowledge base names a missing content type. */
export const documentSignQuery = signUploadQuery.extend({
  content_type: z.string({ error: 'content_type is required' }).max(255).default(''),
});

/** POST /kb/uploads/commit: with the category the uploader chose, if any. */
export const documentCommitBody = uploadCommitBody.extend({
  auto_categorized: z.boolean().optional().default(true),
  category: z.string().max(64).nullish(),
  subcategory: z.string().max(64).nullish(),
});

export const committedDocumentSchema = z.object({ id: wireId, status: z.enum(KB_DOCUMENT_STATUSES), document: documentSchema });

export const documentListQuery = z.object({
  category: z.string().trim().max(64).optional(),
  cursor: z.string().max(1000).optional(),
  limit: z.coerce.number().int().min(1).max(KB_DOCUMENTS_PAGE_MAX).default(KB_DOCUMENTS_PAGE_DEFAULT),
});
/** A page of the space's documents; `total` counts them all (of the category), `next_cursor` is null on the last page. */
export const documentListSchema = z.object({ documents: z.array(documentSchema), total: z.number().int(), next_cursor: z.string().nullable() });

export const searchQuery = z.object({
  query: z.string({ error: 'query is required' }).trim().min(1, 'query is required').max(500, 'query must be at most 500 characters'),
  k: z.coerce.number().int().min(1).max(MAX_SEARCH_K).default(5),
  /** Comma-separated document ids to search within. */
  document_ids: z.string().optional(),
});

export const searchAnswerSchema = z.object({
  query: z.string(),
  contexts: z.array(
    z.object({
      passage: z.string(),
      document_id: wireId,
      /** Which passage of the document (0-based): the preview opens there. */
      ordinal: z.number().int(),
      filename: z.string(),
      score: z.number(),
      highlights: z.array(z.string()),
    }),
  ),
});

/** GET /kb/documents/{id}/text. */
export const documentTextQuery = z.object({
  /** The passage the preview opens at (0-based); a long document answers a window around it. */
  around: z.coerce.number().int().min(0).max(10_000_000).default(0),
});

/** PUT /kb/uploads/target's answer: the object written and its size. */
export const uploadedObjectSchema = z.object({ object_path: z.string(), size_bytes: z.number().int() });
