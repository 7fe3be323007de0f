/**
 * Web Push endpoints are addresses a signed-in person hands the server, which then POSTs to them:
 * only public push services are allowed (server/src/push/endpoint-address.ts). Internal addresses
 * — literal or behind a host name — are refused with a 422 when subscribing, and a stored endpoint
 * whose name has since come to resolve to one is dropped at the send, with nothing connected.
 */
import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { NOTIFICATION_KINDS, notificationTags } from '../../src/contract/notifications';
import { pushSubscriptions } from '../../server/src/db/schema/index';
import { isPublicAddress } from '../../server/src/push/endpoint-address';
import { createPushTransport } from '../../server/src/push/push-transport';
import { browserKeys } from '../helpers/push-endpoint';
import { API, authHeaders, registerOwner } from '../helpers/server';
import { appForSuite } from '../helpers/suite-fixtures';

const NOT_PUBLIC = "The push endpoint must be a public push service's address, not one on a private or local network";

/** A TCP listener on loopback that only counts who connects to it (a stand-in for an internal service). */
async function countingListener(): Promise<{ port: number; connections: () => number; close: () => Promise<void> }> {
  let connections = 0;
  const server: Server = createServer((socket) => {
    connections += 1;
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    connections: () => connections,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describe('which addresses count as public', () => {
  it('refuses loopback, private, CGNAT, unique-local, link-local (metadata), unspecified, multicast and mapped forms', () => {
    for (const address of [
      '127.0.0.1', '127.8.9.10', '10.1.2.3', '172.16.0.1', '172.31.255.254', '192.168.1.1', '100.64.0.1', '100.127.255.254',
      '169.254.169.254', '0.0.0.0', '224.0.0.1', '255.255.255.255', '::1', '::', 'fc00::1', 'fd00:ec2::254', 'fe80::1',
      'ff02::1', '::ffff:127.0.0.1', '::ffff:169.254.169.254', '::ffff:10.0.0.1', 'not an address',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
    for (const address of ['203.0.114.9', '1.1.1.1', '142.250.74.110', '2606:4700::1111', '::ffff:1.1.1.1']) {
      expect(isPublicAddress(address), address).toBe(true);
    }
  });
});

describe('push endpoints must be public (subscribing)', () => {
  const t = appForSuite({ captureLogs: true });

  const subscribe = (token: string, endpoint: string) =>
    t.app.inject({
      method: 'POST',
      url: `${API}/notifications/push/subscriptions`,
      headers: authHeaders(token),
      payload: { endpoint, expirationTime: null, keys: browserKeys().keys },
    });

  it('422 on `endpoint` for internal addresses, literal or by name; nothing stored', async () => {
    const owner = await registerOwner(t.app);
    for (const endpoint of [
      'https://127.0.0.1:8443/push/a',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]:8443/push/a',
      'https://10.0.0.5/push/a',
      'https://100.64.0.1/push/a',
      'https://[fd00::1]/push/a',
      'https://[fe80::1]/push/a',
      'https://0.0.0.0/push/a',
      'https://[::ffff:127.0.0.1]/push/a',
      'https://2130706433/push/a', // 127.0.0.1 written as a number
      'https://localhost:8443/push/a', // a name that resolves to 127.0.0.1
      'https://no-such-host.invalid/push/a', // a name that does not resolve: the same answer
    ]) {
      const response = await subscribe(owner.access_token, endpoint);
      expect(response.statusCode, endpoint).toBe(422);
      expect(response.json(), endpoint).toMatchObject({ code: 'VALIDATION_ERROR', errors: [{ field: 'endpoint', message: NOT_PUBLIC }] });
    }
    expect(await t.database.db.select().from(pushSubscriptions)).toEqual([]);
    expect((await subscribe(owner.access_token, 'https://203.0.114.9/push/a')).statusCode).toBe(201);
  });

  it('a stored endpoint whose name now resolves to an internal address is dropped and logged at the send, never connected', async () => {
    const owner = await registerOwner(t.app);
    const internal = await countingListener();
    try {
      // As if each had been public when the browser subscribed (DNS can change afterwards).
      for (const endpoint of [`https://localhost:${internal.port}/push/a`, `https://127.0.0.1:${internal.port}/push/b`]) {
        await t.database.db.insert(pushSubscriptions).values({ userId: owner.user.id, endpoint, ...browserKeys().keys });
      }
      const result = await t.deps.notifications.notifyUser({
        userId: owner.user.id,
        orgId: owner.user.org_id,
        spaceId: owner.defaultSpace.id,
        kind: NOTIFICATION_KINDS.replyReady,
        title: 'SEO Specialist replied',
        body: 'Done.',
        url: '/agents/seo/chat/1',
        tag: notificationTags.chat('1'),
      });
      expect(result).toMatchObject({ pushed: 0, failed: 2 });
      expect(internal.connections()).toBe(0);
      const dropped = t.logs.filter((line) => line.includes('Push notification dropped: the endpoint is not a public address'));
      expect(dropped).toHaveLength(2);
      // The endpoint is the device's capability: not logged.
      expect(t.logs.join('\n')).not.toContain(`localhost:${internal.port}`);
    } finally {
      await internal.close();
    }
  });
});

describe('the push transport connects only to an address it judged (DNS rebinding)', () => {
  it('a name resolving to loopback is refused before connecting; with the check off, loopback is connected to', async () => {
    const internal = await countingListener();
    try {
      const resolve = async () => [{ address: '127.0.0.1', family: 4 }];
      const request = { url: new URL(`http://push.example.test:${internal.port}/push/a`), headers: {}, body: Buffer.from('x'), timeoutMs: 2000 };
      expect(await createPushTransport({ resolve, allowPrivate: false })(request)).toEqual({ kind: 'refused', reason: 'not-public' });
      expect(internal.connections()).toBe(0);
      // The listener does count a connection, so the 0 above means none was made.
      await createPushTransport({ resolve, allowPrivate: true })({ ...request, url: new URL(`http://127.0.0.1:${internal.port}/push/a`) });
      expect(internal.connections()).toBe(1);
    } finally {
      await internal.close();
    }
  });
});
