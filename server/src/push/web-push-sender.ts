/**
 * Web Push to one browser (RFC 8030 delivery, RFC 8291 payload encryption, RFC 8292 VAPID), the
 * adapter to the outside world behind the notifications service.
 *
 * The `web-push` package builds each request: it encrypts the payload (aes128gcm) for the
 * subscription's keys and signs the VAPID header with our keys. The request is then sent with
 * fetch rather than web-push's own `sendNotification`, for three reasons: a time-out (web-push has
 * none by default, and a push service that hangs would hold the notification forever), no
 * redirects followed (an endpoint is a browser-supplied address; following a redirect would let it
 * point the server anywhere), and plain-http endpoints when PUSH_ALLOW_HTTP_ENDPOINTS allows them
 * (a self-hosted push service, or the tests' local endpoint; web-push only speaks https).
 */
import { createHash } from 'node:crypto';
import webpush from 'web-push';

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
  | { ok: false; gone: boolean; status: number | null; error: string };

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
  fetch?: typeof fetch;
}

/** Long enough for a slow push service, short enough that a dead one does not pile up sends. */
const DEFAULT_PUSH_TIMEOUT_MS = 10_000;

/** Push services allow topics of at most 32 base64url characters: a hash of the tag fits. */
export function topicFor(tag: string): string {
  return createHash('sha256').update(tag).digest('base64url').slice(0, 32);
}

export function createWebPushSender(options: WebPushSenderOptions): PushSender {
  const send = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? DEFAULT_PUSH_TIMEOUT_MS;
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
      const headers = new Headers();
      for (const [name, value] of Object.entries(details.headers)) {
        // fetch sets the length from the body itself.
        if (name.toLowerCase() !== 'content-length' && value !== undefined) headers.set(name, String(value));
      }
      try {
        const response = await send(details.endpoint, {
          method: 'POST',
          headers,
          body: details.body ? new Uint8Array(details.body) : null,
          redirect: 'error',
          signal: AbortSignal.timeout(timeoutMs),
        });
        // The push service's answer body is not needed; reading it frees the connection.
        await response.arrayBuffer().catch(() => undefined);
        if (response.ok) return { ok: true, status: response.status };
        return {
          ok: false,
          gone: response.status === 404 || response.status === 410,
          status: response.status,
          error: `The push service answered ${response.status}`,
        };
      } catch (error) {
        const reason = error instanceof Error && error.name === 'TimeoutError' ? `no answer within ${timeoutMs} ms` : 'the push service could not be reached';
        return { ok: false, gone: false, status: null, error: reason };
      }
    },
  };
}

/** A new VAPID key pair (P-256), base64url. */
export function generateVapidKeys(): VapidKeys {
  return webpush.generateVAPIDKeys();
}
