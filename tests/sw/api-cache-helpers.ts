/** Runs API requests through the worker's API cache strategy, the way a fetch event would. */
import { createApiCache, type ApiCache, type ApiCacheOptions } from '../../sw/api-cache';
import { FakeExtendableEvent } from './worker-env';

/** The event type Workbox expects (the WebWorker lib's ExtendableEvent, absent from DOM typings). */
type StrategyEvent = Extract<Parameters<ApiCache['strategy']['handleAll']>[0], { event: unknown }>['event'];

let cacheCount = 0;

/** A fresh API cache per test, so expiry bookkeeping in IndexedDB never leaks between tests. */
export function freshApiCache(options: ApiCacheOptions = {}): ApiCache & { cacheName: string } {
  cacheCount += 1;
  const cacheName = options.cacheName ?? `api-test-${cacheCount}-${crypto.randomUUID()}`;
  return { ...createApiCache({ ...options, cacheName }), cacheName };
}

export interface WorkerAnswer {
  status: number;
  body: Record<string, unknown>;
  fromCache: boolean;
}

/**
 * Asks the strategy for a response and waits until its background work (cache write, expiry) is
 * done, like a worker kept alive by event.waitUntil. Rejects when there is neither network nor a
 * saved answer, exactly as the page's fetch would.
 */
export async function fetchThrough(cache: ApiCache, request: Request): Promise<WorkerAnswer> {
  const event = new FakeExtendableEvent('fetch');
  const [responseDone, handlerDone] = cache.strategy.handleAll({ request, event: event as unknown as StrategyEvent });
  try {
    const response = await responseDone;
    return {
      status: response.status,
      body: (await response.json()) as Record<string, unknown>,
      fromCache: response.headers.get('X-Mosaic-Served-From-Cache') === '1',
    };
  } finally {
    await handlerDone.catch(() => undefined);
    await event.settled();
  }
}
