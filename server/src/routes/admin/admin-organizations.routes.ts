import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN_TEXTS } from '../../../../src/contract/admin';
import { ADMIN_ENDPOINTS } from '../../../../src/contract/all-endpoints';
import { isUuid } from '../../db/ids';
import { notFound } from '../../errors';
import { adminOrganizationDetail, listAdminOrganizations } from '../../services/admin/organizations.service';
import { adjustCredits } from '../../services/billing/adjustments.service';
import { idempotencyKeyOf } from '../billing/idempotency-key';
import type { RouteDeps } from '../deps';
import { routeFromContract } from '../route-from-contract';
import { adminAccess, adminCallerOf } from './admin-access';

/**
 * /admin/organizations: every organisation, one in detail, and a system admin's credit adjustment
 * (docs/admin.md). Paths and schemas are the contract's (src/contract/admin-endpoints.ts).
 */
export const adminOrganizationsRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, deps) => {
  const { db } = deps;
  const { readers, actors } = adminAccess(app, deps);

  routeFromContract(app, ADMIN_ENDPOINTS.organizations, {
    onRequest: readers,
    handler: async (request) => listAdminOrganizations(db, request.query),
  });

  routeFromContract(app, ADMIN_ENDPOINTS.organization, {
    onRequest: readers,
    handler: async (request) => adminOrganizationDetail(db, request.params.id),
  });

  // The same adjustment as POST /billing/credits/add (docs/billing.md): one service, one ledger entry, one audit entry.
  routeFromContract(app, ADMIN_ENDPOINTS.adjustCredits, {
    onRequest: actors,
    handler: async (request) => {
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
  });
};
