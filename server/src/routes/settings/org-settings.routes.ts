import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Role } from '../../../../src/contract/auth';
import { organizationSchema, updateOrganizationSchema } from '../../../../src/contract/organization';
import { MESSAGES, forbidden } from '../../errors';
import { authOf, currentUserOf } from '../../plugins/auth';
import { getOrganization, updateOrganization } from '../../services/orgs/org-settings.service';
import { bearerSecurity, errorResponses } from '../common.schemas';
import type { RouteDeps } from '../deps';

/**
 * GET and PUT /settings/org (spec 001 §7). Organisation-wide, so no space header is needed: the
 * organisation is the caller's own (read from the user row on every request). Everyone in the
 * organisation reads it (screens show its name and properties); only owners change it, because the
 * name is how the organisation appears to everyone it invites.
 */
const READERS = ['org_owner', 'org_admin', 'org_member'] as const satisfies readonly Role[];
const EDITORS = ['org_owner'] as const satisfies readonly Role[];

function orgIdOf(auth: { orgId: string | null }): string {
  if (!auth.orgId) throw forbidden(MESSAGES.noOrganisation);
  return auth.orgId;
}

export const orgSettingsRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db }) => {
  app.get(
    '/settings/org',
    {
      onRequest: [app.requireAuth, app.requireRole(READERS, MESSAGES.noOrganisation)],
      schema: {
        tags: ['settings'],
        summary: "The caller's organisation: id, name and properties (one of them the default)",
        security: bearerSecurity,
        response: { 200: organizationSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => getOrganization(db, orgIdOf(authOf(request))),
  );

  app.put(
    '/settings/org',
    {
      onRequest: [app.requireAuth, app.requireRole(EDITORS, MESSAGES.onlyOwnersEditOrganisation)],
      schema: {
        tags: ['settings'],
        summary: "Replaces the organisation's name and properties (organisation owners)",
        security: bearerSecurity,
        body: updateOrganizationSchema,
        response: { 200: organizationSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const editor = { userId: auth.userId, email: currentUserOf(request).email, role: auth.role, orgId: orgIdOf(auth) };
      return updateOrganization(db, editor, request.body, request.ip);
    },
  );
};
