/**
 * The built worker's event wiring (sw/sw.ts) run against the worker-like scope: install precaches
 * the shell, fetch events are routed by the routing table, messages and notification clicks act.
 */
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { API_CACHE_NAME, CLEAR_API_CACHE, SKIP_WAITING } from '../../sw/messages';
import { accessTokenFor, apiRequest, FakeApiServer } from './fake-api-server';
import { APP_ORIGIN, FakeExtendableEvent, fakeCaches } from './worker-env';

const SHELL_HTML = '<!doctype html><title>Mosaic</title><div id="root"></div>';

class TestFetchEvent extends FakeExtendableEvent {
  response: Promise<Response> | null = null;
  constructor(readonly request: Request) {
    super('fetch');
  }
  respondWith(response: Promise<Response>): void {
    this.response = response;
  }
}

class TestMessageEvent extends FakeExtendableEvent {
  constructor(readonly data: unknown) {
    super('message');
  }
}

class TestNotificationEvent extends FakeExtendableEvent {
  constructor(readonly notification: { data: unknown; close(): void }) {
    super('notificationclick');
  }
}

class TestPushEvent extends FakeExtendableEvent {
  constructor(readonly data: { json(): unknown } | null) {
    super('push');
  }
}

/** A page navigation; Request cannot be constructed with mode 'navigate' outside a browser. */
class NavigationRequest extends Request {
  override get mode(): RequestMode {
    return 'navigate';
  }
}

const scope = globalThis as unknown as Record<string, unknown> & EventTarget;
const server = new FakeApiServer();
const skipWaiting = vi.fn(async () => undefined);
const claimClients = vi.fn(async () => undefined);
const openedWindows: string[] = [];
const shownNotifications: Array<{ title: string; options: NotificationOptions; closed: boolean }> = [];

async function dispatch<T extends FakeExtendableEvent>(event: T): Promise<T> {
  scope.dispatchEvent(event);
  await event.settled();
  return event;
}

async function fetchEvent(request: Request): Promise<Response | null> {
  const event = await dispatch(new TestFetchEvent(request));
  if (!event.response) return null;
  const response = await event.response;
  await event.settled();
  return response;
}

beforeAll(async () => {
  scope.__WB_MANIFEST = [{ url: 'index.html', revision: 'build-1' }];
  scope.skipWaiting = skipWaiting;
  // The registration's notification calls, as the platform offers them to a worker.
  Object.assign(scope.registration as object, {
    showNotification: async (title: string, options: NotificationOptions) => {
      shownNotifications.push({ title, options, closed: false });
    },
    getNotifications: async ({ tag }: { tag: string }) =>
      shownNotifications
        .filter((shown) => shown.options.tag === tag && !shown.closed)
        .map((shown) => ({ data: shown.options.data as unknown, close: () => (shown.closed = true) })),
  });
  scope.clients = {
    claim: claimClients,
    matchAll: async () => [],
    openWindow: async (url: string) => {
      openedWindows.push(url);
      return null;
    },
  };
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const request = input instanceof Request ? input : new Request(String(input));
    if (new URL(request.url).pathname === '/index.html') {
      if (!server.online) throw new TypeError('Failed to fetch');
      return new Response(SHELL_HTML, { headers: { 'Content-Type': 'text/html' } });
    }
    return server.fetch(request);
  });
  // Loaded by path: the tests' own TypeScript project is DOM-typed and must not pull in the
  // WebWorker lib that sw.ts references.
  const entry = new URL('../../sw/sw.ts', import.meta.url).href;
  await import(/* @vite-ignore */ entry);
  // The precache is filled at install; the fake cache storage is emptied before each test, so
  // install happens per test below.
});

beforeEach(async () => {
  server.online = true;
  await dispatch(new FakeExtendableEvent('install'));
});

describe('service worker wiring', () => {
  it('answers any in-app navigation with the precached shell, even offline', async () => {
    server.online = false;
    const response = await fetchEvent(new NavigationRequest(`${APP_ORIGIN}/agents/seo/chat/abc`));
    expect(response?.status).toBe(200);
    expect(await response?.text()).toBe(SHELL_HTML);
  });

  it('does not take over /api/ navigations or long polls', async () => {
    expect(await fetchEvent(new NavigationRequest(`${APP_ORIGIN}/api/v1/docs`))).toBeNull();
    const token = await accessTokenFor('alice');
    expect(await fetchEvent(apiRequest({ path: '/agents/sessions/s1/poll?since=0', token, spaceId: 's' }))).toBeNull();
  });

  it('saves API reads and serves them offline', async () => {
    const token = await accessTokenFor('alice');
    const call = { path: '/kb/documents', token, spaceId: 'space-1' };
    expect((await fetchEvent(apiRequest(call)))?.status).toBe(200);
    server.online = false;
    const offline = await fetchEvent(apiRequest(call));
    expect(await offline?.json()).toMatchObject({ user: 'alice', space: 'space-1' });
  });

  it('deletes saved API answers on CLEAR_API_CACHE', async () => {
    const token = await accessTokenFor('alice');
    await fetchEvent(apiRequest({ path: '/kb/documents', token, spaceId: 'space-1' }));
    expect(await fakeCaches.has(API_CACHE_NAME)).toBe(true);

    await dispatch(new TestMessageEvent({ type: CLEAR_API_CACHE }));

    expect(await fakeCaches.has(API_CACHE_NAME)).toBe(false);
    server.online = false;
    await expect(fetchEvent(apiRequest({ path: '/kb/documents', token, spaceId: 'space-1' }))).rejects.toThrow();
  });

  it('claims the open pages when it activates, so a first visit is controlled without a reload, and never skips waiting on its own', async () => {
    skipWaiting.mockClear();
    claimClients.mockClear();
    await dispatch(new FakeExtendableEvent('install'));
    expect(skipWaiting).not.toHaveBeenCalled();
    // A first install activates at once (no older worker to wait for) and takes the page that
    // registered it; an update reaches activation only after SKIP_WAITING (below).
    await dispatch(new FakeExtendableEvent('activate'));
    expect(claimClients).toHaveBeenCalledTimes(1);
  });

  it('activates a waiting update only when asked with SKIP_WAITING', async () => {
    skipWaiting.mockClear();
    await dispatch(new FakeExtendableEvent('install'));
    await dispatch(new TestMessageEvent({ type: 'SOMETHING_ELSE' }));
    await dispatch(new TestMessageEvent('SKIP_WAITING'));
    expect(skipWaiting).not.toHaveBeenCalled();

    await dispatch(new TestMessageEvent({ type: SKIP_WAITING }));
    expect(skipWaiting).toHaveBeenCalledTimes(1);
  });

  it('shows a pushed notification and closes it after 10 s', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    try {
      const payload = { id: 'n-9', kind: 'reply_ready', title: 'CMO replied', body: 'Q3 priorities', url: '/agents/cmo/chat/s3', tag: 'chat:s3', space_id: null };
      const event = new TestPushEvent({ json: () => payload });
      scope.dispatchEvent(event);
      await vi.waitFor(() => expect(shownNotifications.map((shown) => shown.title)).toEqual(['CMO replied']));
      expect(shownNotifications[0]).toMatchObject({ options: { body: 'Q3 priorities', tag: 'chat:s3', data: { url: '/agents/cmo/chat/s3' } }, closed: false });

      await vi.advanceTimersByTimeAsync(10_000);
      await event.settled();
      expect(shownNotifications[0]!.closed).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('opens the chat named in a clicked notification', async () => {
    let closed = false;
    await dispatch(
      new TestNotificationEvent({ data: { url: '/agents/seo/chat/s9' }, close: () => (closed = true) }),
    );
    expect(closed).toBe(true);
    expect(openedWindows).toContain(`${APP_ORIGIN}/agents/seo/chat/s9`);
  });

  it("opens a pushed notification's chat in its space", async () => {
    await dispatch(new TestNotificationEvent({ data: { url: '/agents/seo/chat/s10', space_id: 'space-2' }, close: () => undefined }));
    expect(openedWindows).toContain(`${APP_ORIGIN}/agents/seo/chat/s10?space=space-2`);
  });
});
