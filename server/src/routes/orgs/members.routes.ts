import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ORG_ENDPOINTS } from '../../../../src/contract/all-endpoints';
import { authOf } from '../../plugins/auth';
import { changeMemberRole, listMembers, removeMember } from '../../services/orgs/members.service';
import type { RouteDeps } from '../deps';
import { routeFromContract } from '../route-from-contract';
import { managerOf, orgManagerOnly } from './current-manager';

/**
 * GET /orgs/members, PUT /orgs/members/{id}/role, DELETE /orgs/members/{id} (owners and admins).
 * Paths and schemas are the contract's (src/contract/orgs-endpoints.ts).
 */
export const orgMembersRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db }) => {
  const onRequest = orgManagerOnly(app);

  routeFromContract(app, ORG_ENDPOINTS.members, {
    onRequest,
    handler: async (request) => listMembers(db, managerOf(request).orgId, request.query),
  });

  routeFromContract(app, ORG_ENDPOINTS.changeRole, {
    onRequest,
    handler: async (request) => changeMemberRole(db, authOf(request), request.params.id, request.body.role, request.ip),
  });

  routeFromContract(app, ORG_ENDPOINTS.removeMember, {
    onRequest,
    handler: async (request, reply) => {
      await removeMember(db, authOf(request), request.params.id, request.ip);
      return reply.status(204).send(null);
    },
  });
};
