import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { REGISTRATION_ENDPOINTS } from '../../../../src/contract/all-endpoints';
import { appUrlFor } from '../../mail/fastify-mail';
import { authRateLimit, lookupRateLimit } from '../../plugins/rate-limit';
import { checkDomain, joinExistingOrganisation, registerOrganisation, type RegistrationContext } from '../../services/registration/registration.service';
import { previewInvitation } from '../../services/orgs/invitation-links.service';
import type { RouteDeps } from '../deps';
import { routeFromContract } from '../route-from-contract';

/**
 * POST /register, GET /register/check-domain, GET /register/invitation, POST /register/with-domain.
 * Paths and schemas are the contract's (src/contract/registration-endpoints.ts).
 */
export const registrationRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { config, db, sessions, mail, rateLimits }) => {
  const limit = authRateLimit(rateLimits, config.authRateLimitMax);
  const lookupLimit = lookupRateLimit(rateLimits, config.authRateLimitMax);
  const contextOf = (request: FastifyRequest): RegistrationContext => ({
    mail,
    appUrl: appUrlFor(config.mail, request),
    ipAddress: request.ip,
    userAgent: request.headers['user-agent'] ?? null,
  });

  routeFromContract(app, REGISTRATION_ENDPOINTS.register, {
    preValidation: limit,
    handler: async (request, reply) => {
      const { org_name, invite_token, ...account } = request.body;
      const input = { ...account, orgName: org_name ?? undefined, inviteToken: invite_token };
      return reply.status(201).send(await registerOrganisation(db, sessions, input, contextOf(request)));
    },
  });

  routeFromContract(app, REGISTRATION_ENDPOINTS.checkDomain, {
    preValidation: lookupLimit,
    handler: async (request) => checkDomain(db, request.query.email),
  });

  routeFromContract(app, REGISTRATION_ENDPOINTS.invitation, {
    preValidation: lookupLimit,
    handler: async (request) => previewInvitation(db, request.query.token),
  });

  routeFromContract(app, REGISTRATION_ENDPOINTS.withDomain, {
    preValidation: limit,
    handler: async (request, reply) => {
      const { choice, org_name, ...account } = request.body;
      if (choice === 'join_existing') {
        // No tokens for a request: the account exists only once an owner or admin approves it.
        return reply.status(202).send(await joinExistingOrganisation(db, account, contextOf(request)));
      }
      const created = await registerOrganisation(db, sessions, { ...account, orgName: org_name ?? undefined }, contextOf(request));
      return reply.status(201).send(created);
    },
  });
};
