import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ORG_ENDPOINTS } from '../../../../src/contract/all-endpoints';
import { MESSAGES, forbidden } from '../../errors';
import { authOf } from '../../plugins/auth';
import { listOrgContacts } from '../../services/orgs/org-contacts';
import type { RouteDeps } from '../deps';
import { routeFromContract } from '../route-from-contract';

/**
 * GET /orgs/contacts: the organisation's owners and admins by name and address, for everyone in
 * it. Help & Support lists them, so a member knows whom to ask for a role, a space or access.
 * Path and schemas are the contract's (src/contract/orgs-endpoints.ts).
 */
export const orgContactsRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db }) => {
  routeFromContract(app, ORG_ENDPOINTS.contacts, {
    onRequest: [app.requireAuth, app.requireRole(['org_owner', 'org_admin', 'org_member'], MESSAGES.noOrganisation)],
    handler: async (request) => {
      const { orgId } = authOf(request);
      if (!orgId) throw forbidden(MESSAGES.noOrganisation);
      return { contacts: await listOrgContacts(db, orgId) };
    },
  });
};
