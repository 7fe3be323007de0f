/**
 * A local push service for the server tests: an HTTP endpoint per "device" that does what a
 * browser's push service and the browser do together with a push message. It checks the VAPID
 * authorisation (RFC 8292: the ES256 JWT verifies with the key in `k`, for this origin), then
 * decrypts the body (RFC 8291 aes128gcm) with the device's own key pair and auth secret, made
 * here as a browser would make them. Each device can be told to answer with another status
 * (410 Gone: the browser unsubscribed).
 */
import { createECDH, randomBytes, type ECDH } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decrypt } from 'http_ece';
import { importJWK, jwtVerify, type JWTPayload } from 'jose';
import type { PushPayload } from '../../src/contract/notifications';
import { recordIssuedSecret } from './server-log-sink';
import { closeHttpServer } from './close-http-server';

export interface ReceivedPush {
  /** The decrypted message exactly as a browser would hand it to the service worker. */
  text: string;
  payload: PushPayload;
  headers: IncomingMessage['headers'];
  /** The verified VAPID claims (aud, exp, sub). */
  vapid: JWTPayload;
  /** The `k` of the Authorization header: the server's VAPID public key. */
  vapidPublicKey: string;
}

export interface TestDevice {
  /** What the browser's PushSubscription.toJSON() gives (what the page sends the server). */
  subscription: { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
  received: ReceivedPush[];
  /** Requests that failed the checks, with why (a valid server sends none). */
  rejected: string[];
  /** The status this device's push service answers with (201 by default). */
  status: number;
}

export interface PushEndpoint {
  origin: string;
  /** A new device subscribed at this push service. */
  device(): TestDevice;
  close(): Promise<void>;
}

interface DeviceState extends TestDevice {
  ecdh: ECDH;
}

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

/** `vapid t=<jwt>, k=<public key>` → verified claims, or the reason it fails. */
async function verifyVapid(header: string | undefined, origin: string): Promise<{ claims: JWTPayload; key: string } | string> {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match) return `no VAPID authorization header: ${header ?? '(none)'}`;
  const [, token, key] = match as unknown as [string, string, string];
  const point = Buffer.from(key, 'base64url');
  if (point.length !== 65 || point[0] !== 4) return 'k is not an uncompressed P-256 point';
  const jwk = { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') };
  try {
    const { payload } = await jwtVerify(token, await importJWK(jwk, 'ES256'), { audience: origin, algorithms: ['ES256'] });
    return { claims: payload, key };
  } catch (error) {
    return `VAPID JWT does not verify: ${String(error)}`;
  }
}

/** A subscription's key pair and auth secret, made as a browser makes them (RFC 8291). */
/**
 * What an app needs to push to this local service: plain http, and a loopback address, which the
 * server refuses by default (server/src/push/endpoint-address.ts). PUSH_ALLOW_PRIVATE_ENDPOINTS is
 * unsafe anywhere but a test: it lets a signed-in person point the server at its own network.
 */
export const LOCAL_PUSH_SERVICE_ENV: Record<string, string> = { PUSH_ALLOW_HTTP_ENDPOINTS: 'true', PUSH_ALLOW_PRIVATE_ENDPOINTS: 'true' };

export function browserKeys(): { ecdh: ECDH; keys: { p256dh: string; auth: string } } {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { ecdh, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') } };
}

export async function startPushEndpoint(): Promise<PushEndpoint> {
  const devices = new Map<string, DeviceState>();
  let origin = '';
  const server = createServer((request, response) => {
    void (async () => {
      const device = devices.get(request.url ?? '');
      if (!device || request.method !== 'POST') {
        response.writeHead(404).end();
        return;
      }
      const body = await readBody(request);
      const vapid = await verifyVapid(request.headers.authorization, origin);
      if (typeof vapid === 'string') {
        device.rejected.push(vapid);
        response.writeHead(401).end();
        return;
      }
      if (request.headers['content-encoding'] !== 'aes128gcm') {
        device.rejected.push(`content-encoding ${request.headers['content-encoding']}`);
        response.writeHead(415).end();
        return;
      }
      if (device.status >= 200 && device.status < 300) {
        const text = decrypt(body, { version: 'aes128gcm', privateKey: device.ecdh, authSecret: device.subscription.keys.auth }).toString('utf8');
        device.received.push({
          text,
          payload: JSON.parse(text) as PushPayload,
          headers: request.headers,
          vapid: vapid.claims,
          vapidPublicKey: vapid.key,
        });
      }
      response.writeHead(device.status).end();
    })().catch((error: unknown) => {
      response.writeHead(500).end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    device() {
      const { ecdh, keys } = browserKeys();
      const path = `/push/${randomBytes(16).toString('base64url')}`;
      const state: DeviceState = {
        ecdh,
        subscription: {
          endpoint: `${origin}${path}`,
          expirationTime: null,
          keys,
        },
        received: [],
        rejected: [],
        status: 201,
      };
      // An endpoint and auth secret are a device's capability: no server log may hold them.
      recordIssuedSecret('push endpoint', path);
      recordIssuedSecret('push auth secret', state.subscription.keys.auth);
      devices.set(path, state);
      return state;
    },
    close: () => closeHttpServer(server),
  };
}
