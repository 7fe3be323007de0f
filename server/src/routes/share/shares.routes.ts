/**
 * What anyone with a share link may read, without signing in (docs/agents.md "Share links"). Never
 * indexed, never stored by a cache, no Referer sent on from it; a revoked link, a deleted chat and a
 * token that never existed all answer the same 404.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PUBLIC_SHARE_ENDPOINTS } from '../../../../src/contract/all-endpoints';
import { viewSharedChat } from '../../services/agents/share-links.service';
import type { RouteDeps } from '../deps';
import { routeFromContract } from '../route-from-contract';

/** Headers of every answer about a shared chat (the API answer and the page). */
export const SHARED_PAGE_HEADERS = {
  'X-Robots-Tag': 'noindex, nofollow, noarchive',
  'Cache-Control': 'no-store',
  'Referrer-Policy': 'no-referrer',
} as const;

/** GET /public/shares/:token: path and schemas are the contract's (src/contract/public-share-endpoints.ts). */
export const publicShareRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db }) => {
  routeFromContract(app, PUBLIC_SHARE_ENDPOINTS.view, {
    handler: async (request, reply) => {
      reply.headers(SHARED_PAGE_HEADERS);
      return viewSharedChat(db, request.params.token);
    },
  });
};
