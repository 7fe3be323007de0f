/**
 * The knowledge-base endpoints (spec 001 §7; docs/knowledge.md): per endpoint its schemas, the
 * error statuses it answers and its OpenAPI description; methods and paths are in
 * knowledge-routes.ts. Every endpoint but the two signed links is scoped to the caller's current
 * space: every member of the space reads its documents; another space's document is 404. The
 * upload target and the download link are the local-disk storage's signed URLs, for documents and
 * creative assets alike: the signature in the query is the permission, so no bearer token.
 */
import { z } from 'zod';
import { documentTextSchema, downloadLinkSchema } from './document-preview';
import type { EndpointDeclaration } from './endpoint';
import {
  committedDocumentSchema,
  documentCommitBody,
  documentHashCheckBody,
  documentHashCheckSchema,
  documentListQuery,
  documentListSchema,
  documentParams,
  documentSchema,
  documentSignQuery,
  documentTextQuery,
  searchAnswerSchema,
  searchQuery,
  uploadedObjectSchema,
} from './knowledge-schemas';
import { signedLinkQuery, signedUploadSchema } from './upload-schemas';

const tags = ['knowledge'];
const spaceScoped = { tags, auth: 'bearer' } as const;
/** Signed by the server: the token is the permission, as with an S3 presigned URL. */
const signedLink = { tags, auth: 'public', query: signedLinkQuery } as const;

export const KNOWLEDGE_DECLARATIONS = {
  checkHashes: {
    ...spaceScoped,
    summary: 'Which SHA-256 hashes have no live document in the space yet',
    body: documentHashCheckBody,
    answers: { 200: documentHashCheckSchema },
    errors: [400, 401, 404, 422],
  },
  documents: {
    ...spaceScoped,
    summary: "The space's documents, newest first; `category` filters; a page at a time (`limit`, `cursor`), with the cursor of the next",
    query: documentListQuery,
    answers: { 200: documentListSchema },
    errors: [400, 401, 404, 422],
  },
  signUpload: {
    ...spaceScoped,
    summary: 'A signed URL to PUT one file to (type checked; size checked when given)',
    query: documentSignQuery,
    answers: { 200: signedUploadSchema },
    errors: [400, 401, 404, 413, 415, 422],
  },
  commitUpload: {
    ...spaceScoped,
    summary: 'Register an uploaded file as a document and start processing it',
    body: documentCommitBody,
    answers: { 201: committedDocumentSchema },
    errors: [400, 401, 403, 404, 409, 413, 415, 422],
  },
  documentStatus: {
    ...spaceScoped,
    summary: "A document's processing status (the whole document)",
    params: documentParams,
    answers: { 200: documentSchema },
    errors: [400, 401, 404],
  },
  documentStream: {
    ...spaceScoped,
    summary:
      "Server-sent events of the space's documents being processed: `document` (as the status endpoint answers it) for each in processing, then whenever one changes, until it is ready or in error; `gone` {id} when a followed one is deleted",
    // Its events are documents (documentSchema) and {id}; a stream is never serialised, so the answer
    // is declared as the event stream it is rather than checked against a JSON schema.
    answers: { 200: z.unknown().describe('Server-sent events: `document` events as statuses change, `gone` events for deleted documents') },
    answerTypes: { 200: 'text/event-stream' },
    errors: [400, 401, 404],
  },
  deleteDocument: {
    ...spaceScoped,
    summary: 'Delete a document, its passages and its stored file',
    description: 'Members delete the documents they uploaded; organisation owners and admins delete any (403 otherwise).',
    params: documentParams,
    answers: { 204: z.null().describe('Deleted') },
    errors: [400, 401, 403, 404],
  },
  search: {
    ...spaceScoped,
    summary: 'Search over the ready documents (full-text, or hybrid with vectors when embeddings are configured): the top k passages with highlighted terms',
    query: searchQuery,
    answers: { 200: searchAnswerSchema },
    errors: [400, 401, 404, 422],
  },
  documentText: {
    ...spaceScoped,
    summary: "A ready document's text as read (passages merged), with where each passage lies; a window around `around` for long documents",
    params: documentParams,
    query: documentTextQuery,
    answers: { 200: documentTextSchema },
    errors: [400, 401, 404, 409, 422],
  },
  downloadLink: {
    ...spaceScoped,
    summary: 'A link (valid for 5 minutes) that downloads the original file under its name',
    params: documentParams,
    answers: { 200: downloadLinkSchema },
    errors: [400, 401, 404],
  },
  uploadTarget: {
    ...signedLink,
    summary: 'Receives one file for a signed upload URL (local-disk storage)',
    description:
      "The body is the file's bytes as they are, not JSON, sent with the Content-Type the URL was signed for and streamed to storage (no JSON body limit; the signed size limit applies).",
    answers: { 200: uploadedObjectSchema },
    errors: [403, 404, 409, 413],
  },
  downloadFile: {
    ...signedLink,
    summary: 'Sends one stored file (a document or an asset) for a signed download URL (local-disk storage)',
    // Bytes with the type the file was stored with, whatever it is: never JSON.
    answers: { 200: z.any().describe('The file') },
    answerTypes: { 200: '*/*' },
    errors: [403, 404],
  },
} satisfies Record<string, EndpointDeclaration>;

export type KnowledgeDeclarations = typeof KNOWLEDGE_DECLARATIONS;
