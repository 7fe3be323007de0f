/**
 * Runtime cache for /api/v1 GET responses: the app's own offline store for the last data each
 * screen showed (docs/pwa.md). Network first, so online users always get fresh data.
 */
import type { WorkboxPlugin } from 'workbox-core/types';
import { ExpirationPlugin } from 'workbox-expiration';
import { NetworkFirst } from 'workbox-strategies';
import { cacheKeyUrl } from './cache-key';
import { API_CACHE_NAME, SERVED_FROM_CACHE_HEADER } from './messages';

/**
 * A connection that answers nothing for this long is treated like no connection: the screen
 * shows its saved data instead of a spinner (the network answer still refreshes the cache).
 */
export const API_NETWORK_TIMEOUT_SECONDS = 4;
/** Enough for every screen of a few spaces; the oldest-used entries go first beyond it. */
export const API_CACHE_MAX_ENTRIES = 300;
/** Saved data older than a week is more misleading than useful, so it is dropped. */
export const API_CACHE_MAX_AGE_SECONDS = 7 * 24 * 60 * 60;

export interface ApiCacheOptions {
  cacheName?: string;
  networkTimeoutSeconds?: number;
  maxEntries?: number;
  maxAgeSeconds?: number;
}

/** Stores and reads every response under a key that names the user and the space (cache-key.ts). */
const keyByUserAndSpace: WorkboxPlugin = {
  cacheKeyWillBeUsed: async ({ request }) => cacheKeyUrl(request),
};

/**
 * The server marks API answers `Cache-Control: no-store` so no shared or HTTP cache keeps them.
 * This cache is not one of those: it is the app's own per-user offline store, so the header is
 * deliberately not honoured here. Only complete 200 answers are kept: an error page saved now
 * would be replayed as if it were data later.
 */
const keepOnlyOkResponses: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) => {
    if (response.status !== 200 || response.type === 'opaque') return null;
    if (response.headers.has('Date')) return response;
    // Expiry by age reads the Date header; an answer without one would otherwise never age out.
    const headers = new Headers(response.headers);
    headers.set('Date', new Date().toUTCString());
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  },
};

/** Marks saved answers so the page can say it is showing saved data. */
const markServedFromCache: WorkboxPlugin = {
  cachedResponseWillBeUsed: async ({ cachedResponse }) => {
    if (!cachedResponse) return null;
    const headers = new Headers(cachedResponse.headers);
    headers.set(SERVED_FROM_CACHE_HEADER, '1');
    return new Response(cachedResponse.body, {
      status: cachedResponse.status,
      statusText: cachedResponse.statusText,
      headers,
    });
  },
};

export interface ApiCache {
  /** The Workbox strategy that answers API GETs. */
  strategy: NetworkFirst;
  /** Deletes every saved API response and the expiry bookkeeping (logout). */
  clear(): Promise<void>;
}

export function createApiCache(options: ApiCacheOptions = {}): ApiCache {
  const cacheName = options.cacheName ?? API_CACHE_NAME;
  const expiration = new ExpirationPlugin({
    maxEntries: options.maxEntries ?? API_CACHE_MAX_ENTRIES,
    maxAgeSeconds: options.maxAgeSeconds ?? API_CACHE_MAX_AGE_SECONDS,
    // Keys already carry user and space; the server's Vary would only stop deletions matching.
    matchOptions: { ignoreVary: true },
    // If the device runs out of space, saved API answers are the first thing worth giving up.
    purgeOnQuotaError: true,
  });
  const strategy = new NetworkFirst({
    cacheName,
    networkTimeoutSeconds: options.networkTimeoutSeconds ?? API_NETWORK_TIMEOUT_SECONDS,
    matchOptions: { ignoreVary: true },
    // Order matters: the key is rewritten first, expiry may drop a stale answer, then it is marked.
    plugins: [keyByUserAndSpace, keepOnlyOkResponses, expiration, markServedFromCache],
  });
  return {
    strategy,
    clear: () => expiration.deleteCacheAndMetadata(),
  };
}
