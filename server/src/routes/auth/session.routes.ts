import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AUTH_ENDPOINTS } from '../../../../src/contract/all-endpoints';
import { currentUserOf } from '../../plugins/auth';
import { authRateLimit, refreshRateLimit } from '../../plugins/rate-limit';
import { toPublicUser } from '../../services/users.service';
import type { RouteDeps } from '../deps';
import { routeFromContract } from '../route-from-contract';

/** POST /login, /refresh, /logout and GET /me. Paths and schemas are the contract's (src/contract/auth-endpoints.ts). */
export const sessionRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { config, sessions, rateLimits }) => {
  routeFromContract(app, AUTH_ENDPOINTS.login, {
    preValidation: authRateLimit(rateLimits, config.authRateLimitMax),
    handler: async (request) =>
      sessions.login(request.body.email, request.body.password, { userAgent: request.headers['user-agent'] ?? null, ipAddress: request.ip }),
  });

  routeFromContract(app, AUTH_ENDPOINTS.refresh, {
    preValidation: refreshRateLimit(rateLimits, config.authRateLimitMax),
    handler: async (request) =>
      sessions.refresh(request.body.refresh_token, { ipAddress: request.ip, userAgent: request.headers['user-agent'] ?? null }),
  });

  routeFromContract(app, AUTH_ENDPOINTS.logout, {
    handler: async (request, reply) => {
      await sessions.logout(request.body.refresh_token, request.ip);
      return reply.status(204).send(null);
    },
  });

  routeFromContract(app, AUTH_ENDPOINTS.me, {
    onRequest: app.requireAuth,
    // requireAuth has read the user row on this request: a disabled or deleted account never gets here.
    handler: async (request) => toPublicUser(currentUserOf(request)),
  });
};
