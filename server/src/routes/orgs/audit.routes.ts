import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditPageSchema } from '../../../../src/contract/audit';
import { MESSAGES, forbidden } from '../../errors';
import { authOf } from '../../plugins/auth';
import { listAuditEvents } from '../../services/audit/audit-query.service';
import { auditQuerySchema } from '../admin/audit-query.schemas';
import { bearerSecurity, errorResponses } from '../common.schemas';
import type { RouteDeps } from '../deps';

/**
 * GET /orgs/audit: the organisation's own audit log, for its owners only (admins and members 403):
 * who signed in, changed roles, invited, decided join requests, changed spaces and settings, paid.
 */
export const orgAuditRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db }) => {
  app.get(
    '/orgs/audit',
    {
      onRequest: [app.requireAuth, app.requireRole(['org_owner'], MESSAGES.onlyOwnersReadAudit)],
      schema: {
        tags: ['organisation'],
        summary: "The organisation's activity log, newest first (owners only)",
        security: bearerSecurity,
        querystring: auditQuerySchema,
        response: { 200: auditPageSchema, ...errorResponses(401, 403, 422) },
      },
    },
    async (request) => {
      const { orgId } = authOf(request);
      if (!orgId) throw forbidden(MESSAGES.onlyOwnersReadAudit);
      return listAuditEvents(db, request.query, { kind: 'organization', orgId });
    },
  );
};
