import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { reasonBodySchema } from '../../../../src/contract/admin';
import { DOMAIN_CLAIM_STATUSES, adminDomainClaimListSchema, adminDomainClaimSchema } from '../../../../src/contract/domain-claims';
import { approveDomainClaim, listDomainClaimsForAdmins, rejectDomainClaim } from '../../services/admin/domain-claims.service';
import { bearerSecurity, errorResponses } from '../common.schemas';
import type { RouteDeps } from '../deps';
import { adminAccess, adminCallerOf, idParams } from './admin-access';

const tags = ['admin'];

/** /admin/domain-claims: email domain claims DNS could not settle, for platform admins to decide (docs/admin.md). */
export const adminDomainClaimRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, deps) => {
  const { db } = deps;
  const { readers, actors } = adminAccess(app, deps);

  app.get(
    '/admin/domain-claims',
    {
      onRequest: readers,
      schema: {
        tags,
        summary: 'Email domain claims in one state (default: awaiting review), with the organisation holding the domain if another does',
        security: bearerSecurity,
        querystring: z.object({
          status: z.enum(DOMAIN_CLAIM_STATUSES, { error: "Status must be 'unverified', 'pending_review' or 'verified'" }).default('pending_review'),
        }),
        response: { 200: adminDomainClaimListSchema, ...errorResponses(401, 403, 422, 429) },
      },
    },
    async (request) => ({ claims: await listDomainClaimsForAdmins(db, request.query.status) }),
  );

  app.post(
    '/admin/domain-claims/:id/approve',
    {
      onRequest: actors,
      schema: {
        tags,
        summary: 'Verifies a claim awaiting review (system admins), withdrawing the domain from any organisation that held it; audited with the reason',
        security: bearerSecurity,
        params: idParams,
        body: reasonBodySchema,
        response: { 200: adminDomainClaimSchema, ...errorResponses(401, 403, 404, 409, 422, 429) },
      },
    },
    async (request) => approveDomainClaim(db, adminCallerOf(request), request.params.id, request.body.reason),
  );

  app.post(
    '/admin/domain-claims/:id/reject',
    {
      onRequest: actors,
      schema: {
        tags,
        summary: 'Rejects a claim awaiting review (system admins): it stays unverified, the reason is shown to the owner and audited',
        security: bearerSecurity,
        params: idParams,
        body: reasonBodySchema,
        response: { 200: adminDomainClaimSchema, ...errorResponses(401, 403, 404, 409, 422, 429) },
      },
    },
    async (request) => rejectDomainClaim(db, adminCallerOf(request), request.params.id, request.body.reason),
  );
};
