import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ORG_ENDPOINTS } from '../../../../src/contract/all-endpoints';
import { MESSAGES, forbidden } from '../../errors';
import { authOf } from '../../plugins/auth';
import { listAuditEvents } from '../../services/audit/audit-query.service';
import type { RouteDeps } from '../deps';
import { routeFromContract } from '../route-from-contract';

/**
 * GET /orgs/audit: the organisation's own audit log, for its owners only (admins and members 403):
 * who signed in, changed roles, invited, decided join requests, changed spaces and settings, paid.
 * Path and schemas are the contract's (src/contract/orgs-endpoints.ts).
 */
export const orgAuditRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db }) => {
  routeFromContract(app, ORG_ENDPOINTS.audit, {
    onRequest: [app.requireAuth, app.requireRole(['org_owner'], MESSAGES.onlyOwnersReadAudit)],
    handler: async (request) => {
      const { orgId } = authOf(request);
      if (!orgId) throw forbidden(MESSAGES.onlyOwnersReadAudit);
      return listAuditEvents(db, request.query, { kind: 'organization', orgId });
    },
  });
};
