import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { ACCOUNT_ENDPOINTS } from '../../../../src/contract/all-endpoints';
import { appUrlFor } from '../../mail/fastify-mail';
import { authOf, currentUserOf } from '../../plugins/auth';
import { authRateLimit, lookupRateLimit } from '../../plugins/rate-limit';
import { listAccountSessions, revokeAccountSession, revokeOtherAccountSessions } from '../../services/account/account-sessions';
import {
  changeName,
  changePassword,
  confirmEmailChange,
  requestEmailChange,
  type AccountCaller,
} from '../../services/account/account.service';
import type { AccountMailContext } from '../../services/account/password-reset.service';
import type { RouteDeps } from '../deps';
import { routeFromContract } from '../route-from-contract';

/**
 * The signed-in person's own account (every role, no space): /account/profile, /account/password,
 * /account/email, /account/sessions (one device, or all but this one); and POST /auth/email/confirm, which the link from the new
 * address calls (it proves the inbox, so no sign-in is needed). Paths and schemas are the
 * contract's (src/contract/account-endpoints.ts).
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

  routeFromContract(app, ACCOUNT_ENDPOINTS.updateProfile, {
    onRequest: app.requireAuth,
    handler: async (request) => changeName(db, callerOf(request), request.body.name, request.ip),
  });

  routeFromContract(app, ACCOUNT_ENDPOINTS.changePassword, {
    onRequest: app.requireAuth,
    preValidation: passwordLimit,
    handler: async (request, reply) => {
      const input = { currentPassword: request.body.current_password, newPassword: request.body.new_password };
      await changePassword(db, callerOf(request), input, contextOf(request));
      return reply.status(204).send(null);
    },
  });

  routeFromContract(app, ACCOUNT_ENDPOINTS.changeEmail, {
    onRequest: app.requireAuth,
    preValidation: passwordLimit,
    handler: async (request, reply) => {
      const input = { newEmail: request.body.new_email, currentPassword: request.body.current_password };
      return reply.status(202).send(await requestEmailChange(db, callerOf(request), input, contextOf(request)));
    },
  });

  routeFromContract(app, ACCOUNT_ENDPOINTS.confirmEmail, {
    preValidation: lookupRateLimit(rateLimits, config.authRateLimitMax),
    handler: async (request) => confirmEmailChange(db, request.body.token, contextOf(request)),
  });

  routeFromContract(app, ACCOUNT_ENDPOINTS.sessions, {
    onRequest: app.requireAuth,
    handler: async (request) => ({ sessions: await listAccountSessions(db, callerOf(request)) }),
  });

  routeFromContract(app, ACCOUNT_ENDPOINTS.revokeSession, {
    onRequest: app.requireAuth,
    handler: async (request, reply) => {
      await revokeAccountSession(db, callerOf(request), request.params.id, request.ip);
      return reply.status(204).send(null);
    },
  });

  routeFromContract(app, ACCOUNT_ENDPOINTS.revokeOtherSessions, {
    onRequest: app.requireAuth,
    handler: async (request) => ({ revoked: await revokeOtherAccountSessions(db, callerOf(request), request.ip) }),
  });
};
