import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN_ENDPOINTS } from '../../../../src/contract/all-endpoints';
import { appUrlFor } from '../../mail/fastify-mail';
import { adminUserDetail, listAdminUsers } from '../../services/admin/users.service';
import { reactivateUser, sendResetLink, signOutEverywhere, suspendUser } from '../../services/admin/user-actions.service';
import type { RouteDeps } from '../deps';
import { routeFromContract } from '../route-from-contract';
import { adminAccess, adminCallerOf } from './admin-access';

/**
 * /admin/users: every account on the platform; suspend, reactivate, sign out everywhere, reset
 * link (docs/admin.md). Paths and schemas are the contract's (src/contract/admin-endpoints.ts).
 */
export const adminUsersRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, deps) => {
  const { db, config, mail } = deps;
  const { readers, actors } = adminAccess(app, deps);

  routeFromContract(app, ADMIN_ENDPOINTS.users, {
    onRequest: readers,
    handler: async (request) => listAdminUsers(db, request.query),
  });

  routeFromContract(app, ADMIN_ENDPOINTS.user, {
    onRequest: readers,
    handler: async (request) => adminUserDetail(db, request.params.id),
  });

  routeFromContract(app, ADMIN_ENDPOINTS.suspendUser, {
    onRequest: actors,
    handler: async (request) => suspendUser(db, adminCallerOf(request), request.params.id, request.body.reason),
  });

  routeFromContract(app, ADMIN_ENDPOINTS.reactivateUser, {
    onRequest: actors,
    handler: async (request) => reactivateUser(db, adminCallerOf(request), request.params.id, request.body.reason),
  });

  routeFromContract(app, ADMIN_ENDPOINTS.signOutUser, {
    onRequest: actors,
    handler: async (request) => signOutEverywhere(db, adminCallerOf(request), request.params.id, request.body.reason),
  });

  routeFromContract(app, ADMIN_ENDPOINTS.sendResetLink, {
    onRequest: actors,
    handler: async (request) => sendResetLink(db, adminCallerOf(request), request.params.id, { mail, appUrl: appUrlFor(config.mail, request) }),
  });
};
