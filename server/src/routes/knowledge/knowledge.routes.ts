import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { KNOWLEDGE_ENDPOINTS } from '../../../../src/contract/all-endpoints';
import { isUuid } from '../../db/ids';
import { KB_MESSAGES, badRequest } from '../../errors';
import { authOf } from '../../plugins/auth';
import { spaceOf } from '../../plugins/space-context';
import { checkHashes, deleteDocument, getDocument, listDocuments, toDocumentView } from '../../services/knowledge/documents.service';
import { searchKnowledge } from '../../services/knowledge/search';
import { enqueueDocument } from '../../services/knowledge/document-jobs';
import { announceDocumentChange } from '../../services/knowledge/document-status-stream';
import { commitUpload, signUpload } from '../../services/knowledge/uploads.service';
import { signRequest, uploadedFile } from '../../services/uploads/signed-uploads.service';
import type { RouteDeps } from '../deps';
import { routeFromContract } from '../route-from-contract';
import { documentId } from './document-id';

/**
 * Knowledge base (spec 001 §7): every route is scoped to the caller's current space. Paths and
 * schemas are the contract's (src/contract/knowledge-endpoints.ts).
 */
export const knowledgeRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, config, storage, jobs, semanticIndex, waker }) => {
  const spaceScoped = [app.requireAuth, app.requireSpace];
  const maxBytes = config.knowledge.maxUploadBytes;

  routeFromContract(app, KNOWLEDGE_ENDPOINTS.checkHashes, {
    onRequest: spaceScoped,
    handler: async (request) => {
      const space = spaceOf(request);
      if (request.body.spaceId && request.body.spaceId.toLowerCase() !== space.id) throw badRequest(KB_MESSAGES.spaceMismatch, 'SPACE_MISMATCH');
      return checkHashes(db, space.id, request.body.hashes);
    },
  });

  routeFromContract(app, KNOWLEDGE_ENDPOINTS.documents, {
    onRequest: spaceScoped,
    handler: async (request) => {
      const { category, limit, cursor } = request.query;
      return listDocuments(db, spaceOf(request).id, { category: category || undefined, limit, cursor });
    },
  });

  routeFromContract(app, KNOWLEDGE_ENDPOINTS.signUpload, {
    onRequest: spaceScoped,
    handler: async (request) => signUpload(storage, signRequest(request.query, spaceOf(request).id, maxBytes)),
  });

  routeFromContract(app, KNOWLEDGE_ENDPOINTS.commitUpload, {
    onRequest: spaceScoped,
    handler: async (request, reply) => {
      const body = request.body;
      const document = await commitUpload(
        db,
        storage,
        {
          ...uploadedFile(body, spaceOf(request).id, maxBytes),
          userId: authOf(request).userId,
          autoCategorized: body.auto_categorized,
          category: body.category ?? null,
          subcategory: body.subcategory ?? null,
        },
        (id) => enqueueDocument(jobs, config.knowledge, id),
      );
      // Status streams of the space follow it from now (docs/knowledge.md "Status stream").
      await announceDocumentChange(waker, spaceOf(request).id);
      return reply.status(201).send({ id: document.id, status: document.status, document });
    },
  });

  routeFromContract(app, KNOWLEDGE_ENDPOINTS.documentStatus, {
    onRequest: spaceScoped,
    handler: async (request) => toDocumentView(await getDocument(db, spaceOf(request).id, documentId(request.params.id))),
  });

  routeFromContract(app, KNOWLEDGE_ENDPOINTS.deleteDocument, {
    onRequest: spaceScoped,
    handler: async (request, reply) => {
      const { userId, role } = authOf(request);
      const spaceId = spaceOf(request).id;
      await deleteDocument(db, storage, spaceId, documentId(request.params.id), { id: userId, role });
      // A status stream following it says it is gone.
      await announceDocumentChange(waker, spaceId);
      return reply.status(204).send(null);
    },
  });

  routeFromContract(app, KNOWLEDGE_ENDPOINTS.search, {
    onRequest: spaceScoped,
    handler: async (request) => {
      const { query, k, document_ids } = request.query;
      const documentIds = document_ids
        ?.split(',')
        .map((id) => id.trim())
        .filter((id) => isUuid(id));
      const contexts = await searchKnowledge(db, { spaceId: spaceOf(request).id, query, k, documentIds }, semanticIndex);
      return { query, contexts };
    },
  });
};
