/**
 * Which request rules apply to which path (spec 000 §4, §5, §7), read from the contract's one path
 * table (src/contract/paths.ts) that the service worker reads too. Paths are relative to the API
 * base, e.g. '/spaces/' or '/kb/documents?category=x'.
 */
import { API_PREFIX, pathOnly, pathRulesFor, SPACES_LIST } from '../contract/paths';

export const API_BASE = API_PREFIX;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Sign-in endpoints: sent without waiting for a session and never trigger a token refresh. */
export function isSessionEndpoint(path: string): boolean {
  const rules = pathRulesFor(path);
  return !rules.waitsForSession && rules.on401 === 'fail';
}

/**
 * Space context rule (spec 000 §5): everything except auth, health, login, register, refresh,
 * /me and paths starting with /spaces needs a current space id.
 */
export function needsSpaceContext(path: string): boolean {
  return pathRulesFor(path).spaceHeader;
}

/**
 * Calls that may run before the session is ready (spec 000 §4, §7): the sign-in endpoints, health
 * and the spaces list, which login itself needs before the state becomes AUTHENTICATED.
 */
export function bypassesAuthQueue(method: HttpMethod, path: string): boolean {
  if (!pathRulesFor(path).waitsForSession) return true;
  return method === 'GET' && (SPACES_LIST as readonly string[]).includes(pathOnly(path));
}

/**
 * Whether a 401 is about the Google connection rather than the Mosaic session (spec 000 §8: a 401
 * on a GA4 path keeps the session). The server marks its own session failures with TOKEN_EXPIRED
 * or UNAUTHORIZED; on a GA4 path anything else (a GA4_* code, REFRESH_TOKEN_EXPIRED from Google,
 * or no code at all) is the connection's.
 */
export function isGa4ConnectionFailure(path: string, serverCode: string | undefined): boolean {
  return pathRulesFor(path).on401 === 'refresh-unless-google' && serverCode !== 'TOKEN_EXPIRED' && serverCode !== 'UNAUTHORIZED';
}

/**
 * A 401 from the sign-in endpoints means "wrong credentials" or "no session", never "access token
 * expired": refreshing would be pointless (and /refresh itself would loop). A Google connection
 * failure on a GA4 path keeps the session as it is; an expired Mosaic token there refreshes as anywhere.
 */
export function refreshesOn401(path: string, serverCode?: string): boolean {
  return pathRulesFor(path).on401 !== 'fail' && !isGa4ConnectionFailure(path, serverCode);
}

/** Credentials calls carry no bearer token: /login takes a password, /refresh a refresh token. */
export function sendsBearerToken(path: string): boolean {
  return pathRulesFor(path).bearer;
}

export function withQuery(
  path: string,
  query: Record<string, string | number | boolean | undefined> | undefined,
): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) params.append(key, String(value));
  }
  const encoded = params.toString();
  if (encoded === '') return path;
  return `${path}${path.includes('?') ? '&' : '?'}${encoded}`;
}
