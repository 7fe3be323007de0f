/**
 * Streaming a reply as it is written, and stopping it (docs/agents.md "Streaming", "Stop"). Paths
 * and schemas are the contract's (src/contract/agents-endpoints.ts).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AGENT_ENDPOINTS } from '../../../../src/contract/all-endpoints';
import { spaceOf } from '../../plugins/space-context';
import type { AgentRuntime } from '../../services/agents/runtime';
import { requireSession } from '../../services/agents/sessions.service';
import { streamSession } from '../../services/agents/stream.service';
import type { RouteDeps } from '../deps';
import { routeFromContract } from '../route-from-contract';
import { replyWithEventStream } from '../event-stream-reply';

export const streamRoutes: FastifyPluginAsyncZod<RouteDeps & { runtime: AgentRuntime }> = async (app, { db, runtime }) => {
  const spaceScoped = [app.requireAuth, app.requireSpace];

  // text/event-stream (events: streamDeltaSchema, streamDoneSchema in src/contract/agents.ts); a stream is never serialised.
  routeFromContract(app, AGENT_ENDPOINTS.stream, {
    onRequest: spaceScoped,
    handler: async (request, reply) => {
      const session = await requireSession(db, spaceOf(request).id, request.params.id);
      return replyWithEventStream(
        request,
        reply,
        (send, gone) => streamSession({ db, waker: runtime.waker, streams: runtime.streams }, session.id, send, gone, { sendKey: request.query.send }),
        'Reply stream ended by an error; the client falls back to the poll',
      );
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
