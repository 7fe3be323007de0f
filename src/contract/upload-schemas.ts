/**
 * The signed-upload flow's wire shapes, shared by the knowledge base and Creative Assets
 * (docs/knowledge.md "Storage", docs/assets.md "Uploads"): the hashes checked before hashing is
 * repeated, the query that asks for an upload URL, the URL that answers it, and the fields every
 * commit sends. Each area adds its own fields to the commit (knowledge-schemas.ts,
 * asset-request-schemas.ts). The validation messages are the texts a 422 answer names per field.
 */
import { z } from 'zod';

export const SHA256_HEX = /^[0-9a-fA-F]{64}$/;
/** One hash check covers a large drop (hundreds of files) in one call. */
export const MAX_HASHES_PER_CHECK = 1_000;

const sha256Hash = z.string({ error: 'Hash must be text' }).regex(SHA256_HEX, 'Hash must be a SHA-256 digest: 64 hexadecimal characters');

/** The hashes a hash check asks about. */
export const hashesToCheck = z
  .array(sha256Hash, { error: 'hashes must be a list of SHA-256 digests' })
  .max(MAX_HASHES_PER_CHECK, `At most ${MAX_HASHES_PER_CHECK} hashes per check`);

const uploadFilename = z
  .string({ error: 'filename is required' })
  .trim()
  .min(1, 'filename is required')
  .max(255, 'filename must be at most 255 characters');

/** POST …/uploads/sign: the file to upload; the size, when given, is refused past the limit before a byte is sent. */
export const signUploadQuery = z.object({
  filename: uploadFilename,
  content_type: z.string().max(255).default(''),
  size: z.coerce.number().int().min(0).optional(),
});

/** Where to PUT the file, with the headers to send; single use, until expires_at. */
export const signedUploadSchema = z.object({
  url: z.string(),
  method: z.literal('PUT'),
  headers: z.record(z.string(), z.string()),
  object_path: z.string(),
  content_type: z.string(),
  expires_at: z.string(),
});

/** POST …/uploads/commit: the uploaded object and what the browser says of it (the server checks every word). */
export const uploadCommitBody = z.object({
  object_path: z.string({ error: 'object_path is required' }).min(1, 'object_path is required').max(512),
  filename: uploadFilename,
  size: z.number({ error: 'size must be a number of bytes' }).int().min(0),
  mime: z.string({ error: 'mime is required' }).max(255),
  hash: sha256Hash,
});

/** The query of a signed link (upload target, download): the signature is the permission. */
export const signedLinkQuery = z.object({ token: z.string().max(4096).default('') });
