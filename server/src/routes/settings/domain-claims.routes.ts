import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { SETTINGS_ENDPOINTS } from '../../../../src/contract/all-endpoints';
import type { Role } from '../../../../src/contract/auth';
import { DOMAIN_TEXTS } from '../../../../src/contract/domain-claims';
import { SSO_TEXTS } from '../../../../src/contract/sso';
import { AppError, MESSAGES, forbidden } from '../../errors';
import { authOf, currentUserOf } from '../../plugins/auth';
import { perUserRateLimit } from '../../plugins/rate-limit';
import { claimDomain } from '../../services/domains/claim-domain.service';
import { listClaims, toDomainClaim, type ClaimActor } from '../../services/domains/domain-claims';
import { requestDomainReview } from '../../services/domains/request-review.service';
import { verifyDomainByDns } from '../../services/domains/verify-domain.service';
import { isPublicEmailDomain } from '../../services/email-domains';
import type { RouteDeps } from '../deps';
import { routeFromContract } from '../route-from-contract';

const READERS = ['org_owner', 'org_admin'] as const satisfies readonly Role[];
const EDITORS = ['org_owner'] as const satisfies readonly Role[];
/** DNS checks a minute per owner: enough to retry while a record spreads, not enough to turn Mosaic into a DNS hammer. */
const VERIFY_CHECKS_PER_MINUTE = 20;

function actorOf(request: FastifyRequest): ClaimActor {
  const auth = authOf(request);
  if (!auth.orgId) throw forbidden(MESSAGES.noOrganisation);
  return { userId: auth.userId, email: currentUserOf(request).email, role: auth.role, orgId: auth.orgId };
}

/**
 * /settings/domain-claims: the organisation's email domains and their proof (docs/sso.md "Domain
 * verification"). Paths and schemas are the contract's (src/contract/settings-endpoints.ts).
 */
export const domainClaimRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, dnsTxt, rateLimits }) => {
  const readers = [app.requireAuth, app.requireRole(READERS, DOMAIN_TEXTS.onlyManagersRead)];
  const editors = [app.requireAuth, app.requireRole(EDITORS, DOMAIN_TEXTS.onlyOwnersClaim)];

  routeFromContract(app, SETTINGS_ENDPOINTS.domainClaims, {
    onRequest: readers,
    handler: async (request) => ({ claims: (await listClaims(db, actorOf(request).orgId)).map(toDomainClaim) }),
  });

  routeFromContract(app, SETTINGS_ENDPOINTS.claimDomain, {
    onRequest: editors,
    handler: async (request, reply) => {
      const { domain } = request.body;
      if (isPublicEmailDomain(domain)) throw new AppError(422, MESSAGES.validation, 'VALIDATION_ERROR', [{ field: 'domain', message: SSO_TEXTS.domainPublic(domain) }]);
      const { claim, created } = await claimDomain(db, actorOf(request), domain, request.ip);
      return reply.status(created ? 201 : 200).send(toDomainClaim(claim));
    },
  });

  routeFromContract(app, SETTINGS_ENDPOINTS.verifyDomain, {
    onRequest: [...editors, perUserRateLimit(rateLimits, 'domain-verify', VERIFY_CHECKS_PER_MINUTE)],
    handler: async (request) => toDomainClaim(await verifyDomainByDns(db, dnsTxt, actorOf(request), request.params.domain, request.ip)),
  });

  routeFromContract(app, SETTINGS_ENDPOINTS.requestDomainReview, {
    onRequest: editors,
    handler: async (request) => toDomainClaim(await requestDomainReview(db, actorOf(request), request.params.domain, request.ip)),
  });
};
