import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SPACE_ENDPOINTS } from '../../../../src/contract/all-endpoints';
import { MESSAGES, forbidden } from '../../errors';
import { authOf } from '../../plugins/auth';
import { createSpaceAudited, spaceLister } from '../../services/spaces.service';
import type { RouteDeps } from '../deps';
import { routeFromContract } from '../route-from-contract';

const SPACE_CREATORS = ['org_owner', 'org_admin'] as const;

/**
 * GET and POST /spaces/ (with or without the trailing slash). Not space-scoped: it lists them.
 * Paths and schemas are the contract's (src/contract/spaces-endpoints.ts).
 */
export const spacesRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db }) => {
  const listSpaces = spaceLister(db);

  routeFromContract(app, SPACE_ENDPOINTS.list, {
    onRequest: app.requireAuth,
    handler: async (request) => {
      const { orgId } = authOf(request);
      // Platform admins belong to no organisation and so have no spaces.
      return orgId ? listSpaces(orgId, request.query) : { data: [], next_cursor: null };
    },
  });

  routeFromContract(app, SPACE_ENDPOINTS.create, {
    onRequest: [app.requireAuth, app.requireRole(SPACE_CREATORS, MESSAGES.onlyManagersCreateSpaces)],
    handler: async (request, reply) => {
      const { orgId, userId } = authOf(request);
      if (!orgId) throw forbidden(MESSAGES.onlyManagersCreateSpaces);
      const space = await createSpaceAudited(db, orgId, request.body, { actor: { userId }, ipAddress: request.ip });
      return reply.status(201).send(space);
    },
  });
};
