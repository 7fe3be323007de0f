/**
 * The space's document statuses as they change (docs/knowledge.md "Status stream"). Path and
 * answer are the contract's (src/contract/knowledge-endpoints.ts); headers and closing as the
 * chat's reply stream (routes/agents/stream.routes.ts).
 */
import { PassThrough } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { KNOWLEDGE_ENDPOINTS } from '../../../../src/contract/all-endpoints';
import { spaceOf } from '../../plugins/space-context';
import { streamDocumentStatus } from '../../services/knowledge/document-status-stream';
import type { RouteDeps } from '../deps';
import { routeFromContract } from '../route-from-contract';

export const documentStreamRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, waker, streams }) => {
  // text/event-stream (events: DOCUMENT_STREAM_EVENTS in src/contract/knowledge.ts); a stream is never serialised.
  routeFromContract(app, KNOWLEDGE_ENDPOINTS.documentStream, {
    onRequest: [app.requireAuth, app.requireSpace],
    handler: async (request, reply) => {
      const body = new PassThrough();
      const gone = new AbortController();
      reply.raw.once('close', () => gone.abort());
      void streamDocumentStatus({ db, waker, streams }, spaceOf(request).id, (chunk) => body.write(chunk), gone.signal)
        .catch((error: unknown) => request.log.warn({ err: error }, 'Document status stream ended by an error; the client falls back to polling'))
        .finally(() => body.end());
      return reply
        .header('content-type', 'text/event-stream; charset=utf-8')
        // Never stored by a cache or the service worker, never buffered by a proxy.
        .header('cache-control', 'no-store, no-transform')
        .header('x-accel-buffering', 'no')
        .send(body);
    },
  });
};
