/**
 * Messages the page posts to the service worker. Shared by both sides (src/pwa imports this file)
 * so the two can never disagree on a name.
 */

/** The user agreed to load the new version: the waiting worker activates and takes over. */
export const SKIP_WAITING = 'SKIP_WAITING';

/** Sent on logout: the cached API responses belong to the user who just left. */
export const CLEAR_API_CACHE = 'CLEAR_API_CACHE';

export type PageToWorkerMessage = { type: typeof SKIP_WAITING } | { type: typeof CLEAR_API_CACHE };

/**
 * Worker → page: a push message arrived (docs/pwa.md "Notifications"). Open pages refresh their
 * notification list and unread badge at once instead of waiting for their next check.
 */
export const NOTIFICATION_RECEIVED = 'NOTIFICATION_RECEIVED';

/**
 * The Background Sync tag the page registers when a chat message waits in the offline outbox; the
 * browser fires the worker's `sync` event with it once the connection is back.
 */
export const OUTBOX_SYNC_TAG = 'mosaic-chat-outbox';

/**
 * Worker → page: send the outbox now (the connection is back). The page answers on the message's
 * port with `{ sent: boolean }`: false when something could not be sent for want of a connection.
 */
export const SEND_OUTBOX = 'SEND_OUTBOX';

export interface SendOutboxAnswer {
  sent: boolean;
}

/**
 * Worker → page: where is this window now? The page answers on the message's port with
 * `{ url: location.href }`. Chromium's Client.url stays at the address a window was loaded at, so
 * after moving around inside the app it names the wrong screen (window-urls.ts).
 */
export const CURRENT_URL = 'CURRENT_URL';

export interface CurrentUrlAnswer {
  url: string;
}

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
