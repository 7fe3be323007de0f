import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { ADMIN_ACT_ROLES, ADMIN_READ_ROLES, ADMIN_TEXTS } from '../../../../src/contract/admin';
import { currentUserOf } from '../../plugins/auth';
import { perUserRateLimit } from '../../plugins/rate-limit';
import type { AdminCaller } from '../../services/admin/admin-audit';
import type { RouteDeps } from '../deps';

/**
 * Who may use the admin area, on the server (the screens only mirror it): platform admins read
 * (support and system admins), system admins act. Organisation roles get 403 'Only platform admins
 * can open the admin area'; a support admin asking to act gets 403 with why. Both are rate limited
 * per admin account, actions at a quarter of the reads' allowance (ADMIN_RATE_LIMIT_MAX).
 * The checks run before the body is read, so a refused caller learns nothing of the payload rules.
 */
export function adminAccess(app: FastifyInstance, { config, rateLimits }: Pick<RouteDeps, 'config' | 'rateLimits'>) {
  const readMax = config.adminRateLimitMax;
  const actMax = Math.max(1, Math.floor(config.adminRateLimitMax / 4));
  const readers: onRequestAsyncHookHandler[] = [
    app.requireAuth,
    app.requireRole(ADMIN_READ_ROLES, ADMIN_TEXTS.adminsOnly),
    perUserRateLimit(rateLimits, 'admin-read', readMax),
  ];
  const actors: onRequestAsyncHookHandler[] = [
    app.requireAuth,
    app.requireRole(ADMIN_READ_ROLES, ADMIN_TEXTS.adminsOnly),
    app.requireRole(ADMIN_ACT_ROLES, ADMIN_TEXTS.readOnly),
    perUserRateLimit(rateLimits, 'admin-act', actMax),
  ];
  return { readers, actors };
}

/** The acting admin and where from, for the services' audit entries. */
export const adminCallerOf = (request: FastifyRequest): AdminCaller => ({ user: currentUserOf(request), ipAddress: request.ip });
