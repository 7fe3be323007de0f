/**
 * Service worker entry: event wiring only. What is cached, how, and what a notification click does
 * live in the modules imported below, each unit-tested under tests/sw/.
 */
/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import type { PrecacheEntry } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { createApiCache } from './api-cache';
import { installAppShell } from './app-shell';
import { CLEAR_API_CACHE, isPageToWorkerMessage, OUTBOX_SYNC_TAG, SKIP_WAITING } from './messages';
import { openChatFromNotification } from './notifications';
import { handlePush } from './push';
import { sendOutboxThroughWindows } from './outbox-sync';
import { routeFor } from './routing-table';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<PrecacheEntry | string> };

const appOrigin = self.location.origin;

// vite-plugin-pwa replaces self.__WB_MANIFEST with the list of built files at build time.
installAppShell(self.__WB_MANIFEST, self.location.href);

const apiCache = createApiCache();
registerRoute(({ request }) => routeFor(request, appOrigin) === 'api-network-first', apiCache.strategy);

self.addEventListener('message', (event) => {
  if (!isPageToWorkerMessage(event.data)) return;
  // No skipWaiting() at install: an update takes over only when the user presses Reload.
  if (event.data.type === SKIP_WAITING) void self.skipWaiting();
  if (event.data.type === CLEAR_API_CACHE) event.waitUntil(apiCache.clear());
});

self.addEventListener('push', (event) => {
  event.waitUntil(handlePush(event.data, { registration: self.registration, clients: self.clients, appOrigin }));
});

self.addEventListener('notificationclick', (event) => {
  event.waitUntil(openChatFromNotification(event.notification, self.clients, appOrigin));
});

// Background Sync (where the browser has it): the connection is back, so the open app sends its chat outbox.
// The event type is not in TypeScript's WebWorker library (Background Sync is not in every browser).
self.addEventListener('sync' as keyof ServiceWorkerGlobalScopeEventMap, (event) => {
  const sync = event as ExtendableEvent & { tag?: string };
  if (sync.tag === OUTBOX_SYNC_TAG) sync.waitUntil(sendOutboxThroughWindows(self.clients, appOrigin));
});

// On the very first install, control the open page at once so its API reads are saved from the
// first visit; updates still wait for SKIP_WAITING before they activate.
clientsClaim();
