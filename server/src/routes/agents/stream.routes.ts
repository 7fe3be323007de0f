/** Streaming a reply as it is written, and stopping it (docs/agents.md "Streaming", "Stop"). */
import { PassThrough } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { stopResultSchema, streamQuerySchema } from '../../../../src/contract/agents';
import { spaceOf } from '../../plugins/space-context';
import type { AgentRuntime } from '../../services/agents/runtime';
import { requireSession } from '../../services/agents/sessions.service';
import { streamSession } from '../../services/agents/stream.service';
import { bearerSecurity, errorResponses } from '../common.schemas';
import type { RouteDeps } from '../deps';
import { idParams } from './agents.schemas';

export const streamRoutes: FastifyPluginAsyncZod<RouteDeps & { runtime: AgentRuntime }> = async (app, { db, runtime }) => {
  const spaceScoped = [app.requireAuth, app.requireSpace];

  app.get(
    '/agents/sessions/:id/stream',
    {
      onRequest: spaceScoped,
      schema: {
        tags: ['agents'],
        summary: 'Server-sent events of the reply being written: `delta` {run_id, text} as it comes, then one `done` {run, message}. With `send` (a send\'s Idempotency-Key) it may be opened with that send and follows its run',
        security: bearerSecurity,
        params: idParams,
        querystring: streamQuerySchema,
        // text/event-stream (events: streamDeltaSchema, streamDoneSchema in src/contract/agents.ts); a stream is never serialised.
        response: { 200: z.unknown(), ...errorResponses(400, 401, 404, 422) },
      },
    },
    async (request, reply) => {
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
  );

  app.post(
    '/agents/sessions/:id/stop',
    {
      onRequest: spaceScoped,
      schema: {
        tags: ['agents'],
        summary: 'Stops the reply being written: what was written is kept as the reply, the unused credits are refunded',
        security: bearerSecurity,
        params: idParams,
        response: { 200: stopResultSchema, ...errorResponses(400, 401, 404, 409, 422) },
      },
    },
    async (request) => {
      const session = await requireSession(db, spaceOf(request).id, request.params.id);
      return runtime.stopSessionRun(session.id);
    },
  );
};
