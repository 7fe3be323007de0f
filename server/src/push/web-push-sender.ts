/**
 * Web Push to one browser (RFC 8030 delivery, RFC 8291 payload encryption, RFC 8292 VAPID), the
 * adapter to the outside world behind the notifications service.
 *
 * The `web-push` package builds each request: it encrypts the payload (aes128gcm) for the
 * subscription's keys and signs the VAPID header with our keys. The request is then sent by
 * push-transport.ts rather than web-push's own `sendNotification`, for four reasons: only public
 * addresses are connected to (an endpoint is a browser-supplied address, so anything else would
 * let a signed-in person point the server at its own network; endpoint-address.ts), checked at the
 * moment of connecting because DNS can change after subscribing; a time-out (web-push has none by
 * default, and a push service that hangs would hold the notification forever); no redirects
 * followed; and plain-http endpoints when PUSH_ALLOW_HTTP_ENDPOINTS allows them (web-push only
 * speaks https).
 */
import { createHash } from 'node:crypto';
import webpush from 'web-push';
import { resolveWithDns, type EndpointRefusal, type ResolveHost } from './endpoint-address';
import { createPushTransport } from './push-transport';

export interface PushTarget {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface PushMessage {
  /** The JSON the service worker's push handler reads (encrypted on the way). */
  payload: string;
  /** How long the push service keeps it for a device that is offline. */
  ttlSeconds: number;
  /** A newer message with the same topic replaces an undelivered older one at the push service. */
  topic?: string;
  urgency?: 'very-low' | 'low' | 'normal' | 'high';
}

export type PushResult =
  | { ok: true; status: number }
  /** `gone`: the push service says the subscription no longer exists (404, 410): remove it. */
  | { ok: false; gone: boolean; status: number | null; error: string; refused?: EndpointRefusal };

export interface PushSender {
  /** The VAPID public key browsers subscribe with (applicationServerKey). */
  readonly publicKey: string;
  send(target: PushTarget, message: PushMessage): Promise<PushResult>;
}

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

export interface WebPushSenderOptions {
  keys: VapidKeys;
  /** mailto: or https: contact for push services (RFC 8292 `sub`). */
  subject: string;
  /** A push service that has not answered by then counts as a failed delivery. */
  timeoutMs?: number;
  /** PUSH_ALLOW_PRIVATE_ENDPOINTS: send to any address (tests' local push service; unsafe elsewhere). */
  allowPrivateEndpoints?: boolean;
  /** How host names are resolved (node:dns by default; tests make a name resolve where they need). */
  resolve?: ResolveHost;
}

/** Long enough for a slow push service, short enough that a dead one does not pile up sends. */
const DEFAULT_PUSH_TIMEOUT_MS = 10_000;

/** Push services allow topics of at most 32 base64url characters: a hash of the tag fits. */
export function topicFor(tag: string): string {
  return createHash('sha256').update(tag).digest('base64url').slice(0, 32);
}

export function createWebPushSender(options: WebPushSenderOptions): PushSender {
  const timeoutMs = options.timeoutMs ?? DEFAULT_PUSH_TIMEOUT_MS;
  const post = createPushTransport({ resolve: options.resolve ?? resolveWithDns, allowPrivate: options.allowPrivateEndpoints ?? false });
  return {
    publicKey: options.keys.publicKey,
    async send(target, message) {
      let details: ReturnType<typeof webpush.generateRequestDetails>;
      try {
        details = webpush.generateRequestDetails(target, message.payload, {
          vapidDetails: { subject: options.subject, publicKey: options.keys.publicKey, privateKey: options.keys.privateKey },
          TTL: message.ttlSeconds,
          contentEncoding: 'aes128gcm',
          ...(message.topic ? { topic: message.topic } : {}),
          ...(message.urgency ? { urgency: message.urgency } : {}),
        });
      } catch {
        // Keys nothing can be encrypted for: no message will ever reach this subscription.
        return { ok: false, gone: true, status: null, error: 'the subscription keys cannot be used' };
      }
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(details.headers)) {
        // The transport sets the length from the body itself.
        if (name.toLowerCase() !== 'content-length' && value !== undefined) headers[name] = String(value);
      }
      let url: URL;
      try {
        url = new URL(details.endpoint);
      } catch {
        return { ok: false, gone: true, status: null, error: 'the endpoint is not an address' };
      }
      const outcome = await post({ url, headers, body: details.body ? Buffer.from(details.body) : null, timeoutMs });
      switch (outcome.kind) {
        case 'answered':
          if (outcome.status >= 200 && outcome.status < 300) return { ok: true, status: outcome.status };
          return {
            ok: false,
            gone: outcome.status === 404 || outcome.status === 410,
            status: outcome.status,
            error: `The push service answered ${outcome.status}`,
          };
        case 'refused':
          return {
            ok: false,
            gone: false,
            status: null,
            refused: outcome.reason,
            error: outcome.reason === 'not-public' ? 'the endpoint resolves to an address that is not public: not sent' : 'the endpoint host could not be resolved: not sent',
          };
        case 'timeout':
          return { ok: false, gone: false, status: null, error: `no answer within ${timeoutMs} ms` };
        default:
          return { ok: false, gone: false, status: null, error: 'the push service could not be reached' };
      }
    },
  };
}

/** A new VAPID key pair (P-256), base64url. */
export function generateVapidKeys(): VapidKeys {
  return webpush.generateVAPIDKeys();
}
