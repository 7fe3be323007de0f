import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { accountSessionsSchema, emailConfirmedSchema, messageAnswerSchema } from '../../../../src/contract/account-schemas';
import { appUrlFor } from '../../mail/fastify-mail';
import { authOf, currentUserOf } from '../../plugins/auth';
import { authRateLimit, lookupRateLimit } from '../../plugins/rate-limit';
import { listAccountSessions, revokeAccountSession } from '../../services/account/account-sessions';
import {
  changeName,
  changePassword,
  confirmEmailChange,
  requestEmailChange,
  type AccountCaller,
} from '../../services/account/account.service';
import type { AccountMailContext } from '../../services/account/password-reset.service';
import { bearerSecurity, displayName, emailSchema, errorResponses, newPasswordSchema, requiredText, userSchema } from '../common.schemas';
import type { RouteDeps } from '../deps';
import { accountLinkToken } from '../auth/password-reset.routes';

const currentPassword = z
  .string(requiredText('Current password'))
  .min(1, 'Current password is required')
  .max(1024, 'Current password is too long');

/**
 * The signed-in person's own account (every role, no space): /account/profile, /account/password,
 * /account/email, /account/sessions; and POST /auth/email/confirm, which the link from the new
 * address calls (it proves the inbox, so no sign-in is needed).
 */
export const accountRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { config, db, mail, rateLimits }) => {
  const callerOf = (request: FastifyRequest): AccountCaller => ({
    user: currentUserOf(request),
    sessionId: authOf(request).sessionId ?? null,
  });
  const contextOf = (request: FastifyRequest): AccountMailContext => ({
    mail,
    appUrl: appUrlFor(config.mail, request),
    ipAddress: request.ip,
  });
  // Routes that check the current password: guessing it with a stolen access token is limited too.
  const passwordLimit = authRateLimit(rateLimits, config.authRateLimitMax);

  app.put(
    '/account/profile',
    {
      onRequest: app.requireAuth,
      schema: {
        tags: ['account'],
        summary: 'Change your name',
        security: bearerSecurity,
        body: z.object({ name: displayName('Name') }),
        response: { 200: userSchema, ...errorResponses(401, 422) },
      },
    },
    async (request) => changeName(db, callerOf(request), request.body.name, request.ip),
  );

  app.post(
    '/account/password',
    {
      onRequest: app.requireAuth,
      preValidation: passwordLimit,
      schema: {
        tags: ['account'],
        summary: 'Change your password (the current one is required); signs out your other sessions',
        security: bearerSecurity,
        body: z.object({ current_password: currentPassword, new_password: newPasswordSchema }),
        response: { 204: z.null(), ...errorResponses(401, 422, 429) },
      },
    },
    async (request, reply) => {
      const input = { currentPassword: request.body.current_password, newPassword: request.body.new_password };
      await changePassword(db, callerOf(request), input, contextOf(request));
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/account/email',
    {
      onRequest: app.requireAuth,
      preValidation: passwordLimit,
      schema: {
        tags: ['account'],
        summary: 'Ask to change your email: a confirmation link goes to the new address, a notice to the current one',
        security: bearerSecurity,
        body: z.object({ new_email: emailSchema, current_password: currentPassword }),
        response: { 202: messageAnswerSchema, ...errorResponses(401, 422, 429) },
      },
    },
    async (request, reply) => {
      const input = { newEmail: request.body.new_email, currentPassword: request.body.current_password };
      return reply.status(202).send(await requestEmailChange(db, callerOf(request), input, contextOf(request)));
    },
  );

  app.post(
    '/auth/email/confirm',
    {
      preValidation: lookupRateLimit(rateLimits, config.authRateLimitMax),
      schema: {
        tags: ['account'],
        summary: 'Confirm a new email address with the link sent to it',
        body: z.object({ token: accountLinkToken }),
        response: { 200: emailConfirmedSchema, ...errorResponses(404, 409, 410, 422, 429) },
      },
    },
    async (request) => confirmEmailChange(db, request.body.token, contextOf(request)),
  );

  app.get(
    '/account/sessions',
    {
      onRequest: app.requireAuth,
      schema: {
        tags: ['account'],
        summary: 'The devices signed in to your account, this one first',
        security: bearerSecurity,
        response: { 200: accountSessionsSchema, ...errorResponses(401) },
      },
    },
    async (request) => ({ sessions: await listAccountSessions(db, callerOf(request)) }),
  );

  app.delete(
    '/account/sessions/:id',
    {
      onRequest: app.requireAuth,
      schema: {
        tags: ['account'],
        summary: 'Sign one of your devices out',
        security: bearerSecurity,
        params: z.object({ id: z.string() }),
        response: { 204: z.null(), ...errorResponses(401, 404) },
      },
    },
    async (request, reply) => {
      await revokeAccountSession(db, callerOf(request), request.params.id, request.ip);
      return reply.status(204).send(null);
    },
  );
};
