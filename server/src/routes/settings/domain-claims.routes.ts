import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Role } from '../../../../src/contract/auth';
import { DOMAIN_TEXTS, claimDomainBodySchema, domainClaimListSchema, domainClaimSchema, emailDomainSchema } from '../../../../src/contract/domain-claims';
import { SSO_TEXTS } from '../../../../src/contract/sso';
import { AppError, MESSAGES, forbidden } from '../../errors';
import { authOf, currentUserOf } from '../../plugins/auth';
import { perUserRateLimit } from '../../plugins/rate-limit';
import { claimDomain } from '../../services/domains/claim-domain.service';
import { listClaims, toDomainClaim, type ClaimActor } from '../../services/domains/domain-claims';
import { requestDomainReview } from '../../services/domains/request-review.service';
import { verifyDomainByDns } from '../../services/domains/verify-domain.service';
import { isPublicEmailDomain } from '../../services/email-domains';
import { bearerSecurity, errorResponses } from '../common.schemas';
import type { RouteDeps } from '../deps';

const READERS = ['org_owner', 'org_admin'] as const satisfies readonly Role[];
const EDITORS = ['org_owner'] as const satisfies readonly Role[];
/** DNS checks a minute per owner: enough to retry while a record spreads, not enough to turn Mosaic into a DNS hammer. */
const VERIFY_CHECKS_PER_MINUTE = 20;

const domainParams = z.object({ domain: emailDomainSchema });

function actorOf(request: FastifyRequest): ClaimActor {
  const auth = authOf(request);
  if (!auth.orgId) throw forbidden(MESSAGES.noOrganisation);
  return { userId: auth.userId, email: currentUserOf(request).email, role: auth.role, orgId: auth.orgId };
}

/** /settings/domain-claims: the organisation's email domains and their proof (docs/sso.md "Domain verification"). */
export const domainClaimRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, dnsTxt, rateLimits }) => {
  const readers = [app.requireAuth, app.requireRole(READERS, DOMAIN_TEXTS.onlyManagersRead)];
  const editors = [app.requireAuth, app.requireRole(EDITORS, DOMAIN_TEXTS.onlyOwnersClaim)];

  app.get(
    '/settings/domain-claims',
    {
      onRequest: readers,
      schema: {
        tags: ['sso'],
        summary: "The organisation's email domain claims: state, the TXT record that proves each, the latest check",
        security: bearerSecurity,
        response: { 200: domainClaimListSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => ({ claims: (await listClaims(db, actorOf(request).orgId)).map(toDomainClaim) }),
  );

  app.post(
    '/settings/domain-claims',
    {
      onRequest: editors,
      schema: {
        tags: ['sso'],
        summary: 'Claims an email domain (owners): unverified until its TXT record is found or a platform admin approves it',
        security: bearerSecurity,
        body: claimDomainBodySchema,
        response: { 200: domainClaimSchema, 201: domainClaimSchema, ...errorResponses(401, 403, 409, 422) },
      },
    },
    async (request, reply) => {
      const { domain } = request.body;
      if (isPublicEmailDomain(domain)) throw new AppError(422, MESSAGES.validation, 'VALIDATION_ERROR', [{ field: 'domain', message: SSO_TEXTS.domainPublic(domain) }]);
      const { claim, created } = await claimDomain(db, actorOf(request), domain, request.ip);
      return reply.status(created ? 201 : 200).send(toDomainClaim(claim));
    },
  );

  app.post(
    '/settings/domain-claims/:domain/verify',
    {
      onRequest: [...editors, perUserRateLimit(rateLimits, 'domain-verify', VERIFY_CHECKS_PER_MINUTE)],
      schema: {
        tags: ['sso'],
        summary: "Looks up the claim's TXT record now; verified when found (422 with the record to add when not, 503 when DNS does not answer)",
        security: bearerSecurity,
        params: domainParams,
        response: { 200: domainClaimSchema, ...errorResponses(401, 403, 404, 409, 422, 429, 503) },
      },
    },
    async (request) => toDomainClaim(await verifyDomainByDns(db, dnsTxt, actorOf(request), request.params.domain, request.ip)),
  );

  app.post(
    '/settings/domain-claims/:domain/review',
    {
      onRequest: editors,
      schema: {
        tags: ['sso'],
        summary: "Asks Mosaic's platform admins to check the claim, for owners who cannot add a DNS record",
        security: bearerSecurity,
        params: domainParams,
        response: { 200: domainClaimSchema, ...errorResponses(401, 403, 404, 409, 422) },
      },
    },
    async (request) => toDomainClaim(await requestDomainReview(db, actorOf(request), request.params.domain, request.ip)),
  );
};
