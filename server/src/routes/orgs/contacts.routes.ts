import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { orgContactsSchema } from '../../../../src/contract/orgs-schemas';
import { MESSAGES, forbidden } from '../../errors';
import { authOf } from '../../plugins/auth';
import { listOrgContacts } from '../../services/orgs/org-contacts';
import { bearerSecurity, errorResponses } from '../common.schemas';
import type { RouteDeps } from '../deps';

/**
 * GET /orgs/contacts: the organisation's owners and admins by name and address, for everyone in
 * it. Help & Support lists them, so a member knows whom to ask for a role, a space or access.
 */
export const orgContactsRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db }) => {
  app.get(
    '/orgs/contacts',
    {
      onRequest: [app.requireAuth, app.requireRole(['org_owner', 'org_admin', 'org_member'], MESSAGES.noOrganisation)],
      schema: {
        tags: ['organisation'],
        summary: "The organisation's owners and admins, whom anyone in it can ask for help",
        security: bearerSecurity,
        response: { 200: orgContactsSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      const { orgId } = authOf(request);
      if (!orgId) throw forbidden(MESSAGES.noOrganisation);
      return { contacts: await listOrgContacts(db, orgId) };
    },
  );
};
