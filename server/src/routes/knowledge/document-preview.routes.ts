import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { KNOWLEDGE_ENDPOINTS } from '../../../../src/contract/all-endpoints';
import { spaceOf } from '../../plugins/space-context';
import { documentText, downloadLink } from '../../services/knowledge/document-text.service';
import type { RouteDeps } from '../deps';
import { routeFromContract } from '../route-from-contract';
import { documentId } from './document-id';

/**
 * The document preview (docs/knowledge.md "Preview"): a document's text with its passages, and a
 * download link for the original. Space-scoped like the rest of the knowledge base: every member of
 * the space may read its documents; another space's or organisation's document is 404.
 */
export const documentPreviewRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, storage }) => {
  const spaceScoped = [app.requireAuth, app.requireSpace];

  routeFromContract(app, KNOWLEDGE_ENDPOINTS.documentText, {
    onRequest: spaceScoped,
    handler: async (request) => documentText(db, spaceOf(request).id, documentId(request.params.id), request.query.around),
  });

  routeFromContract(app, KNOWLEDGE_ENDPOINTS.downloadLink, {
    onRequest: spaceScoped,
    handler: async (request) => downloadLink(db, storage, spaceOf(request).id, documentId(request.params.id)),
  });
};
