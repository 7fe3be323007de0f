/**
 * Which requests the service worker handles, and how (DESIGN.md §3). Pure so the whole table is
 * unit-tested; sw.ts only wires these answers to Workbox routes.
 */

export const API_PREFIX = '/api/v1';

export type RequestRoute =
  /** A page navigation: answered with the precached index.html so the app opens offline. */
  | 'app-shell'
  /** An /api/v1 GET whose last response is kept so a screen reloaded offline shows its last data. */
  | 'api-network-first'
  /** Left to the browser: the worker neither answers nor stores it. */
  | 'network-only';

/** The parts of a Request the decision needs (a real Request satisfies it). */
export interface RequestFacts {
  method: string;
  url: string;
  mode: string;
}

/**
 * /api/v1 GETs that are never cached, with the reason for each:
 * - sign-in endpoints: credentials, one-time answers, and a stale reply could revive a dead
 *   session (/me is the deliberate exception, see below);
 * - /health: must report the server as it is now;
 * - long polls (…/poll): an answer is "what is new since X", replaying it would show old replies
 *   as new and the request may legitimately last 35 minutes (spec 000 §9);
 * - signed upload addresses and GA4 OAuth start: single-use, expiring URLs;
 * - frontend logging: write-only.
 *
 * GET /me IS cached (per user, like every other entry): initialising auth offline otherwise fails
 * with a network error, which ends the session (spec 000 §4), so an offline reload would sign the
 * user out. The cached record is the user's own, keyed by their token's subject, and is deleted on
 * logout with the rest of the API cache.
 */
const NEVER_CACHED_API_PATHS: readonly RegExp[] = [
  /^\/(login|logout|refresh)(\/|$)/,
  /^\/register(\/|$)/,
  /^\/auth(\/|$)/,
  /^\/health(\/|$)/,
  /\/poll(\/|$)/,
  /^\/kb\/uploads(\/|$)/,
  /^\/(storage|uploads)(\/|$)/,
  /^\/integrations\/ga4\/oauth(\/|$)/,
  /^\/logging(\/|$)/,
];

/** Path below /api/v1, or null when the URL is not an API URL. */
export function apiPathOf(url: URL): string | null {
  if (url.pathname !== API_PREFIX && !url.pathname.startsWith(`${API_PREFIX}/`)) return null;
  return url.pathname.slice(API_PREFIX.length) || '/';
}

export function isNeverCachedApiPath(apiPath: string): boolean {
  return NEVER_CACHED_API_PATHS.some((pattern) => pattern.test(apiPath));
}

export function routeFor(request: RequestFacts, appOrigin: string): RequestRoute {
  const url = new URL(request.url);
  // Other origins (fonts, analytics, object storage) are not ours to store: whatever their
  // Cache-Control says, including no-store, the browser handles them untouched.
  if (url.origin !== appOrigin) return 'network-only';
  // Only reads are replayable; a POST/PUT/DELETE answered from a cache would lose the user's change.
  if (request.method !== 'GET') return 'network-only';
  const isApi = url.pathname === '/api' || url.pathname.startsWith('/api/');
  if (request.mode === 'navigate') return isApi ? 'network-only' : 'app-shell';
  const apiPath = apiPathOf(url);
  if (apiPath === null || isNeverCachedApiPath(apiPath)) return 'network-only';
  return 'api-network-first';
}
