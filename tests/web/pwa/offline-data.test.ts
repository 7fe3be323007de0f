import { afterEach, describe, expect, it, vi } from 'vitest';
import { db, markSynced } from '../../../src/db';
import { NOTIFICATIONS_OPT_IN_KEY } from '../../../src/pwa';
import { clearOfflineData } from '../../../src/pwa/offline-data';
import { API_CACHE_NAME } from '../../../sw/messages';
import { FakeCacheStorage } from '../../sw/fake-cache-storage';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('clearing offline data on logout', () => {
  it('removes saved data, the worker\u2019s saved API answers and the notification opt-in', async () => {
    const cacheStorage = new FakeCacheStorage();
    await (await cacheStorage.open(API_CACHE_NAME)).put('https://app.test/api/v1/me?__u=x&__s=none', Response.json({ id: 'u1' }));
    await cacheStorage.open('workbox-precache-v2');
    vi.stubGlobal('caches', cacheStorage);
    const postMessage = vi.fn();
    Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: { controller: { postMessage } } });
    await db.sessions.put({ id: 's', spaceId: 'sp', agentSlug: 'seo', title: 't', createdAt: '', updatedAt: '' });
    await markSynced('sessions', 'sp');
    localStorage.setItem(NOTIFICATIONS_OPT_IN_KEY, 'true');

    await clearOfflineData();

    expect(await Promise.all(db.tables.map((table) => table.count()))).toEqual(db.tables.map(() => 0));
    expect(await cacheStorage.has(API_CACHE_NAME)).toBe(false);
    // The app shell stays: the app must still open offline for the next sign-in.
    expect(await cacheStorage.has('workbox-precache-v2')).toBe(true);
    expect(postMessage).toHaveBeenCalledWith({ type: 'CLEAR_API_CACHE' });
    expect(localStorage.getItem(NOTIFICATIONS_OPT_IN_KEY)).toBeNull();
  });

  it('still wipes saved data when there is no worker and no Cache Storage', async () => {
    Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: undefined });
    await db.sessions.put({ id: 's', spaceId: 'sp', agentSlug: 'seo', title: 't', createdAt: '', updatedAt: '' });
    await clearOfflineData();
    expect(await db.sessions.count()).toBe(0);
  });
});
