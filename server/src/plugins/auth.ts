import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { Role } from '../../../src/features/auth/auth.types';
import { MESSAGES, forbidden, unauthorized } from '../errors';
import type { AccessTokens, AuthClaims } from '../services/access-tokens';

declare module 'fastify' {
  interface FastifyInstance {
    /** onRequest hook: 401 unless a valid bearer access token is sent; sets `request.auth`. */
    requireAuth: onRequestAsyncHookHandler;
    /** onRequest hook (after requireAuth): 403 with `detail` unless the caller has one of `roles`. */
    requireRole: (roles: readonly Role[], detail?: string) => onRequestAsyncHookHandler;
  }
  interface FastifyRequest {
    auth: AuthClaims | null;
  }
}

const BEARER = /^Bearer\s+(\S+)$/i;

/** The verified caller; throws 401 when a handler runs without requireAuth by mistake. */
export function authOf(request: FastifyRequest): AuthClaims {
  if (!request.auth) throw unauthorized(MESSAGES.notAuthenticated);
  return request.auth;
}

export function installAuth(app: FastifyInstance, accessTokens: AccessTokens): void {
  app.decorateRequest('auth', null);

  app.decorate('requireAuth', async function requireAuth(request: FastifyRequest, reply: FastifyReply) {
    const match = BEARER.exec(request.headers.authorization ?? '');
    if (!match?.[1]) {
      reply.header('WWW-Authenticate', 'Bearer');
      throw unauthorized(MESSAGES.notAuthenticated);
    }
    try {
      request.auth = await accessTokens.verify(match[1]);
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
