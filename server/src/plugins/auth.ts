import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Role } from '../../../src/contract/auth';
import type { Db } from '../db/database';
import { isUuid } from '../db/ids';
import { refreshTokens, users } from '../db/schema/index';
import { API_ERROR_CODES } from '../../../src/contract/errors';
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
  const liveFamily = db
    .select({ id: refreshTokens.id })
    .from(refreshTokens)
    .where(and(eq(refreshTokens.familyId, sql.placeholder('familyId')), isNull(refreshTokens.revokedAt)))
    .limit(1)
    .prepare('auth_live_family');
  /**
   * After "sign out everywhere", a suspension or a password reset or change at `revokedAt`
   * (services/end-sessions.ts), tokens issued at or before it are refused at once unless their
   * session is still live: every session was revoked then except the one a password change kept,
   * and one begun since (a token of that very second: `iat` has whole seconds). The session
   * query runs only for such tokens, so only within their lifetime after a revocation.
   */
  const issuedAfter = async (verified: AuthClaims, revokedAt: Date): Promise<boolean> => {
    const revokedSecond = Math.floor(revokedAt.getTime() / 1000);
    if (verified.issuedAt === undefined) return false;
    if (verified.issuedAt > revokedSecond) return true;
    if (!verified.sessionId || !isUuid(verified.sessionId)) return false;
    return (await liveFamily.execute({ familyId: verified.sessionId })).length > 0;
  };
  return async (verified) => {
    const [row] = await userById.execute({ id: verified.userId });
    if (!row) throw unauthorized(MESSAGES.notAuthenticated);
    // Said so, so the app can tell the person why their session ended (src/api/pipeline.ts).
    if (row.disabled) throw unauthorized(MESSAGES.accountSuspended, API_ERROR_CODES.accountSuspended);
    if (row.sessionsRevokedAt && !(await issuedAfter(verified, row.sessionsRevokedAt))) throw unauthorized(MESSAGES.notAuthenticated);
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
      const verified = await accessTokens.verify(match[1]);
      const user = await currentAccount(verified);
      request.currentUser = user;
      request.auth = { userId: user.id, role: user.role, orgId: user.orgId, sessionId: verified.sessionId ?? null };
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
