/**
 * A minimal service-worker global scope on Node for the `sw` test project: `self`, `location`,
 * `registration`, `caches` (in memory), IndexedDB (fake-indexeddb, used by workbox-expiration)
 * and the ExtendableEvent / FetchEvent classes Workbox checks events against.
 */
import 'fake-indexeddb/auto';
import { beforeEach } from 'vitest';
import { FakeCacheStorage } from './fake-cache-storage';

export const APP_ORIGIN = 'https://app.mosaic.test';

export class FakeExtendableEvent extends Event {
  readonly pending: Promise<unknown>[] = [];

  waitUntil(promise: Promise<unknown>): void {
    this.pending.push(promise);
  }

  /** Resolves when everything the handler asked to wait for has settled. */
  async settled(): Promise<void> {
    let seen = 0;
    while (seen < this.pending.length) {
      const batch = this.pending.slice(seen);
      seen = this.pending.length;
      await Promise.allSettled(batch);
    }
  }
}

class FakeFetchEvent extends FakeExtendableEvent {}

export const fakeCaches = new FakeCacheStorage();

const scope = globalThis as Record<string, unknown>;
scope.self = globalThis;
scope.location = new URL(`${APP_ORIGIN}/`);
scope.registration = { scope: `${APP_ORIGIN}/` };
scope.caches = fakeCaches;
// The worker scope is an event target: sw.ts adds its install/fetch/message listeners here.
const scopeEvents = new EventTarget();
scope.addEventListener = scopeEvents.addEventListener.bind(scopeEvents);
scope.removeEventListener = scopeEvents.removeEventListener.bind(scopeEvents);
scope.dispatchEvent = scopeEvents.dispatchEvent.bind(scopeEvents);
scope.ExtendableEvent = FakeExtendableEvent;
scope.FetchEvent = FakeFetchEvent;
// Workbox's development build narrates every step; the tests read results, not logs.
scope.__WB_DISABLE_DEV_LOGS = true;

beforeEach(() => {
  fakeCaches.clear();
});
