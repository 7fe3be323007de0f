import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ORG_ENDPOINTS } from '../../../../src/contract/all-endpoints';
import { approveJoinRequest, denyJoinRequest, listPendingJoinRequests, toJoinRequest } from '../../services/join-requests.service';
import type { RouteDeps } from '../deps';
import { routeFromContract } from '../route-from-contract';
import { managerOf, orgManagerOnly } from './current-manager';

/**
 * GET /orgs/join-requests, PUT /orgs/join-requests/{id}/approve and …/deny (owners and admins).
 * Paths and schemas are the contract's (src/contract/orgs-endpoints.ts).
 */
export const orgJoinRequestsRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db }) => {
  const onRequest = orgManagerOnly(app);

  routeFromContract(app, ORG_ENDPOINTS.joinRequests, {
    onRequest,
    handler: async (request) => listPendingJoinRequests(db, managerOf(request).orgId, request.query),
  });

  routeFromContract(app, ORG_ENDPOINTS.approveJoinRequest, {
    onRequest,
    handler: async (request) => toJoinRequest((await approveJoinRequest(db, request.params.id, managerOf(request), request.ip)).request),
  });

  routeFromContract(app, ORG_ENDPOINTS.denyJoinRequest, {
    onRequest,
    handler: async (request) => toJoinRequest(await denyJoinRequest(db, request.params.id, managerOf(request), request.ip)),
  });
};
