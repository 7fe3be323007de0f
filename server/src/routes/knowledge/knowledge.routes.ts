import { isUuid } from '../../db/ids';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { KB_MESSAGES, badRequest, notFound } from '../../errors';
import { authOf } from '../../plugins/auth';
import { spaceOf } from '../../plugins/space-context';
import { checkHashes, deleteDocument, getDocument, listDocuments, toDocumentView } from '../../services/knowledge/documents.service';
import { searchKnowledge } from '../../services/knowledge/search';
import { enqueueDocument } from '../../services/knowledge/document-jobs';
import { commitUpload, signUpload } from '../../services/knowledge/uploads.service';
import { bearerSecurity, errorResponses } from '../common.schemas';
import type { RouteDeps } from '../deps';
import {
  commitBody,
  commitResponse,
  documentParams,
  documentSchema,
  hashCheckBody,
  hashCheckResponse,
  listQuery,
  listResponse,
  searchQuery,
  searchResponse,
  signQuery,
  signResponse,
} from './knowledge.schemas';


/** A malformed id is simply an unknown document. */
function documentId(id: string): string {
  if (!isUuid(id)) throw notFound(KB_MESSAGES.documentNotFound);
  return id;
}

/** Knowledge base (spec 001 §7): every route is scoped to the caller's current space. */
export const knowledgeRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, config, storage, jobs, semanticIndex }) => {
  const spaceScoped = [app.requireAuth, app.requireSpace];
  const tags = ['knowledge'];
  const maxBytes = config.knowledge.maxUploadBytes;

  app.post(
    '/kb/hashes/check',
    {
      onRequest: spaceScoped,
      schema: {
        tags,
        summary: 'Which SHA-256 hashes have no live document in the space yet',
        security: bearerSecurity,
        body: hashCheckBody,
        response: { 200: hashCheckResponse, ...errorResponses(400, 401, 404, 422) },
      },
    },
    async (request) => {
      const space = spaceOf(request);
      if (request.body.spaceId && request.body.spaceId.toLowerCase() !== space.id) throw badRequest(KB_MESSAGES.spaceMismatch, 'SPACE_MISMATCH');
      return checkHashes(db, space.id, request.body.hashes);
    },
  );

  app.get(
    '/kb/documents',
    {
      onRequest: spaceScoped,
      schema: {
        tags,
        summary: "The space's documents, newest first; `category` filters",
        security: bearerSecurity,
        querystring: listQuery,
        response: { 200: listResponse, ...errorResponses(400, 401, 404, 422) },
      },
    },
    async (request) => {
      const documents = await listDocuments(db, spaceOf(request).id, request.query.category || undefined);
      return { documents, total: documents.length };
    },
  );

  app.post(
    '/kb/uploads/sign',
    {
      onRequest: spaceScoped,
      schema: {
        tags,
        summary: 'A signed URL to PUT one file to (type checked; size checked when given)',
        security: bearerSecurity,
        querystring: signQuery,
        response: { 200: signResponse, ...errorResponses(400, 401, 404, 413, 415, 422) },
      },
    },
    async (request) => {
      const signed = await signUpload(storage, {
        spaceId: spaceOf(request).id,
        filename: request.query.filename,
        contentType: request.query.content_type,
        size: request.query.size,
        maxBytes,
      });
      return { ...signed, expires_at: signed.expiresAt.toISOString() };
    },
  );

  app.post(
    '/kb/uploads/commit',
    {
      onRequest: spaceScoped,
      schema: {
        tags,
        summary: 'Register an uploaded file as a document and start processing it',
        security: bearerSecurity,
        body: commitBody,
        response: { 201: commitResponse, ...errorResponses(400, 401, 403, 404, 409, 413, 415, 422) },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const document = await commitUpload(
        db,
        storage,
        {
          spaceId: spaceOf(request).id,
          userId: authOf(request).userId,
          objectPath: body.object_path,
          filename: body.filename,
          size: body.size,
          mime: body.mime,
          hash: body.hash,
          autoCategorized: body.auto_categorized,
          category: body.category ?? null,
          subcategory: body.subcategory ?? null,
          maxBytes,
        },
        (id) => enqueueDocument(jobs, config.knowledge, id),
      );
      return reply.status(201).send({ id: document.id, status: document.status, document });
    },
  );

  app.get(
    '/kb/documents/:id/status',
    {
      onRequest: spaceScoped,
      schema: {
        tags,
        summary: "A document's processing status (the whole document)",
        security: bearerSecurity,
        params: documentParams,
        response: { 200: documentSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => toDocumentView(await getDocument(db, spaceOf(request).id, documentId(request.params.id))),
  );

  app.delete(
    '/kb/documents/:id',
    {
      onRequest: spaceScoped,
      schema: {
        tags,
        summary: 'Delete a document, its passages and its stored file',
        security: bearerSecurity,
        params: documentParams,
        description: 'Members delete the documents they uploaded; organisation owners and admins delete any (403 otherwise).',
        response: { 204: z.null().describe('Deleted'), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { userId, role } = authOf(request);
      await deleteDocument(db, storage, spaceOf(request).id, documentId(request.params.id), { id: userId, role });
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/kb/search',
    {
      onRequest: spaceScoped,
      schema: {
        tags,
        summary: 'Search over the ready documents (full-text, or hybrid with vectors when embeddings are configured): the top k passages with highlighted terms',
        security: bearerSecurity,
        querystring: searchQuery,
        response: { 200: searchResponse, ...errorResponses(400, 401, 404, 422) },
      },
    },
    async (request) => {
      const { query, k, document_ids } = request.query;
      const documentIds = document_ids
        ?.split(',')
        .map((id) => id.trim())
        .filter((id) => isUuid(id));
      const contexts = await searchKnowledge(db, { spaceId: spaceOf(request).id, query, k, documentIds }, semanticIndex);
      return { query, contexts };
    },
  );
};
