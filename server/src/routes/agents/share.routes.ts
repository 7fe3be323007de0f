/**
 * Share links of a chat (docs/agents.md "Share links"): list, create, revoke. The public view is
 * routes/share. Paths and schemas are the contract's (src/contract/agents-endpoints.ts).
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AGENT_ENDPOINTS } from '../../../../src/contract/all-endpoints';
import { authOf } from '../../plugins/auth';
import { spaceOf } from '../../plugins/space-context';
import { createShareLink, listShareLinks, revokeShareLink, type ShareActor } from '../../services/agents/share-links.service';
import type { RouteDeps } from '../deps';
import { routeFromContract } from '../route-from-contract';

function actorOf(request: FastifyRequest): ShareActor {
  const auth = authOf(request);
  return { userId: auth.userId, role: auth.role, orgId: spaceOf(request).org_id, ipAddress: request.ip };
}

export const shareRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db }) => {
  const spaceScoped = [app.requireAuth, app.requireSpace];

  routeFromContract(app, AGENT_ENDPOINTS.shares, {
    onRequest: spaceScoped,
    handler: async (request) => ({ links: await listShareLinks(db, spaceOf(request).id, request.params.id) }),
  });

  routeFromContract(app, AGENT_ENDPOINTS.createShare, {
    onRequest: spaceScoped,
    handler: async (request, reply) => reply.status(201).send(await createShareLink(db, actorOf(request), spaceOf(request).id, request.params.id)),
  });

  routeFromContract(app, AGENT_ENDPOINTS.revokeShare, {
    onRequest: spaceScoped,
    handler: async (request, reply) => {
      await revokeShareLink(db, actorOf(request), spaceOf(request).id, request.params.id, request.params.shareId);
      return reply.status(204).send(null);
    },
  });
};
