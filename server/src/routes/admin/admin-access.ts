import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import { ADMIN_ACT_ROLES, ADMIN_READ_ROLES, ADMIN_TEXTS } from '../../../../src/contract/admin';
import { currentUserOf } from '../../plugins/auth';
import { perUserRateLimit } from '../../plugins/rate-limit';
import type { AdminCaller } from '../../services/admin/user-actions.service';
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

export const idParams = z.object({ id: z.string().min(1).max(100) });

/** A page of a list: `limit` 1–100 (default 50), `offset` from 0. */
export const pageQuery = {
  limit: z.coerce.number().int().min(1).max(100).default(50),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
};

/** Free-text search: trimmed, at most 200 characters. */
export const searchText = z.string().trim().max(200, 'Search at most 200 characters').optional();
