/**
 * What anyone with a share link may read, without signing in (docs/agents.md "Share links"). Never
 * indexed, never stored by a cache, no Referer sent on from it; a revoked link, a deleted chat and a
 * token that never existed all answer the same 404.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sharedChatSchema } from '../../../../src/contract/chat-shares';
import { viewSharedChat } from '../../services/agents/share-links.service';
import { errorResponses } from '../common.schemas';
import type { RouteDeps } from '../deps';

/** Headers of every answer about a shared chat (the API answer and the page). */
export const SHARED_PAGE_HEADERS = {
  'X-Robots-Tag': 'noindex, nofollow, noarchive',
  'Cache-Control': 'no-store',
  'Referrer-Policy': 'no-referrer',
} as const;

export const publicShareRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db }) => {
  app.get(
    '/public/shares/:token',
    {
      schema: {
        tags: ['agents'],
        summary: 'A shared chat, read-only, for anyone with its link (no sign-in)',
        params: z.object({ token: z.string().max(200) }),
        response: { 200: sharedChatSchema, ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      reply.headers(SHARED_PAGE_HEADERS);
      return viewSharedChat(db, request.params.token);
    },
  );
};
