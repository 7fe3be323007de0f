import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN_ENDPOINTS } from '../../../../src/contract/all-endpoints';
import { adminOverview } from '../../services/admin/overview.service';
import { listAuditEvents } from '../../services/audit/audit-query.service';
import { securitySummary } from '../../services/audit/security-summary.service';
import type { RouteDeps } from '../deps';
import { routeFromContract } from '../route-from-contract';
import { adminAccess } from './admin-access';

/**
 * /admin/overview (dashboard), /admin/audit (the whole audit log), /admin/security (its security
 * signals). Paths and schemas are the contract's (src/contract/admin-endpoints.ts).
 */
export const adminOverviewRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, deps) => {
  const { db, jobs } = deps;
  const { readers } = adminAccess(app, deps);

  routeFromContract(app, ADMIN_ENDPOINTS.overview, { onRequest: readers, handler: async () => adminOverview(db, jobs) });

  routeFromContract(app, ADMIN_ENDPOINTS.audit, {
    onRequest: readers,
    handler: async (request) => listAuditEvents(db, request.query, { kind: 'platform' }),
  });

  routeFromContract(app, ADMIN_ENDPOINTS.security, { onRequest: readers, handler: async () => securitySummary(db) });
};
