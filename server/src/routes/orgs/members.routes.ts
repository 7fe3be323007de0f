import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf } from '../../plugins/auth';
import { changeMemberRole, listMembers, removeMember } from '../../services/orgs/members.service';
import { bearerSecurity, errorResponses } from '../common.schemas';
import type { RouteDeps } from '../deps';
import { managerOf, orgManagerOnly } from './current-manager';
import { changeRoleBody, idParams, orgMemberSchema } from './orgs.schemas';

/** GET /orgs/members, PUT /orgs/members/{id}/role, DELETE /orgs/members/{id} (owners and admins). */
export const orgMembersRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db }) => {
  const onRequest = orgManagerOnly(app);

  app.get(
    '/orgs/members',
    {
      onRequest,
      schema: {
        tags: ['organisation'],
        summary: "Members of the caller's organisation: owners, then admins, then members, each by name",
        security: bearerSecurity,
        response: { 200: z.object({ members: z.array(orgMemberSchema) }), ...errorResponses(401, 403) },
      },
    },
    async (request) => ({ members: await listMembers(db, managerOf(request).orgId) }),
  );

  app.put(
    '/orgs/members/:id/role',
    {
      onRequest,
      schema: {
        tags: ['organisation'],
        summary: "Change a member's role (not your own; the owner role only by an owner; one owner always stays)",
        security: bearerSecurity,
        params: idParams,
        body: changeRoleBody,
        response: { 200: orgMemberSchema, ...errorResponses(401, 403, 404, 409, 422) },
      },
    },
    async (request) => changeMemberRole(db, authOf(request), request.params.id, request.body.role, request.ip),
  );

  app.delete(
    '/orgs/members/:id',
    {
      onRequest,
      schema: {
        tags: ['organisation'],
        summary: 'Remove a member: deletes the account and signs it out; its chats and documents stay',
        security: bearerSecurity,
        params: idParams,
        response: { 204: z.null(), ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await removeMember(db, authOf(request), request.params.id, request.ip);
      return reply.status(204).send(null);
    },
  );
};
