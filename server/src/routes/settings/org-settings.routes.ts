import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SETTINGS_ENDPOINTS } from '../../../../src/contract/all-endpoints';
import type { Role } from '../../../../src/contract/auth';
import { MESSAGES, forbidden } from '../../errors';
import { authOf, currentUserOf } from '../../plugins/auth';
import { getOrganization, updateOrganization } from '../../services/orgs/org-settings.service';
import type { RouteDeps } from '../deps';
import { routeFromContract } from '../route-from-contract';

/**
 * GET and PUT /settings/org (spec 001 §7). Organisation-wide, so no space header is needed: the
 * organisation is the caller's own (read from the user row on every request). Everyone in the
 * organisation reads it (screens show its name and properties); only owners change it, because the
 * name is how the organisation appears to everyone it invites. Paths and schemas are the
 * contract's (src/contract/settings-endpoints.ts).
 */
const READERS = ['org_owner', 'org_admin', 'org_member'] as const satisfies readonly Role[];
const EDITORS = ['org_owner'] as const satisfies readonly Role[];

function orgIdOf(auth: { orgId: string | null }): string {
  if (!auth.orgId) throw forbidden(MESSAGES.noOrganisation);
  return auth.orgId;
}

export const orgSettingsRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db }) => {
  routeFromContract(app, SETTINGS_ENDPOINTS.organization, {
    onRequest: [app.requireAuth, app.requireRole(READERS, MESSAGES.noOrganisation)],
    handler: async (request) => getOrganization(db, orgIdOf(authOf(request))),
  });

  routeFromContract(app, SETTINGS_ENDPOINTS.saveOrganization, {
    onRequest: [app.requireAuth, app.requireRole(EDITORS, MESSAGES.onlyOwnersEditOrganisation)],
    handler: async (request) => {
      const auth = authOf(request);
      const editor = { userId: auth.userId, email: currentUserOf(request).email, role: auth.role, orgId: orgIdOf(auth) };
      return updateOrganization(db, editor, request.body, request.ip);
    },
  });
};
