/**
 * Notifications end to end on the server: notifyUser records the in-app notification and the real
 * web-push encryption and VAPID signing reach a local push service, which verifies the signature
 * and decrypts the message with keys made the way a browser makes them.
 */
import { describe, expect, it } from 'vitest';
import { NOTIFICATION_KINDS, notificationTags, type NotificationList } from '../../src/contract/notifications';
import type { NotifyInput } from '../../server/src/services/notifications/notifier';
import { LOCAL_PUSH_SERVICE_ENV, browserKeys, startPushEndpoint, type TestDevice } from '../helpers/push-endpoint';
import { API, authHeaders, createTestApp, registerOwner, testEngine, type RegisteredOwner, type TestApp } from '../helpers/server';
import { appForSuite, startedForSuite } from '../helpers/suite-fixtures';

const PUSH_ENV = { ...LOCAL_PUSH_SERVICE_ENV, VAPID_SUBJECT: 'mailto:ops@mosaic.example' };

function subscribe(t: TestApp, token: string, device: TestDevice) {
  return t.app.inject({ method: 'POST', url: `${API}/notifications/push/subscriptions`, headers: authHeaders(token), payload: device.subscription });
}

function unsubscribe(t: TestApp, token: string, endpoint: string) {
  return t.app.inject({ method: 'DELETE', url: `${API}/notifications/push/subscriptions`, headers: authHeaders(token), payload: { endpoint } });
}

async function listOf(t: TestApp, token: string): Promise<NotificationList> {
  const response = await t.app.inject({ method: 'GET', url: `${API}/notifications`, headers: authHeaders(token) });
  expect(response.statusCode).toBe(200);
  return response.json<NotificationList>();
}

function replyReady(owner: RegisteredOwner, overrides: Partial<NotifyInput> = {}): NotifyInput {
  return {
    userId: owner.user.id,
    orgId: owner.user.org_id,
    spaceId: owner.defaultSpace.id,
    kind: NOTIFICATION_KINDS.replyReady,
    title: 'SEO Specialist replied',
    body: 'Here are ten title tags for the spring launch.',
    url: '/agents/seo/chat/7b1c',
    tag: notificationTags.chat('7b1c'),
    ...overrides,
  };
}

describe(`push delivery (${testEngine})`, () => {
  const pushService = startedForSuite(() => startPushEndpoint());
  const t = appForSuite({ env: PUSH_ENV });

  it('sends an encrypted, VAPID-signed push that the device decrypts, and keeps the in-app notification', async () => {
    const owner = await registerOwner(t.app);
    const device = pushService.device();
    expect((await subscribe(t, owner.access_token, device)).statusCode).toBe(201);
    const key = (await t.app.inject({ method: 'GET', url: `${API}/notifications/push/key`, headers: authHeaders(owner.access_token) })).json<{
      public_key: string;
    }>().public_key;

    const result = await t.deps.notifications.notifyUser(replyReady(owner));

    expect(result).toMatchObject({ pushed: 1, pruned: 0, failed: 0 });
    expect(device.rejected).toEqual([]);
    expect(device.received).toHaveLength(1);
    const [push] = device.received;
    expect(push!.payload).toEqual({
      id: result.notification.id,
      kind: 'reply_ready',
      title: 'SEO Specialist replied',
      body: 'Here are ten title tags for the spring launch.',
      url: '/agents/seo/chat/7b1c',
      tag: 'chat:7b1c',
      space_id: owner.defaultSpace.id,
    });
    // Signed with the key browsers subscribe with, for this push service, naming who to contact.
    expect(push!.vapidPublicKey).toBe(key);
    expect(push!.vapid).toMatchObject({ aud: pushService.origin, sub: 'mailto:ops@mosaic.example' });
    expect(Number(push!.headers.ttl)).toBeGreaterThan(0);
    expect(push!.headers.topic).toMatch(/^[A-Za-z0-9_-]{1,32}$/);

    const list = await listOf(t, owner.access_token);
    expect(list.unread_count).toBe(1);
    expect(list.notifications[0]).toMatchObject({ id: result.notification.id, title: 'SEO Specialist replied', read_at: null });
  });

  it('reaches every device of the person, and only theirs', async () => {
    const owner = await registerOwner(t.app);
    const other = await registerOwner(t.app);
    const laptop = pushService.device();
    const phone = pushService.device();
    const othersPhone = pushService.device();
    await subscribe(t, owner.access_token, laptop);
    await subscribe(t, owner.access_token, phone);
    await subscribe(t, other.access_token, othersPhone);

    const result = await t.deps.notifications.notifyUser(replyReady(owner, { title: 'Two devices' }));

    expect(result.pushed).toBe(2);
    expect(laptop.received.map((push) => push.payload.title)).toEqual(['Two devices']);
    expect(phone.received.map((push) => push.payload.title)).toEqual(['Two devices']);
    expect(othersPhone.received).toEqual([]);
    expect((await listOf(t, other.access_token)).notifications).toEqual([]);
  });

  it('removes a device the push service says is gone (410, 404), keeps one that failed otherwise', async () => {
    const owner = await registerOwner(t.app);
    const unsubscribed = pushService.device();
    const expired = pushService.device();
    const flaky = pushService.device();
    for (const device of [unsubscribed, expired, flaky]) await subscribe(t, owner.access_token, device);
    unsubscribed.status = 410;
    expired.status = 404;
    flaky.status = 503;

    const first = await t.deps.notifications.notifyUser(replyReady(owner));
    expect(first).toMatchObject({ pushed: 0, pruned: 2, failed: 1 });
    // The in-app notification stands whatever happened to the pushes.
    expect((await listOf(t, owner.access_token)).unread_count).toBe(1);

    for (const device of [unsubscribed, expired, flaky]) device.status = 201;
    const second = await t.deps.notifications.notifyUser(replyReady(owner, { title: 'Again' }));
    expect(second).toMatchObject({ pushed: 1, pruned: 0, failed: 0 });
    expect(unsubscribed.received).toEqual([]);
    expect(expired.received).toEqual([]);
    expect(flaky.received.map((push) => push.payload.title)).toEqual(['Again']);
    // The browser's own DELETE for a pruned device finds nothing: it is gone already.
    expect((await unsubscribe(t, owner.access_token, unsubscribed.subscription.endpoint)).statusCode).toBe(404);
  });

  it("lets nobody delete another person's subscription, and lets the owner delete theirs", async () => {
    const owner = await registerOwner(t.app);
    const intruder = await registerOwner(t.app);
    const device = pushService.device();
    await subscribe(t, owner.access_token, device);

    const refused = await unsubscribe(t, intruder.access_token, device.subscription.endpoint);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ detail: 'Push subscription not found' });
    await t.deps.notifications.notifyUser(replyReady(owner, { title: 'Still mine' }));
    expect(device.received.map((push) => push.payload.title)).toEqual(['Still mine']);

    expect((await unsubscribe(t, owner.access_token, device.subscription.endpoint)).statusCode).toBe(204);
    const after = await t.deps.notifications.notifyUser(replyReady(owner, { title: 'Not sent' }));
    expect(after.pushed).toBe(0);
    expect(device.received).toHaveLength(1);
  });

  it('moves a device to whoever subscribes on it last (one browser, one subscription)', async () => {
    const first = await registerOwner(t.app);
    const second = await registerOwner(t.app);
    const sharedBrowser = pushService.device();
    await subscribe(t, first.access_token, sharedBrowser);
    await subscribe(t, second.access_token, sharedBrowser);

    await t.deps.notifications.notifyUser(replyReady(first, { title: 'For the first person' }));
    await t.deps.notifications.notifyUser(replyReady(second, { title: 'For the second person' }));

    expect(sharedBrowser.received.map((push) => push.payload.title)).toEqual(['For the second person']);
  });

  it('marks notifications read one by one or all at once; others ids change nothing', async () => {
    const owner = await registerOwner(t.app);
    const other = await registerOwner(t.app);
    const a = await t.deps.notifications.notifyUser(replyReady(owner, { tag: 'chat:a' }));
    await t.deps.notifications.notifyUser(replyReady(owner, { tag: 'chat:b' }));
    const theirs = await t.deps.notifications.notifyUser(replyReady(other, { tag: 'chat:c' }));
    const read = (token: string, payload: object) =>
      t.app.inject({ method: 'POST', url: `${API}/notifications/read`, headers: authHeaders(token), payload });

    expect((await read(owner.access_token, { ids: [a.notification.id, theirs.notification.id, 'not-an-id'] })).json()).toEqual({ unread_count: 1 });
    expect((await listOf(t, other.access_token)).unread_count).toBe(1);
    expect((await read(owner.access_token, { all: true })).json()).toEqual({ unread_count: 0 });
    expect((await read(owner.access_token, {})).statusCode).toBe(422);
  });

  it('replaces an unread notification of the same chat with the newer one', async () => {
    const owner = await registerOwner(t.app);
    await t.deps.notifications.notifyUser(replyReady(owner, { title: 'First reply' }));
    await t.deps.notifications.notifyUser(replyReady(owner, { title: 'Second reply' }));
    const list = await listOf(t, owner.access_token);
    expect(list.unread_count).toBe(1);
    expect(list.notifications.map((n) => [n.title, n.read_at === null])).toEqual([
      ['Second reply', true],
      ['First reply', false],
    ]);
  });

  it('refuses bad subscriptions with the field at fault, and anonymous callers', async () => {
    const owner = await registerOwner(t.app);
    const device = pushService.device();
    const bad = (payload: object) => t.app.inject({ method: 'POST', url: `${API}/notifications/push/subscriptions`, headers: authHeaders(owner.access_token), payload });

    const noKeys = await bad({ endpoint: device.subscription.endpoint });
    expect(noKeys.statusCode).toBe(422);
    expect(noKeys.json().errors.map((e: { field: string }) => e.field)).toContain('keys');
    const badKeys = await bad({ ...device.subscription, keys: { p256dh: 'BPk', auth: 'c2VjcmV0' } });
    expect(badKeys.statusCode).toBe(422);
    expect(badKeys.json().errors).toEqual([
      { field: 'keys.p256dh', message: "Must be the browser's P-256 public key (65 bytes, base64url)" },
      { field: 'keys.auth', message: "Must be the browser's 16-byte auth secret (base64url)" },
    ]);
    const notAFile = await bad({ ...device.subscription, endpoint: 'file:///etc/passwd' });
    expect(notAFile.statusCode).toBe(422);
    expect(notAFile.json().errors).toEqual([{ field: 'endpoint', message: 'The push endpoint must be an https:// address given by the browser' }]);
    const anonymous = await t.app.inject({ method: 'POST', url: `${API}/notifications/push/subscriptions`, payload: device.subscription });
    expect(anonymous.statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: `${API}/notifications` })).statusCode).toBe(401);
  });
});

describe(`push endpoints without PUSH_ALLOW_HTTP_ENDPOINTS (${testEngine})`, () => {
  it('accepts only https endpoints', async () => {
    const t = await createTestApp();
    try {
      const owner = await registerOwner(t.app);
      const { keys } = browserKeys();
      const subscription = { endpoint: 'http://127.0.0.1:9/push/abc', keys };
      const plain = await t.app.inject({ method: 'POST', url: `${API}/notifications/push/subscriptions`, headers: authHeaders(owner.access_token), payload: subscription });
      expect(plain.statusCode).toBe(422);
      const secure = await t.app.inject({
        method: 'POST',
        url: `${API}/notifications/push/subscriptions`,
        headers: authHeaders(owner.access_token),
        // A public address (never contacted: subscribing only stores it); names must resolve, see push-endpoint-ssrf.test.ts.
        payload: { ...subscription, endpoint: 'https://203.0.114.9/abc' },
      });
      expect(secure.statusCode).toBe(201);
    } finally {
      await t.close();
    }
    // An app of its own: its start is generous for a loaded 2-core machine; a pass takes far less.
  }, 120_000);
});
