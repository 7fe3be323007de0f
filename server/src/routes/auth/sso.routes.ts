import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AUTH_ENDPOINTS } from '../../../../src/contract/all-endpoints';
import { API_PREFIX } from '../../../../src/contract/paths';
import { SSO_APP_PATH, SSO_ERROR_MESSAGES } from '../../../../src/contract/sso';
import { AppError } from '../../errors';
import { appUrlFor } from '../../mail/fastify-mail';
import { authRateLimit, lookupRateLimit } from '../../plugins/rate-limit';
import { completeSsoSignIn, finishSsoCallback, lookupSso, SsoFailure, startSsoSignIn } from '../../services/sso/sso-sign-in.service';
import type { RouteDeps } from '../deps';
import { routeFromContract } from '../route-from-contract';
import { clearSsoCookie, setSsoCookie, ssoCookieOf } from './sso-cookie';

/** Where the app page shows why a sign-in stopped (a relative address: the callback is our own origin). */
function appPageWithError(code: SsoFailure['code'], email?: string): string {
  const query = new URLSearchParams({ error: code, ...(email ? { email } : {}) });
  return `${SSO_APP_PATH}?${query.toString()}`;
}

/**
 * Single sign-on (docs/sso.md): the look-up the Login screen asks while an email is typed, the
 * start and the provider's callback (browser navigations, so they answer with redirects), and
 * the app's exchange of the one-time hand-over code for a session. Paths and schemas are the
 * contract's (src/contract/auth-endpoints.ts).
 */
export const ssoRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { config, db, sessions, sso, rateLimits }) => {
  const limit = authRateLimit(rateLimits, config.authRateLimitMax);
  const lookupLimit = lookupRateLimit(rateLimits, config.authRateLimitMax);
  const redirectUriFor = (request: FastifyRequest) => `${appUrlFor(config.mail, request)}${API_PREFIX}${AUTH_ENDPOINTS.ssoCallback.path}`;
  const failed = (request: FastifyRequest, reply: FastifyReply, failure: SsoFailure, email?: string) => {
    // The reason is for whoever runs the server; people see the code's sentence.
    request.log.warn({ code: failure.code, reason: failure.reason }, 'single sign-on stopped');
    return reply.redirect(appPageWithError(failure.code, email), 302);
  };

  routeFromContract(app, AUTH_ENDPOINTS.ssoLookup, {
    preValidation: lookupLimit,
    handler: async (request) => lookupSso(db, request.query.email),
  });

  routeFromContract(app, AUTH_ENDPOINTS.ssoStart, {
    preValidation: limit,
    handler: async (request, reply) => {
      try {
        const started = await startSsoSignIn(sso, {
          email: request.query.email,
          returnTo: request.query.redirect,
          redirectUri: redirectUriFor(request),
        });
        setSsoCookie(request, reply, started.browserSecret);
        return reply.redirect(started.location, 302);
      } catch (error) {
        if (error instanceof SsoFailure) return failed(request, reply, error, request.query.email);
        throw error;
      }
    },
  });

  routeFromContract(app, AUTH_ENDPOINTS.ssoCallback, {
    handler: async (request, reply) => {
      try {
        const { handoff } = await finishSsoCallback(sso, {
          query: new URLSearchParams(request.query),
          browserSecret: ssoCookieOf(request),
          ipAddress: request.ip,
        });
        return reply.redirect(`${SSO_APP_PATH}?${new URLSearchParams({ handoff }).toString()}`, 302);
      } catch (error) {
        if (error instanceof SsoFailure) return failed(request, reply, error);
        throw error;
      }
    },
  });

  routeFromContract(app, AUTH_ENDPOINTS.ssoComplete, {
    preValidation: limit,
    handler: async (request, reply) => {
      try {
        const answer = await completeSsoSignIn(db, sessions, {
          handoff: request.body.handoff,
          browserSecret: ssoCookieOf(request),
          client: { userAgent: request.headers['user-agent'] ?? null, ipAddress: request.ip },
        });
        clearSsoCookie(request, reply);
        return answer;
      } catch (error) {
        if (error instanceof SsoFailure) {
          const status = error.code === 'ACCOUNT_SUSPENDED' ? 403 : 401;
          throw new AppError(status, SSO_ERROR_MESSAGES[error.code], error.code);
        }
        throw error;
      }
    },
  });
};
