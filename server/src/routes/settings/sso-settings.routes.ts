import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Role } from '../../../../src/contract/auth';
import { SSO_CALLBACK_PATH, SSO_TEXTS } from '../../../../src/contract/sso';
import { ssoProviderSchema, ssoSettingsSchema, updateSsoSettingsSchema } from '../../../../src/contract/sso-settings';
import { MESSAGES, forbidden } from '../../errors';
import { appUrlFor } from '../../mail/fastify-mail';
import { API_PREFIX } from '../../../../src/contract/paths';
import { authOf, currentUserOf } from '../../plugins/auth';
import { findClaim, toDomainClaim } from '../../services/domains/domain-claims';
import { findSsoProvider, removeSsoSettings, saveSsoSettings, toSsoProvider } from '../../services/sso/sso-settings.service';
import { bearerSecurity, errorResponses } from '../common.schemas';
import type { RouteDeps } from '../deps';
import type { FastifyRequest } from 'fastify';

/** Owners and admins see how sign-in is set up (admins help people sign in); only owners change it. */
const READERS = ['org_owner', 'org_admin'] as const satisfies readonly Role[];
const EDITORS = ['org_owner'] as const satisfies readonly Role[];

function editorOf(request: FastifyRequest) {
  const auth = authOf(request);
  if (!auth.orgId) throw forbidden(MESSAGES.noOrganisation);
  return { userId: auth.userId, email: currentUserOf(request).email, role: auth.role, orgId: auth.orgId };
}

/** GET, PUT and DELETE /settings/sso: the organisation's OpenID Connect provider (docs/sso.md). */
export const ssoSettingsRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { config, db, sso }) => {
  const redirectUriFor = (request: FastifyRequest) => `${appUrlFor(config.mail, request)}${API_PREFIX}${SSO_CALLBACK_PATH}`;

  app.get(
    '/settings/sso',
    {
      onRequest: [app.requireAuth, app.requireRole(READERS, SSO_TEXTS.onlyManagersRead)],
      schema: {
        tags: ['sso'],
        summary: "The organisation's identity provider (never its client secret), the redirect URI to register there, and its domain's claim",
        security: bearerSecurity,
        response: { 200: ssoSettingsSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      const { orgId } = editorOf(request);
      const row = await findSsoProvider(db, orgId);
      const claim = row ? await findClaim(db, orgId, row.emailDomain) : undefined;
      return { provider: row ? toSsoProvider(row) : null, redirect_uri: redirectUriFor(request), domain_claim: claim ? toDomainClaim(claim) : null };
    },
  );

  app.put(
    '/settings/sso',
    {
      onRequest: [app.requireAuth, app.requireRole(EDITORS, SSO_TEXTS.onlyOwnersConfigure)],
      schema: {
        tags: ['sso'],
        summary: 'Sets up or changes the identity provider (organisation owners); the issuer is checked by discovery, the email domain claimed (409 when another organisation holds it)',
        security: bearerSecurity,
        body: updateSsoSettingsSchema,
        response: { 200: ssoProviderSchema, ...errorResponses(401, 403, 409, 422) },
      },
    },
    async (request) => saveSsoSettings(sso, editorOf(request), request.body, request.ip),
  );

  app.delete(
    '/settings/sso',
    {
      onRequest: [app.requireAuth, app.requireRole(EDITORS, SSO_TEXTS.onlyOwnersConfigure)],
      schema: {
        tags: ['sso'],
        summary: 'Turns single sign-on off and forgets the provider (people keep their accounts and passwords)',
        security: bearerSecurity,
        response: { 204: z.null(), ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      await removeSsoSettings(db, editorOf(request), request.ip);
      return reply.status(204).send(null);
    },
  );
};
