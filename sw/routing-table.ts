/**
 * Which requests the service worker handles, and how (docs/pwa.md, sw/README.md). Pure so the whole table is
 * unit-tested; sw.ts only wires these answers to Workbox routes.
 */
import { API_PREFIX, SHARE_PAGE_PREFIX, isCacheableApiGet } from '../src/contract/paths';

export type RequestRoute =
  /** A page navigation: answered with the precached index.html so the app opens offline. */
  | 'app-shell'
  /** An allowlisted /api/v1 GET whose last response is kept so a screen reloaded offline shows its last data. */
  | 'api-network-first'
  /** Left to the browser: the worker neither answers nor stores it. */
  | 'network-only';

/** The parts of a Request the decision needs (a real Request satisfies it). */
export interface RequestFacts {
  method: string;
  url: string;
  mode: string;
}

/** Path below /api/v1, or null when the URL is not an API URL. */
export function apiPathOf(url: URL): string | null {
  if (url.pathname !== API_PREFIX && !url.pathname.startsWith(`${API_PREFIX}/`)) return null;
  return url.pathname.slice(API_PREFIX.length) || '/';
}

export function routeFor(request: RequestFacts, appOrigin: string): RequestRoute {
  const url = new URL(request.url);
  // Other origins (fonts, analytics, object storage) are not ours to store: whatever their
  // Cache-Control says, including no-store, the browser handles them untouched.
  if (url.origin !== appOrigin) return 'network-only';
  // Only reads are replayable; a POST/PUT/DELETE answered from a cache would lose the user's change.
  if (request.method !== 'GET') return 'network-only';
  const isApi = url.pathname === '/api' || url.pathname.startsWith('/api/');
  // A shared chat's page goes to the server, which answers 404 (with noindex) for a revoked link
  // or a deleted chat: the precached shell would answer 200 for a dead link.
  const isSharedChat = url.pathname.startsWith(SHARE_PAGE_PREFIX);
  if (request.mode === 'navigate') return isApi || isSharedChat ? 'network-only' : 'app-shell';
  const apiPath = apiPathOf(url);
  // An allowlist (src/contract/paths.ts): an API GET nobody has declared cacheable is never stored.
  if (apiPath === null || !isCacheableApiGet(apiPath)) return 'network-only';
  return 'api-network-first';
}
