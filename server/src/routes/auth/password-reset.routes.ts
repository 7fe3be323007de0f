import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { AUTH_ENDPOINTS } from '../../../../src/contract/all-endpoints';
import { appUrlFor } from '../../mail/fastify-mail';
import { authRateLimit, lookupRateLimit } from '../../plugins/rate-limit';
import { requestPasswordReset, resetPassword, type AccountMailContext } from '../../services/account/password-reset.service';
import type { RouteDeps } from '../deps';
import { routeFromContract } from '../route-from-contract';

/** POST /auth/password/forgot and POST /auth/password/reset: no sign-in, rate limited. Schemas: src/contract/auth-endpoints.ts. */
export const passwordResetRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { config, db, mail, rateLimits }) => {
  const contextOf = (request: FastifyRequest): AccountMailContext => ({
    mail,
    appUrl: appUrlFor(config.mail, request),
    ipAddress: request.ip,
  });

  routeFromContract(app, AUTH_ENDPOINTS.forgotPassword, {
    // Per address and email, and per address: nobody can flood an inbox or walk a list of addresses.
    preValidation: authRateLimit(rateLimits, config.authRateLimitMax),
    handler: async (request, reply) => reply.status(202).send(await requestPasswordReset(db, request.body.email, contextOf(request))),
  });

  routeFromContract(app, AUTH_ENDPOINTS.resetPassword, {
    preValidation: lookupRateLimit(rateLimits, config.authRateLimitMax),
    handler: async (request, reply) => {
      await resetPassword(db, request.body.token, request.body.password, contextOf(request));
      return reply.status(204).send(null);
    },
  });
};
