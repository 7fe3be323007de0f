import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN_ENDPOINTS } from '../../../../src/contract/all-endpoints';
import { approveDomainClaim, listDomainClaimsForAdmins, rejectDomainClaim } from '../../services/admin/domain-claims.service';
import type { RouteDeps } from '../deps';
import { routeFromContract } from '../route-from-contract';
import { adminAccess, adminCallerOf } from './admin-access';

/**
 * /admin/domain-claims: email domain claims DNS could not settle, for platform admins to decide
 * (docs/admin.md "Domain claims"). Paths and schemas are the contract's (src/contract/admin-endpoints.ts).
 */
export const adminDomainClaimRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, deps) => {
  const { db } = deps;
  const { readers, actors } = adminAccess(app, deps);

  routeFromContract(app, ADMIN_ENDPOINTS.domainClaims, {
    onRequest: readers,
    handler: async (request) => ({ claims: await listDomainClaimsForAdmins(db, request.query.status) }),
  });

  routeFromContract(app, ADMIN_ENDPOINTS.approveDomainClaim, {
    onRequest: actors,
    handler: async (request) => approveDomainClaim(db, adminCallerOf(request), request.params.id, request.body.reason),
  });

  routeFromContract(app, ADMIN_ENDPOINTS.rejectDomainClaim, {
    onRequest: actors,
    handler: async (request) => rejectDomainClaim(db, adminCallerOf(request), request.params.id, request.body.reason),
  });
};
