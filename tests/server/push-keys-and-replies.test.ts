/**
 * The VAPID key pair outlives restarts (browsers subscribed with its public key: a new pair would
 * orphan every device), the environment's pair wins when set, and a long chat reply reaches the
 * person's device through the same notifyUser path as any feature.
 */
import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/src/db/database';
import { agentRuns, appSecrets } from '../../server/src/db/schema/index';
import { generateVapidKeys } from '../../server/src/push/web-push-sender';
import { LONG_REPLY_NOTIFY_AFTER_MS } from '../../server/src/services/agents/reply-notification';
import type { NotificationList } from '../../src/contract/notifications';
import { sendAsync, type AcceptedBody, type Caller } from '../helpers/fake-openai-chat';
import { LOCAL_PUSH_SERVICE_ENV, startPushEndpoint } from '../helpers/push-endpoint';
import { API, authHeaders, createTestApp, registerOwner, testEngine, type TestApp } from '../helpers/server';
import { createTestDatabaseTarget } from '../helpers/server-database';
import { recordIssuedSecret } from '../helpers/server-log-sink';
import { until } from '../helpers/wait-until';
import { appForSuite, startedForSuite } from '../helpers/suite-fixtures';

const PUSH_ENV = LOCAL_PUSH_SERVICE_ENV;

async function publicKeyOf(t: TestApp, token: string): Promise<string> {
  const response = await t.app.inject({ method: 'GET', url: `${API}/notifications/push/key`, headers: authHeaders(token) });
  expect(response.statusCode).toBe(200);
  return response.json<{ public_key: string }>().public_key;
}

describe(`VAPID keys (${testEngine})`, () => {
  const pushService = startedForSuite(() => startPushEndpoint());
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('are generated on first start, kept in the database, and the same after a restart', async () => {
    const { target, dispose } = await createTestDatabaseTarget({ persistent: true });
    cleanups.push(dispose);
    const firstDatabase = await openDatabase(target);
    await firstDatabase.migrate();
    const first = await createTestApp({ database: firstDatabase, env: PUSH_ENV });
    const owner = await registerOwner(first.app);
    const keyBefore = await publicKeyOf(first, owner.access_token);
    const [stored] = await firstDatabase.db.select().from(appSecrets).where(eq(appSecrets.name, 'vapid_keys'));
    recordIssuedSecret('VAPID private key', (JSON.parse(stored!.value) as { privateKey: string }).privateKey);
    const device = pushService.device();
    await first.app.inject({ method: 'POST', url: `${API}/notifications/push/subscriptions`, headers: authHeaders(owner.access_token), payload: device.subscription });
    await first.close();
    await firstDatabase.close();

    const secondDatabase = await openDatabase(target);
    cleanups.push(() => secondDatabase.close());
    const second = await createTestApp({ database: secondDatabase, env: PUSH_ENV });
    cleanups.push(() => second.close());
    expect(await publicKeyOf(second, owner.access_token)).toBe(keyBefore);
    // The device subscribed before the restart still gets pushes signed with that key.
    await second.deps.notifications.notifyUser({
      userId: owner.user.id,
      orgId: owner.user.org_id,
      kind: 'run_finished',
      title: 'Launch plan ready',
      body: 'Six steps done.',
      url: '/agent-mode',
      tag: 'run:1',
    });
    expect(device.rejected).toEqual([]);
    expect(device.received.map((push) => [push.payload.title, push.vapidPublicKey])).toEqual([['Launch plan ready', keyBefore]]);
    // Two app starts on an on-disk database: generous for a loaded 2-core machine; a pass takes far less.
  }, 240_000);

  it('come from VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY when both are set', async () => {
    const configured = generateVapidKeys();
    recordIssuedSecret('VAPID private key', configured.privateKey);
    const t = await createTestApp({ env: { ...PUSH_ENV, VAPID_PUBLIC_KEY: configured.publicKey, VAPID_PRIVATE_KEY: configured.privateKey } });
    cleanups.push(() => t.close());
    const owner = await registerOwner(t.app);
    expect(await publicKeyOf(t, owner.access_token)).toBe(configured.publicKey);
    const device = pushService.device();
    await t.app.inject({ method: 'POST', url: `${API}/notifications/push/subscriptions`, headers: authHeaders(owner.access_token), payload: device.subscription });
    await t.deps.notifications.notifyUser({ userId: owner.user.id, orgId: owner.user.org_id, kind: 'run_finished', title: 'Done', body: '', url: '/agent-mode', tag: 'run:2' });
    expect(device.received.map((push) => push.vapidPublicKey)).toEqual([configured.publicKey]);
  }, 120_000);
});

describe(`a long chat reply notifies the person (${testEngine})`, () => {
  const pushService = startedForSuite(() => startPushEndpoint());
  // No workers: the test runs each reply itself, after deciding how long ago it was sent.
  const t = appForSuite({ env: { ...PUSH_ENV, JOB_WORKERS: 'false' } });

  async function sendAndAnswer(caller: Caller, message: string, sentMsAgo: number): Promise<AcceptedBody> {
    const accepted = (await sendAsync(t.app, caller, 'seo', { message })).json<AcceptedBody>();
    await t.database.db
      .update(agentRuns)
      .set({ createdAt: sql`now() - make_interval(secs => ${sentMsAgo / 1000})` })
      .where(eq(agentRuns.id, accepted.run_id));
    const outcome = await t.deps.agents.runNow(accepted.run_id);
    expect(outcome.kind).toBe('succeeded');
    return accepted;
  }

  it(`pushes "{agent} replied" when the reply came ${LONG_REPLY_NOTIFY_AFTER_MS / 1000} s or more after the send, and lists it in the app`, async () => {
    const owner = await registerOwner(t.app);
    const caller: Caller = { access_token: owner.access_token, spaceId: owner.defaultSpace.id };
    const device = pushService.device();
    await t.app.inject({ method: 'POST', url: `${API}/notifications/push/subscriptions`, headers: authHeaders(owner.access_token), payload: device.subscription });

    const accepted = await sendAndAnswer(caller, 'Title tags for the spring launch page', LONG_REPLY_NOTIFY_AFTER_MS + 5_000);

    await until('the push reaching the device', () => device.received.length === 1);
    const [push] = device.received;
    expect(push!.payload).toMatchObject({
      kind: 'reply_ready',
      title: 'SEO replied',
      url: `/agents/seo/chat/${accepted.session_id}`,
      tag: `chat:${accepted.session_id}`,
      space_id: owner.defaultSpace.id,
    });
    expect(push!.payload.body.length).toBeGreaterThan(0);
    const list = (await t.app.inject({ method: 'GET', url: `${API}/notifications`, headers: authHeaders(owner.access_token) })).json<NotificationList>();
    expect(list.notifications.map((n) => n.url)).toEqual([`/agents/seo/chat/${accepted.session_id}`]);
  });

  it('stays quiet for a quick reply (the person is still on the chat)', async () => {
    const owner = await registerOwner(t.app);
    const caller: Caller = { access_token: owner.access_token, spaceId: owner.defaultSpace.id };
    const device = pushService.device();
    await t.app.inject({ method: 'POST', url: `${API}/notifications/push/subscriptions`, headers: authHeaders(owner.access_token), payload: device.subscription });

    await sendAndAnswer(caller, 'A quick question', 0);
    // Whatever notifications the run started have finished once close() returns (it waits for them).
    await t.deps.notifications.close();

    expect(device.received).toEqual([]);
    const list = (await t.app.inject({ method: 'GET', url: `${API}/notifications`, headers: authHeaders(owner.access_token) })).json<NotificationList>();
    expect(list).toEqual({ notifications: [], unread_count: 0 });
  });
});
