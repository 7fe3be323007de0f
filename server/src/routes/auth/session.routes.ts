import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUserOf } from '../../plugins/auth';
import { authRateLimit, refreshRateLimit } from '../../plugins/rate-limit';
import { toPublicUser } from '../../services/users.service';
import { sessionAnswerSchema, tokenAnswerSchema } from '../../../../src/contract/session-answers';
import { bearerSecurity, emailSchema, errorResponses, requiredText, userSchema } from '../common.schemas';
import type { RouteDeps } from '../deps';

const loginBody = z.object({
  email: emailSchema,
  password: z
    .string(requiredText('Password'))
    .min(1, 'Password is required')
    .max(1024, 'Password is too long'),
});

const refreshBody = z.object({
  refresh_token: z.string(requiredText('Refresh token')).min(1, 'Refresh token is required').max(512),
});


/** POST /login, /refresh, /logout and GET /me. */
export const sessionRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { config, sessions, rateLimits }) => {
  const limit = authRateLimit(rateLimits, config.authRateLimitMax);

  app.post(
    '/login',
    {
      preValidation: limit,
      schema: {
        tags: ['auth'],
        summary: 'Sign in with email and password',
        body: loginBody,
        response: { 200: sessionAnswerSchema, ...errorResponses(401, 422, 429) },
      },
    },
    async (request) =>
      sessions.login(request.body.email, request.body.password, { userAgent: request.headers['user-agent'] ?? null, ipAddress: request.ip }),
  );

  app.post(
    '/refresh',
    {
      preValidation: refreshRateLimit(rateLimits, config.authRateLimitMax),
      schema: {
        tags: ['auth'],
        summary: 'Exchange a refresh token for a new token pair (the old one stops working)',
        body: refreshBody,
        response: { 200: tokenAnswerSchema, ...errorResponses(401, 422, 429) },
      },
    },
    async (request) =>
      sessions.refresh(request.body.refresh_token, { ipAddress: request.ip, userAgent: request.headers['user-agent'] ?? null }),
  );

  app.post(
    '/logout',
    {
      schema: {
        tags: ['auth'],
        summary: "Sign out: revokes the refresh token's whole family",
        body: refreshBody,
        response: { 204: z.null(), ...errorResponses(422) },
      },
    },
    async (request, reply) => {
      await sessions.logout(request.body.refresh_token, request.ip);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/me',
    {
      onRequest: app.requireAuth,
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user',
        security: bearerSecurity,
        response: { 200: userSchema, ...errorResponses(401) },
      },
    },
    // requireAuth has read the user row on this request: a disabled or deleted account never gets here.
    async (request) => toPublicUser(currentUserOf(request)),
  );
};
