import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import type { Role } from '../../../src/contract/auth';
import type { Db } from '../db/database';
import { users } from '../db/schema/index';
import { MESSAGES, forbidden, unauthorized } from '../errors';
import type { AccessTokens, AuthClaims } from '../services/access-tokens';
import type { UserRow } from '../services/users.service';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * onRequest hook: 401 unless a valid bearer access token is sent for an account that still
     * exists and is enabled; sets `request.auth` with the role and organisation the account has now.
     */
    requireAuth: onRequestAsyncHookHandler;
    /** onRequest hook (after requireAuth): 403 with `detail` unless the caller has one of `roles`. */
    requireRole: (roles: readonly Role[], detail?: string) => onRequestAsyncHookHandler;
  }
  interface FastifyRequest {
    auth: AuthClaims | null;
    /** The caller's user row as requireAuth read it (null before requireAuth). */
    currentUser: UserRow | null;
  }
}

const BEARER = /^Bearer\s+(\S+)$/i;

/** The caller's user row, read by requireAuth on this request. */
export function currentUserOf(request: FastifyRequest): UserRow {
  if (!request.currentUser) throw unauthorized(MESSAGES.notAuthenticated);
  return request.currentUser;
}

/** The verified caller; throws 401 when a handler runs without requireAuth by mistake. */
export function authOf(request: FastifyRequest): AuthClaims {
  if (!request.auth) throw unauthorized(MESSAGES.notAuthenticated);
  return request.auth;
}

/**
 * The caller as the database says now. The access token proves who is calling, but it can be up
 * to 15 minutes old: a role changed or a person removed by an organisation owner since it was
 * issued must count at the very next request (one primary-key read per authenticated request).
 * That read runs on every authenticated request, so it is a prepared statement: built once, and
 * on PostgreSQL parsed and planned once per connection (docs/reliability.md, "Read path").
 */
function accountReader(db: Db): (verified: AuthClaims) => Promise<UserRow> {
  const userById = db
    .select()
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .limit(1)
    .prepare('auth_current_account');
  return async (verified) => {
    const [row] = await userById.execute({ id: verified.userId });
    if (!row || row.disabled) throw unauthorized(MESSAGES.notAuthenticated);
    return row;
  };
}

/**
 * The only decorators left on the app (with requireSpace): route options name their hooks as
 * `onRequest: [app.requireAuth, …]`, and Fastify keeps per-request state on the request. Services
 * and other dependencies are not decorators; they come from the composition root (app-deps.ts).
 */
export function installAuth(app: FastifyInstance, accessTokens: AccessTokens, db: Db): void {
  const currentAccount = accountReader(db);
  app.decorateRequest('auth', null);
  app.decorateRequest('currentUser', null);

  app.decorate('requireAuth', async function requireAuth(request: FastifyRequest, reply: FastifyReply) {
    const match = BEARER.exec(request.headers.authorization ?? '');
    if (!match?.[1]) {
      reply.header('WWW-Authenticate', 'Bearer');
      throw unauthorized(MESSAGES.notAuthenticated);
    }
    try {
      const user = await currentAccount(await accessTokens.verify(match[1]));
      request.currentUser = user;
      request.auth = { userId: user.id, role: user.role, orgId: user.orgId };
    } catch (error) {
      reply.header('WWW-Authenticate', 'Bearer error="invalid_token"');
      throw error;
    }
  });

  app.decorate('requireRole', (roles: readonly Role[], detail: string = MESSAGES.permissionDenied) => {
    return async function requireRole(request: FastifyRequest) {
      if (!roles.includes(authOf(request).role)) throw forbidden(detail);
    };
  });
}
