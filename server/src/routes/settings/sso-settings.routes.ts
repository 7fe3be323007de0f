import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { AUTH_ENDPOINTS, SETTINGS_ENDPOINTS } from '../../../../src/contract/all-endpoints';
import type { Role } from '../../../../src/contract/auth';
import { API_PREFIX } from '../../../../src/contract/paths';
import { SSO_TEXTS } from '../../../../src/contract/sso';
import { MESSAGES, forbidden } from '../../errors';
import { appUrlFor } from '../../mail/fastify-mail';
import { authOf, currentUserOf } from '../../plugins/auth';
import { findClaim, toDomainClaim } from '../../services/domains/domain-claims';
import { findSsoProvider, removeSsoSettings, saveSsoSettings, toSsoProvider } from '../../services/sso/sso-settings.service';
import type { RouteDeps } from '../deps';
import { routeFromContract } from '../route-from-contract';

/** Owners and admins see how sign-in is set up (admins help people sign in); only owners change it. */
const READERS = ['org_owner', 'org_admin'] as const satisfies readonly Role[];
const EDITORS = ['org_owner'] as const satisfies readonly Role[];

function editorOf(request: FastifyRequest) {
  const auth = authOf(request);
  if (!auth.orgId) throw forbidden(MESSAGES.noOrganisation);
  return { userId: auth.userId, email: currentUserOf(request).email, role: auth.role, orgId: auth.orgId };
}

/**
 * GET, PUT and DELETE /settings/sso: the organisation's OpenID Connect provider (docs/sso.md).
 * Paths and schemas are the contract's (src/contract/settings-endpoints.ts).
 */
export const ssoSettingsRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { config, db, sso }) => {
  // The address the provider must know: the contract's callback route, on the address people reach Mosaic at.
  const redirectUriFor = (request: FastifyRequest) => `${appUrlFor(config.mail, request)}${API_PREFIX}${AUTH_ENDPOINTS.ssoCallback.path}`;

  routeFromContract(app, SETTINGS_ENDPOINTS.sso, {
    onRequest: [app.requireAuth, app.requireRole(READERS, SSO_TEXTS.onlyManagersRead)],
    handler: async (request) => {
      const { orgId } = editorOf(request);
      const row = await findSsoProvider(db, orgId);
      const claim = row ? await findClaim(db, orgId, row.emailDomain) : undefined;
      return { provider: row ? toSsoProvider(row) : null, redirect_uri: redirectUriFor(request), domain_claim: claim ? toDomainClaim(claim) : null };
    },
  });

  routeFromContract(app, SETTINGS_ENDPOINTS.saveSso, {
    onRequest: [app.requireAuth, app.requireRole(EDITORS, SSO_TEXTS.onlyOwnersConfigure)],
    handler: async (request) => saveSsoSettings(sso, editorOf(request), request.body, request.ip),
  });

  routeFromContract(app, SETTINGS_ENDPOINTS.removeSso, {
    onRequest: [app.requireAuth, app.requireRole(EDITORS, SSO_TEXTS.onlyOwnersConfigure)],
    handler: async (request, reply) => {
      await removeSsoSettings(db, editorOf(request), request.ip);
      return reply.status(204).send(null);
    },
  });
};
