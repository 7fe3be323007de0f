import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ROLES } from '../../../../src/contract/auth';
import { USER_STATUSES, adminUserDetailSchema, adminUserPageSchema, reasonBodySchema, resetLinkSentSchema } from '../../../../src/contract/admin';
import { appUrlFor } from '../../mail/fastify-mail';
import { adminUserDetail, listAdminUsers } from '../../services/admin/users.service';
import { reactivateUser, sendResetLink, signOutEverywhere, suspendUser } from '../../services/admin/user-actions.service';
import { bearerSecurity, errorResponses } from '../common.schemas';
import type { RouteDeps } from '../deps';
import { adminAccess, adminCallerOf, idParams, pageQuery, searchText } from './admin-access';

const usersQuery = z.object({
  q: searchText,
  role: z.enum(ROLES).optional(),
  status: z.enum(USER_STATUSES).optional(),
  ...pageQuery,
});

const tags = ['admin'];

/** /admin/users: every account on the platform; suspend, reactivate, sign out everywhere, reset link (docs/admin.md). */
export const adminUsersRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, deps) => {
  const { db, config, mail } = deps;
  const { readers, actors } = adminAccess(app, deps);

  app.get(
    '/admin/users',
    {
      onRequest: readers,
      schema: {
        tags,
        summary: 'Search every account (name, email or id), newest first',
        security: bearerSecurity,
        querystring: usersQuery,
        response: { 200: adminUserPageSchema, ...errorResponses(401, 403, 422, 429) },
      },
    },
    async (request) => listAdminUsers(db, request.query),
  );

  app.get(
    '/admin/users/:id',
    {
      onRequest: readers,
      schema: {
        tags,
        summary: 'One account: organisation, role, status, last sign-in, signed-in devices, suspension',
        security: bearerSecurity,
        params: idParams,
        response: { 200: adminUserDetailSchema, ...errorResponses(401, 403, 404, 429) },
      },
    },
    async (request) => adminUserDetail(db, request.params.id),
  );

  const action = (path: string, summary: string, run: typeof suspendUser) =>
    app.post(
      `/admin/users/:id/${path}`,
      {
        onRequest: actors,
        schema: {
          tags,
          summary,
          security: bearerSecurity,
          params: idParams,
          body: reasonBodySchema,
          response: { 200: adminUserDetailSchema, ...errorResponses(401, 403, 404, 422, 429) },
        },
      },
      async (request) => run(db, adminCallerOf(request), request.params.id, request.body.reason),
    );
  action('suspend', 'Suspend the account (system admins): signed out everywhere at once, refused at sign-in; audited with the reason', suspendUser);
  action('reactivate', 'Let a suspended account sign in again (system admins); audited with the reason', reactivateUser);
  action('sign-out', 'Sign the account out on every device now (system admins); audited with the reason', signOutEverywhere);

  app.post(
    '/admin/users/:id/password-reset',
    {
      onRequest: actors,
      schema: {
        tags,
        summary: 'Mail the account a single-use password reset link (system admins); audited',
        security: bearerSecurity,
        params: idParams,
        response: { 200: resetLinkSentSchema, ...errorResponses(401, 403, 404, 409, 429, 502) },
      },
    },
    async (request) => sendResetLink(db, adminCallerOf(request), request.params.id, { mail, appUrl: appUrlFor(config.mail, request) }),
  );
};
