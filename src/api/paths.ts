/**
 * Which request rules apply to which path (spec 000 §4, §5, §7). Paths are relative to the API
 * base, e.g. '/spaces/' or '/kb/documents?category=x'.
 */

export const API_BASE = '/api/v1';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

function pathOnly(path: string): string {
  const end = path.search(/[?#]/);
  return end === -1 ? path : path.slice(0, end);
}

function startsWithSegment(path: string, segment: string): boolean {
  return path === segment || path.startsWith(`${segment}/`) || path.startsWith(`${segment}?`);
}

/** Sign-in endpoints: sent without waiting for a session and never trigger a token refresh. */
const SESSION_ENDPOINTS = ['/login', '/register', '/refresh', '/logout', '/me', '/auth'];

export function isSessionEndpoint(path: string): boolean {
  const p = pathOnly(path);
  return SESSION_ENDPOINTS.some((segment) => startsWithSegment(p, segment));
}

export function isHealthEndpoint(path: string): boolean {
  return startsWithSegment(pathOnly(path), '/health');
}

/**
 * Space context rule (spec 000 §5): everything except auth, health, login, register, refresh,
 * /me and paths starting with /spaces needs a current space id.
 */
export function needsSpaceContext(path: string): boolean {
  const p = pathOnly(path);
  return !(isSessionEndpoint(p) || isHealthEndpoint(p) || p.startsWith('/spaces'));
}

/**
 * Calls that may run before the session is ready (spec 000 §4, §7): the sign-in endpoints, health
 * and the spaces list, which login itself needs before the state becomes AUTHENTICATED.
 */
export function bypassesAuthQueue(method: HttpMethod, path: string): boolean {
  const p = pathOnly(path);
  if (isSessionEndpoint(p) || isHealthEndpoint(p)) return true;
  return method === 'GET' && (p === '/spaces' || p === '/spaces/');
}

/**
 * Whether a 401 is about the Google connection rather than the Mosaic session (spec 000 §8: a 401
 * on a GA4 path keeps the session). The server marks its own session failures with TOKEN_EXPIRED
 * or UNAUTHORIZED; on a GA4 path anything else (a GA4_* code, REFRESH_TOKEN_EXPIRED from Google,
 * or no code at all) is the connection's.
 */
export function isGa4ConnectionFailure(path: string, serverCode: string | undefined): boolean {
  return isGa4IntegrationPath(path) && serverCode !== 'TOKEN_EXPIRED' && serverCode !== 'UNAUTHORIZED';
}

/**
 * A 401 from the sign-in endpoints means "wrong credentials" or "no session", never "access token
 * expired": refreshing would be pointless (and /refresh itself would loop). A Google connection
 * failure on a GA4 path keeps the session as it is; an expired Mosaic token there refreshes as anywhere.
 */
export function refreshesOn401(path: string, serverCode?: string): boolean {
  return !isSessionEndpoint(path) && !isGa4ConnectionFailure(path, serverCode);
}

/** Credentials calls carry no bearer token: /login takes a password, /refresh a refresh token. */
export function sendsBearerToken(path: string): boolean {
  const p = pathOnly(path);
  return !['/login', '/register', '/refresh'].some((segment) => startsWithSegment(p, segment));
}

export function isGa4IntegrationPath(path: string): boolean {
  return path.includes('/integrations/ga4/');
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
