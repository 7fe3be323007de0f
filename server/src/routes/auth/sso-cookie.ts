/**
 * The browser-binding cookie of a single sign-on attempt: HttpOnly (no script reads it),
 * SameSite=Lax (sent on the provider's top-level redirect back, not on cross-site subrequests),
 * Secure over HTTPS, and scoped to the SSO routes. Only its SHA-256 is stored with the attempt.
 */
import { posix } from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AUTH_ENDPOINTS } from '../../../../src/contract/all-endpoints';
import { API_PREFIX } from '../../../../src/contract/paths';

const NAME = 'mosaic_sso';
/** The folder of the routes that read it, the provider's callback and the hand-over: '/api/v1/auth/sso'. */
const PATH = `${API_PREFIX}${posix.dirname(AUTH_ENDPOINTS.ssoCallback.path)}`;

/** Ten minutes, as the attempt itself (SSO_ATTEMPT_TTL_MS). */
const MAX_AGE_SECONDS = 600;

export function setSsoCookie(request: FastifyRequest, reply: FastifyReply, value: string): void {
  const secure = request.protocol === 'https' ? '; Secure' : '';
  reply.header('Set-Cookie', `${NAME}=${value}; Path=${PATH}; Max-Age=${MAX_AGE_SECONDS}; HttpOnly; SameSite=Lax${secure}`);
}

export function clearSsoCookie(request: FastifyRequest, reply: FastifyReply): void {
  const secure = request.protocol === 'https' ? '; Secure' : '';
  reply.header('Set-Cookie', `${NAME}=; Path=${PATH}; Max-Age=0; HttpOnly; SameSite=Lax${secure}`);
}

/** The cookie's value, if the browser sent it (base64url, so no decoding is needed). */
export function ssoCookieOf(request: FastifyRequest): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === NAME) return rest.join('=') || undefined;
  }
  return undefined;
}
