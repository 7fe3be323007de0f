import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { SSO_APP_PATH, SSO_CALLBACK_PATH, SSO_ERROR_MESSAGES, SSO_START_PATH } from '../../../../src/contract/sso';
import { ssoCompleteAnswerSchema, ssoCompleteBodySchema, ssoLookupSchema } from '../../../../src/contract/sso-schemas';
import { AppError } from '../../errors';
import { appUrlFor } from '../../mail/fastify-mail';
import { API_PREFIX } from '../../../../src/contract/paths';
import { authRateLimit, lookupRateLimit } from '../../plugins/rate-limit';
import { completeSsoSignIn, finishSsoCallback, lookupSso, SsoFailure, startSsoSignIn } from '../../services/sso/sso-sign-in.service';
import { emailSchema, errorResponses } from '../common.schemas';
import type { RouteDeps } from '../deps';
import { clearSsoCookie, setSsoCookie, ssoCookieOf } from './sso-cookie';

/** An in-app path only ('/agents?x=1'), never another site ('//evil', 'https://…'). */
const returnToSchema = z
  .string()
  .max(500)
  .optional()
  .transform((value) => (value && value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\') ? value : null));

/** Where the app page shows why a sign-in stopped (a relative address: the callback is our own origin). */
function appPageWithError(code: SsoFailure['code'], email?: string): string {
  const query = new URLSearchParams({ error: code, ...(email ? { email } : {}) });
  return `${SSO_APP_PATH}?${query.toString()}`;
}

/**
 * Single sign-on (docs/sso.md): the look-up the Login screen asks while an email is typed, the
 * start and the provider's callback (browser navigations, so they answer with redirects), and
 * the app's exchange of the one-time hand-over code for a session.
 */
export const ssoRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { config, db, sessions, sso, rateLimits }) => {
  const limit = authRateLimit(rateLimits, config.authRateLimitMax);
  const lookupLimit = lookupRateLimit(rateLimits, config.authRateLimitMax);
  const redirectUriFor = (request: FastifyRequest) => `${appUrlFor(config.mail, request)}${API_PREFIX}${SSO_CALLBACK_PATH}`;
  const failed = (request: FastifyRequest, reply: FastifyReply, failure: SsoFailure, email?: string) => {
    // The reason is for whoever runs the server; people see the code's sentence.
    request.log.warn({ code: failure.code, reason: failure.reason }, 'single sign-on stopped');
    return reply.redirect(appPageWithError(failure.code, email), 302);
  };

  app.get(
    '/auth/sso/lookup',
    {
      preValidation: lookupLimit,
      schema: {
        tags: ['sso'],
        summary: "Whether the email's domain signs in through its organisation's identity provider (the same for every address of a domain)",
        querystring: z.object({ email: emailSchema }),
        response: { 200: ssoLookupSchema, ...errorResponses(422, 429) },
      },
    },
    async (request) => lookupSso(db, request.query.email),
  );

  app.get(
    SSO_START_PATH,
    {
      preValidation: limit,
      schema: {
        tags: ['sso'],
        summary: "Starts signing in at the identity provider of the email's organisation (a redirect there)",
        querystring: z.object({ email: emailSchema, redirect: returnToSchema }),
        response: { 302: z.null(), ...errorResponses(422, 429) },
      },
    },
    async (request, reply) => {
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
  );

  app.get(
    SSO_CALLBACK_PATH,
    {
      schema: {
        tags: ['sso'],
        summary: 'Where the identity provider sends the browser back (the redirect URI to register with it)',
        querystring: z.record(z.string(), z.string()),
        response: { 302: z.null() },
      },
    },
    async (request, reply) => {
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
  );

  app.post(
    '/auth/sso/complete',
    {
      preValidation: limit,
      schema: {
        tags: ['sso'],
        summary: "Exchanges the one-time hand-over code (from the app page's address) for a session",
        body: ssoCompleteBodySchema,
        response: { 200: ssoCompleteAnswerSchema, ...errorResponses(401, 403, 422, 429) },
      },
    },
    async (request, reply) => {
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
  );
};
