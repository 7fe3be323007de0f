import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminOverviewSchema, adminSecuritySummarySchema } from '../../../../src/contract/admin';
import { auditPageSchema } from '../../../../src/contract/audit';
import { adminOverview } from '../../services/admin/overview.service';
import { listAuditEvents } from '../../services/audit/audit-query.service';
import { securitySummary } from '../../services/audit/security-summary.service';
import { bearerSecurity, errorResponses } from '../common.schemas';
import type { RouteDeps } from '../deps';
import { adminAccess } from './admin-access';
import { auditQuerySchema } from './audit-query.schemas';

const tags = ['admin'];

/** /admin/overview (dashboard), /admin/audit (the whole audit log), /admin/security (its security signals). */
export const adminOverviewRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, deps) => {
  const { db, jobs } = deps;
  const { readers } = adminAccess(app, deps);

  app.get(
    '/admin/overview',
    {
      onRequest: readers,
      schema: {
        tags,
        summary: 'Platform figures: organisations, people and activity, credits, documents, runs, job queues, latest failures',
        security: bearerSecurity,
        response: { 200: adminOverviewSchema, ...errorResponses(401, 403, 429) },
      },
    },
    async () => adminOverview(db, jobs),
  );

  app.get(
    '/admin/audit',
    {
      onRequest: readers,
      schema: {
        tags,
        summary: 'The audit log of every organisation, newest first, filtered by action, actor, organisation and dates',
        security: bearerSecurity,
        querystring: auditQuerySchema,
        response: { 200: auditPageSchema, ...errorResponses(401, 403, 422, 429) },
      },
    },
    async (request) => listAuditEvents(db, request.query, { kind: 'platform' }),
  );

  app.get(
    '/admin/security',
    {
      onRequest: readers,
      schema: {
        tags,
        summary: 'Failed sign-ins, refresh-token reuse and rate-limit refusals over the last day and week',
        security: bearerSecurity,
        response: { 200: adminSecuritySummarySchema, ...errorResponses(401, 403, 429) },
      },
    },
    async () => securitySummary(db),
  );
};
