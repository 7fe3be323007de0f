/**
 * Messages the page posts to the service worker. Shared by both sides (src/pwa imports this file)
 * so the two can never disagree on a name.
 */

/** The user agreed to load the new version: the waiting worker activates and takes over. */
export const SKIP_WAITING = 'SKIP_WAITING';

/** Sent on logout: the cached API responses belong to the user who just left. */
export const CLEAR_API_CACHE = 'CLEAR_API_CACHE';

export type PageToWorkerMessage = { type: typeof SKIP_WAITING } | { type: typeof CLEAR_API_CACHE };

/** Name of the runtime cache holding /api/v1 GET responses; the page may delete it directly too. */
export const API_CACHE_NAME = 'mosaic-api-v1';

/**
 * Header added to an API response served from the worker's cache instead of the network, so the
 * page can tell saved data from fresh data (and switch to the offline banner).
 */
export const SERVED_FROM_CACHE_HEADER = 'X-Mosaic-Served-From-Cache';

export function isPageToWorkerMessage(value: unknown): value is PageToWorkerMessage {
  if (typeof value !== 'object' || value === null) return false;
  const type = (value as { type?: unknown }).type;
  return type === SKIP_WAITING || type === CLEAR_API_CACHE;
}
