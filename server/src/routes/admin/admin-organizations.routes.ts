import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ADMIN_TEXTS,
  adminOrganizationDetailSchema,
  adminOrganizationPageSchema,
  creditAdjustedSchema,
  creditAdjustmentBodySchema,
} from '../../../../src/contract/admin';
import { isUuid } from '../../db/ids';
import { notFound } from '../../errors';
import { adminOrganizationDetail, listAdminOrganizations } from '../../services/admin/organizations.service';
import { adjustCredits } from '../../services/billing/adjustments.service';
import { idempotencyKeyOf } from '../billing/idempotency-key';
import { bearerSecurity, errorResponses } from '../common.schemas';
import type { RouteDeps } from '../deps';
import { adminAccess, adminCallerOf, idParams, pageQuery, searchText } from './admin-access';

const tags = ['admin'];

/** /admin/organizations: every organisation, one in detail, and a system admin's credit adjustment (docs/admin.md). */
export const adminOrganizationsRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, deps) => {
  const { db } = deps;
  const { readers, actors } = adminAccess(app, deps);

  app.get(
    '/admin/organizations',
    {
      onRequest: readers,
      schema: {
        tags,
        summary: 'Search organisations (name, email domain or id), newest first, with plan, size and balance',
        security: bearerSecurity,
        querystring: z.object({ q: searchText, ...pageQuery }),
        response: { 200: adminOrganizationPageSchema, ...errorResponses(401, 403, 422, 429) },
      },
    },
    async (request) => listAdminOrganizations(db, request.query),
  );

  app.get(
    '/admin/organizations/:id',
    {
      onRequest: readers,
      schema: {
        tags,
        summary: 'One organisation: plan, credits and the latest ledger entries, spaces, members',
        security: bearerSecurity,
        params: idParams,
        response: { 200: adminOrganizationDetailSchema, ...errorResponses(401, 403, 404, 429) },
      },
    },
    async (request) => adminOrganizationDetail(db, request.params.id),
  );

  // The same adjustment as POST /billing/credits/add (docs/billing.md): one service, one ledger entry, one audit entry.
  app.post(
    '/admin/organizations/:id/credits',
    {
      onRequest: actors,
      schema: {
        tags,
        summary: "Add (positive) or remove (negative) credits with a reason (system admins): a ledger entry naming the admin, audited",
        security: bearerSecurity,
        params: idParams,
        body: creditAdjustmentBodySchema,
        response: { 200: creditAdjustedSchema, ...errorResponses(401, 403, 404, 422, 429) },
      },
    },
    async (request) => {
      if (!isUuid(request.params.id)) throw notFound(ADMIN_TEXTS.organisationNotFound);
      const admin = adminCallerOf(request);
      const change = await adjustCredits(db, {
        orgId: request.params.id,
        amount: request.body.amount,
        reason: request.body.reason,
        admin: { userId: admin.user.id, name: admin.user.name, email: admin.user.email, role: admin.user.role },
        ipAddress: admin.ipAddress,
        idempotencyKey: idempotencyKeyOf(request.headers),
      });
      return { transaction_id: change.transaction_id, credits_added: change.credits_added, credits_remaining: change.credits_remaining };
    },
  );
};
