import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API_NETWORK_TIMEOUT_SECONDS } from '../../sw/api-cache';
import { accessTokenFor, apiRequest, FakeApiServer } from './fake-api-server';
import { fetchThrough, freshApiCache } from './api-cache-helpers';
import { fakeCaches } from './worker-env';

let server: FakeApiServer;

beforeEach(() => {
  server = new FakeApiServer();
  vi.stubGlobal('fetch', server.fetch);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('API cache: network first, saved answer when offline', () => {
  it('serves fresh data online and the last answer, marked as saved, when offline', async () => {
    const cache = freshApiCache();
    const token = await accessTokenFor('user-a');
    const call = { path: '/kb/documents', token, spaceId: 'space-1' };

    const online = await fetchThrough(cache, apiRequest(call));
    expect(online).toMatchObject({ status: 200, fromCache: false, body: { user: 'user-a', version: 1 } });

    server.bumpVersion();
    const stillOnline = await fetchThrough(cache, apiRequest(call));
    expect(stillOnline.body.version).toBe(2);

    server.online = false;
    const offline = await fetchThrough(cache, apiRequest(call));
    expect(offline).toMatchObject({ status: 200, fromCache: true, body: { user: 'user-a', space: 'space-1', version: 2 } });
  });

  it('fails like the network when offline with nothing saved', async () => {
    const cache = freshApiCache();
    server.online = false;
    await expect(fetchThrough(cache, apiRequest({ path: '/kb/documents', spaceId: 'space-1' }))).rejects.toThrow();
  });

  it('never saves an error answer in place of data', async () => {
    const cache = freshApiCache();
    const token = await accessTokenFor('user-a');
    const broken = await fetchThrough(cache, apiRequest({ path: '/kb/broken', token, spaceId: 'space-1' }));
    expect(broken.status).toBe(500);
    server.online = false;
    await expect(fetchThrough(cache, apiRequest({ path: '/kb/broken', token, spaceId: 'space-1' }))).rejects.toThrow();
  });

  it('answers from the saved copy when the network stalls past the time-out', async () => {
    const cache = freshApiCache({ networkTimeoutSeconds: 0.05 });
    const token = await accessTokenFor('user-a');
    const call = { path: '/billing/credits', token, spaceId: 'space-1' };
    await fetchThrough(cache, apiRequest(call));

    // The network never answers until released: only the time-out can produce an answer here.
    server.stall();
    server.bumpVersion();
    const answer = await fetchThrough(cache, apiRequest(call));
    expect(answer).toMatchObject({ fromCache: true, body: { version: 1 } });
    server.release();
  });

  it('uses a short network time-out by default', () => {
    expect(API_NETWORK_TIMEOUT_SECONDS).toBeGreaterThan(0);
    expect(API_NETWORK_TIMEOUT_SECONDS).toBeLessThanOrEqual(5);
  });
});

describe('API cache: keyed by user and space', () => {
  it('never gives one user the answer saved for another, even for the same URL and space', async () => {
    const cache = freshApiCache();
    const alice = await accessTokenFor('alice');
    const bob = await accessTokenFor('bob');
    await fetchThrough(cache, apiRequest({ path: '/agents/sessions', token: alice, spaceId: 'shared' }));

    server.online = false;
    await expect(fetchThrough(cache, apiRequest({ path: '/agents/sessions', token: bob, spaceId: 'shared' }))).rejects.toThrow();
    const aliceOffline = await fetchThrough(cache, apiRequest({ path: '/agents/sessions', token: alice, spaceId: 'shared' }));
    expect(aliceOffline.body.user).toBe('alice');
  });

  it('keeps both users\u2019 answers apart when both were saved', async () => {
    const cache = freshApiCache();
    const alice = await accessTokenFor('alice');
    const bob = await accessTokenFor('bob');
    await fetchThrough(cache, apiRequest({ path: '/me', token: alice }));
    await fetchThrough(cache, apiRequest({ path: '/me', token: bob }));

    server.online = false;
    expect((await fetchThrough(cache, apiRequest({ path: '/me', token: alice }))).body.user).toBe('alice');
    expect((await fetchThrough(cache, apiRequest({ path: '/me', token: bob }))).body.user).toBe('bob');
  });

  it('never gives one space the answer saved for another space', async () => {
    const cache = freshApiCache();
    const token = await accessTokenFor('alice');
    await fetchThrough(cache, apiRequest({ path: '/kb/documents', token, spaceId: 'space-1' }));
    await fetchThrough(cache, apiRequest({ path: '/kb/documents', token, spaceId: 'space-2' }));

    server.online = false;
    expect((await fetchThrough(cache, apiRequest({ path: '/kb/documents', token, spaceId: 'space-1' }))).body.space).toBe('space-1');
    expect((await fetchThrough(cache, apiRequest({ path: '/kb/documents', token, spaceId: 'space-2' }))).body.space).toBe('space-2');
    await expect(fetchThrough(cache, apiRequest({ path: '/kb/documents', token, spaceId: 'space-3' }))).rejects.toThrow();
  });

  it('keeps answers that do not depend on the space (/me, the spaces list) once per user, whatever space header they were asked with', async () => {
    // A first session: the sign-in's /me is saved with the space already chosen; the next start
    // asks /me (and the spaces) before any space is known, so without the header.
    const cache = freshApiCache();
    const token = await accessTokenFor('alice');
    await fetchThrough(cache, apiRequest({ path: '/me', token, spaceId: 'space-1' }));
    await fetchThrough(cache, apiRequest({ path: '/spaces/', token, spaceId: 'space-1' }));

    server.online = false;
    expect(await fetchThrough(cache, apiRequest({ path: '/me', token }))).toMatchObject({ fromCache: true, body: { user: 'alice' } });
    expect(await fetchThrough(cache, apiRequest({ path: '/spaces/', token }))).toMatchObject({ fromCache: true, body: { user: 'alice' } });
    expect((await fetchThrough(cache, apiRequest({ path: '/me', token, spaceId: 'space-2' }))).fromCache).toBe(true);
    // Still one user's own: another user finds nothing.
    await expect(fetchThrough(cache, apiRequest({ path: '/me', token: await accessTokenFor('bob') }))).rejects.toThrow();
  });

  it('still finds the user\u2019s saved data after their access token was refreshed', async () => {
    const cache = freshApiCache();
    await fetchThrough(cache, apiRequest({ path: '/billing/plan', token: await accessTokenFor('alice'), spaceId: 's' }));
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 5_000);
    const refreshed = await accessTokenFor('alice');
    vi.useRealTimers();

    server.online = false;
    const answer = await fetchThrough(cache, apiRequest({ path: '/billing/plan', token: refreshed, spaceId: 's' }));
    expect(answer).toMatchObject({ fromCache: true, body: { user: 'alice' } });
  });

  it('keeps an unreadable token apart from every other user', async () => {
    const cache = freshApiCache();
    await fetchThrough(cache, apiRequest({ path: '/billing/plan', token: await accessTokenFor('alice'), spaceId: 's' }));
    server.online = false;
    const garbled = apiRequest({ path: '/billing/plan', spaceId: 's' }, { headers: { Authorization: 'Bearer not-a-jwt' } });
    await expect(fetchThrough(cache, garbled)).rejects.toThrow();
  });
});

describe('API cache: bounded and wipeable', () => {
  it('keeps at most maxEntries answers, dropping the oldest', async () => {
    const cache = freshApiCache({ maxEntries: 2 });
    const token = await accessTokenFor('alice');
    // Expiry orders entries by time: a controlled clock keeps the writes a second apart.
    vi.useFakeTimers({ toFake: ['Date'] });
    for (const path of ['/a', '/b', '/c']) {
      await fetchThrough(cache, apiRequest({ path, token, spaceId: 's' }));
      vi.setSystemTime(Date.now() + 1_000);
    }
    const saved = await (await fakeCaches.open(cache.cacheName)).keys();
    expect(saved).toHaveLength(2);

    server.online = false;
    await expect(fetchThrough(cache, apiRequest({ path: '/a', token, spaceId: 's' }))).rejects.toThrow();
    expect((await fetchThrough(cache, apiRequest({ path: '/c', token, spaceId: 's' }))).body.path).toBe('/api/v1/c');
  });

  it('stops serving answers older than maxAgeSeconds', async () => {
    const cache = freshApiCache({ maxAgeSeconds: 60 });
    const token = await accessTokenFor('alice');
    await fetchThrough(cache, apiRequest({ path: '/kb/documents', token, spaceId: 's' }));

    server.online = false;
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 30_000);
    expect((await fetchThrough(cache, apiRequest({ path: '/kb/documents', token, spaceId: 's' }))).fromCache).toBe(true);
    vi.setSystemTime(Date.now() + 61_000);
    await expect(fetchThrough(cache, apiRequest({ path: '/kb/documents', token, spaceId: 's' }))).rejects.toThrow();
  });

  it('clear() deletes every saved answer (logout)', async () => {
    const cache = freshApiCache();
    const token = await accessTokenFor('alice');
    await fetchThrough(cache, apiRequest({ path: '/kb/documents', token, spaceId: 's' }));
    expect(await fakeCaches.has(cache.cacheName)).toBe(true);

    await cache.clear();
    expect(await fakeCaches.has(cache.cacheName)).toBe(false);
    server.online = false;
    await expect(fetchThrough(cache, apiRequest({ path: '/kb/documents', token, spaceId: 's' }))).rejects.toThrow();
  });
});
