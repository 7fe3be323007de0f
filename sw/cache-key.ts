/**
 * Cache keys for API responses. The server answers per user and per space (it sends
 * `Vary: Authorization, X-Space-Id`), so the key carries both: a response stored for one user or
 * one space can never be matched by a request from another. Answers that do not depend on the
 * space (`/me`, the spaces list: their path family takes no space header) are kept once per user.
 */
import { decodeJwt } from 'jose';
import { pathRulesFor } from '../src/contract/paths';
import { apiPathOf } from './routing-table';

export const USER_KEY_PARAM = '__u';
export const SPACE_KEY_PARAM = '__s';

/** Stand-ins for "no header" so an anonymous or space-less request still has a distinct key. */
export const ANONYMOUS_USER = 'anon';
export const NO_SPACE = 'none';

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * A stable, opaque key for the signed-in user. The token's `sub` is used (decoded, not verified:
 * the server verifies; here it only partitions the user's own device cache) because it survives
 * token refreshes, so data cached before a refresh is still found offline afterwards. A token
 * that cannot be decoded is keyed by the whole header, which still never collides with another
 * user. Hashed so user ids do not appear in cache URLs.
 */
export async function userKeyFor(authorization: string | null): Promise<string> {
  if (!authorization) return ANONYMOUS_USER;
  const token = authorization.replace(/^Bearer\s+/i, '');
  let subject: string | undefined;
  try {
    const sub = decodeJwt(token).sub;
    subject = typeof sub === 'string' && sub !== '' ? `sub:${sub}` : undefined;
  } catch {
    subject = undefined;
  }
  return (await sha256Hex(subject ?? `header:${authorization}`)).slice(0, 32);
}

export function spaceKeyFor(spaceId: string | null): string {
  return spaceId && spaceId.trim() !== '' ? spaceId : NO_SPACE;
}

/**
 * Whether the answer depends on the space. The page sends X-Space-Id whenever it has a current
 * space, also on `/me` and `/spaces/`; keyed by it, the `/me` saved after a sign-in (space known)
 * was never found by the `/me` of the next start (asked before the spaces, so without the header),
 * and an offline reload of a first session signed the person out.
 */
function answerDependsOnSpace(url: URL): boolean {
  const apiPath = apiPathOf(url);
  return apiPath === null || pathRulesFor(apiPath).spaceHeader;
}

/** The URL under which this request's response is stored: the request URL plus user and space. */
export async function cacheKeyUrl(request: Request): Promise<string> {
  const url = new URL(request.url);
  const spaceId = answerDependsOnSpace(url) ? request.headers.get('X-Space-Id') : null;
  url.searchParams.set(USER_KEY_PARAM, await userKeyFor(request.headers.get('Authorization')));
  url.searchParams.set(SPACE_KEY_PARAM, spaceKeyFor(spaceId));
  return url.href;
}
