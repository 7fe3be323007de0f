/**
 * The space's document statuses as they change (docs/knowledge.md "Status stream"). Path and
 * answer are the contract's (src/contract/knowledge-endpoints.ts); headers and closing as the
 * chat's reply stream (routes/agents/stream.routes.ts).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { KNOWLEDGE_ENDPOINTS } from '../../../../src/contract/all-endpoints';
import { spaceOf } from '../../plugins/space-context';
import { streamDocumentStatus } from '../../services/knowledge/document-status-stream';
import type { RouteDeps } from '../deps';
import { routeFromContract } from '../route-from-contract';
import { replyWithEventStream } from '../event-stream-reply';

export const documentStreamRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, waker, streams }) => {
  // text/event-stream (events: DOCUMENT_STREAM_EVENTS in src/contract/knowledge.ts); a stream is never serialised.
  routeFromContract(app, KNOWLEDGE_ENDPOINTS.documentStream, {
    onRequest: [app.requireAuth, app.requireSpace],
    handler: async (request, reply) => {
      return replyWithEventStream(
        request,
        reply,
        (send, gone) => streamDocumentStatus({ db, waker, streams }, spaceOf(request).id, send, gone),
        'Document status stream ended by an error; the client falls back to polling',
      );
    },
  });
};
