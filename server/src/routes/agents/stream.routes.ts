/**
 * Streaming a reply as it is written, and stopping it (docs/agents.md "Streaming", "Stop"). Paths
 * and schemas are the contract's (src/contract/agents-endpoints.ts).
 */
import { PassThrough } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AGENT_ENDPOINTS } from '../../../../src/contract/all-endpoints';
import { spaceOf } from '../../plugins/space-context';
import type { AgentRuntime } from '../../services/agents/runtime';
import { requireSession } from '../../services/agents/sessions.service';
import { streamSession } from '../../services/agents/stream.service';
import type { RouteDeps } from '../deps';
import { routeFromContract } from '../route-from-contract';

export const streamRoutes: FastifyPluginAsyncZod<RouteDeps & { runtime: AgentRuntime }> = async (app, { db, runtime }) => {
  const spaceScoped = [app.requireAuth, app.requireSpace];

  // text/event-stream (events: streamDeltaSchema, streamDoneSchema in src/contract/agents.ts); a stream is never serialised.
  routeFromContract(app, AGENT_ENDPOINTS.stream, {
    onRequest: spaceScoped,
    handler: async (request, reply) => {
      const session = await requireSession(db, spaceOf(request).id, request.params.id);
      const body = new PassThrough();
      const gone = new AbortController();
      reply.raw.once('close', () => gone.abort());
      void streamSession({ db, waker: runtime.waker, streams: runtime.streams }, session.id, (chunk) => body.write(chunk), gone.signal, { sendKey: request.query.send })
        .catch((error: unknown) => request.log.warn({ err: error }, 'Reply stream ended by an error; the client falls back to the poll'))
        .finally(() => body.end());
      return reply
        .header('content-type', 'text/event-stream; charset=utf-8')
        // Never stored by a cache or the service worker, never buffered by a proxy.
        .header('cache-control', 'no-store, no-transform')
        .header('x-accel-buffering', 'no')
        .send(body);
    },
  });

  routeFromContract(app, AGENT_ENDPOINTS.stop, {
    onRequest: spaceScoped,
    handler: async (request) => {
      const session = await requireSession(db, spaceOf(request).id, request.params.id);
      return runtime.stopSessionRun(session.id);
    },
  });
};
