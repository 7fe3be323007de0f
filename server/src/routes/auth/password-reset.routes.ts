import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { messageAnswerSchema } from '../../../../src/contract/account-schemas';
import { appUrlFor } from '../../mail/fastify-mail';
import { authRateLimit, lookupRateLimit } from '../../plugins/rate-limit';
import { requestPasswordReset, resetPassword, type AccountMailContext } from '../../services/account/password-reset.service';
import { emailSchema, errorResponses, newPasswordSchema, requiredText } from '../common.schemas';
import type { RouteDeps } from '../deps';

/** Secrets are 43 characters; anything much longer is not one of ours. */
export const accountLinkToken = z
  .string(requiredText('Token'))
  .trim()
  .min(1, 'Token is required')
  .max(200, 'This is not a link token');

/** POST /auth/password/forgot and POST /auth/password/reset: no sign-in, rate limited. */
export const passwordResetRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { config, db, mail, rateLimits }) => {
  const contextOf = (request: FastifyRequest): AccountMailContext => ({
    mail,
    appUrl: appUrlFor(config.mail, request),
    ipAddress: request.ip,
  });

  app.post(
    '/auth/password/forgot',
    {
      // Per address and email, and per address: nobody can flood an inbox or walk a list of addresses.
      preValidation: authRateLimit(rateLimits, config.authRateLimitMax),
      schema: {
        tags: ['auth'],
        summary: 'Email a single-use password reset link (the same answer whether or not the address has an account)',
        body: z.object({ email: emailSchema }),
        response: { 202: messageAnswerSchema, ...errorResponses(422, 429) },
      },
    },
    async (request, reply) => reply.status(202).send(await requestPasswordReset(db, request.body.email, contextOf(request))),
  );

  app.post(
    '/auth/password/reset',
    {
      preValidation: lookupRateLimit(rateLimits, config.authRateLimitMax),
      schema: {
        tags: ['auth'],
        summary: 'Choose a new password with a reset link; signs the account out everywhere',
        body: z.object({ token: accountLinkToken, password: newPasswordSchema }),
        response: { 204: z.null(), ...errorResponses(404, 410, 422, 429) },
      },
    },
    async (request, reply) => {
      await resetPassword(db, request.body.token, request.body.password, contextOf(request));
      return reply.status(204).send(null);
    },
  );
};
