import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { approveRequest, denyRequest, listPendingJoinRequests } from '../../services/orgs/org-join-requests.service';
import { bearerSecurity, errorResponses } from '../common.schemas';
import type { RouteDeps } from '../deps';
import { managerOf, orgManagerOnly } from './current-manager';
import { idParams, joinRequestSchema } from './orgs.schemas';

/** GET /orgs/join-requests, PUT /orgs/join-requests/{id}/approve and …/deny (owners and admins). */
export const orgJoinRequestsRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db }) => {
  const onRequest = orgManagerOnly(app);
  const decided = { 200: joinRequestSchema, ...errorResponses(401, 403, 404, 409) };

  app.get(
    '/orgs/join-requests',
    {
      onRequest,
      schema: {
        tags: ['organisation'],
        summary: 'Pending requests to join the organisation, oldest first',
        security: bearerSecurity,
        response: { 200: z.object({ join_requests: z.array(joinRequestSchema) }), ...errorResponses(401, 403) },
      },
    },
    async (request) => ({ join_requests: await listPendingJoinRequests(db, managerOf(request).orgId) }),
  );

  app.put(
    '/orgs/join-requests/:id/approve',
    {
      onRequest,
      schema: {
        tags: ['organisation'],
        summary: 'Approve a pending request: the person gets a member account and can sign in',
        security: bearerSecurity,
        params: idParams,
        response: decided,
      },
    },
    async (request) => approveRequest(db, managerOf(request), request.params.id, request.ip),
  );

  app.put(
    '/orgs/join-requests/:id/deny',
    {
      onRequest,
      schema: {
        tags: ['organisation'],
        summary: 'Deny a pending request: no account is created',
        security: bearerSecurity,
        params: idParams,
        response: decided,
      },
    },
    async (request) => denyRequest(db, managerOf(request), request.params.id, request.ip),
  );
};
