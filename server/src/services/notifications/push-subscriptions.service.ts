/** Web Push subscriptions: one per device (browser), each belonging to one person. */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { isUuid } from '../../db/ids';
import { pushSubscriptions } from '../../db/schema/index';
import { AppError, MESSAGES, notFound } from '../../errors';
import type { PushSubscriptionRequest } from '../../../../src/contract/notifications';
import { refuseEndpointHost, type ResolveHost } from '../../push/endpoint-address';

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

export const PUSH_MESSAGES = {
  subscriptionNotFound: 'Push subscription not found',
  endpointNotHttps: 'The push endpoint must be an https:// address given by the browser',
  endpointNotPublic: "The push endpoint must be a public push service's address, not one on a private or local network",
  p256dhInvalid: "Must be the browser's P-256 public key (65 bytes, base64url)",
  authInvalid: "Must be the browser's 16-byte auth secret (base64url)",
} as const;

/** Longest user agent kept: enough to name the browser and system (as for signed-in devices). */
const USER_AGENT_MAX_LENGTH = 400;

/** What subscriptions may name as their endpoint (PUSH_ALLOW_* settings and how names resolve). */
export interface EndpointPolicy {
  allowHttp: boolean;
  /** PUSH_ALLOW_PRIVATE_ENDPOINTS: unsafe outside tests (push/endpoint-address.ts). */
  allowPrivate: boolean;
  resolve: ResolveHost;
}

/**
 * The endpoint is the browser's push-service address, and the server POSTs to it. Only https is
 * accepted (every browser's push service uses it) unless PUSH_ALLOW_HTTP_ENDPOINTS is set, and only
 * a host whose every address is public (push/endpoint-address.ts): a loopback, private,
 * link-local or metadata address, literal or behind a name, is refused before it is stored. An
 * internal address and a name that does not resolve get the same answer, so the form tells
 * nothing about the server's network. The send checks again: DNS can change after this.
 */
export async function checkEndpoint(endpoint: string, policy: EndpointPolicy): Promise<void> {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    throw invalidEndpoint(PUSH_MESSAGES.endpointNotHttps);
  }
  if (!(url.protocol === 'https:' || (policy.allowHttp && url.protocol === 'http:'))) throw invalidEndpoint(PUSH_MESSAGES.endpointNotHttps);
  if (await refuseEndpointHost(url, policy.resolve, policy.allowPrivate)) throw invalidEndpoint(PUSH_MESSAGES.endpointNotPublic);
}

const invalidEndpoint = (message: string) => new AppError(422, MESSAGES.validation, 'VALIDATION_ERROR', [{ field: 'endpoint', message }]);

/**
 * The keys a browser makes (RFC 8291): p256dh an uncompressed P-256 point (65 bytes, first 0x04),
 * auth 16 random bytes. Anything else could never be encrypted for, so it is refused up front.
 */
export function checkKeys(keys: { p256dh: string; auth: string }): void {
  const point = Buffer.from(keys.p256dh, 'base64url');
  const errors = [];
  if (point.length !== 65 || point[0] !== 4) errors.push({ field: 'keys.p256dh', message: PUSH_MESSAGES.p256dhInvalid });
  if (Buffer.from(keys.auth, 'base64url').length !== 16) errors.push({ field: 'keys.auth', message: PUSH_MESSAGES.authInvalid });
  if (errors.length > 0) throw new AppError(422, MESSAGES.validation, 'VALIDATION_ERROR', errors);
}

/**
 * Stores the caller's device. The endpoint is unique: a browser has one subscription per site, so
 * the same endpoint again (a renewed opt-in, or another person signing in on that browser and
 * opting in) updates the row and makes it the caller's. Presenting endpoint and keys proves the
 * caller holds that browser's subscription.
 */
export async function saveSubscription(
  db: Db,
  userId: string,
  subscription: PushSubscriptionRequest,
  userAgent: string | undefined,
  sessionId: string | null,
): Promise<PushSubscriptionRow> {
  const values = {
    userId,
    sessionId: sessionId && isUuid(sessionId) ? sessionId : null,
    endpoint: subscription.endpoint,
    p256dh: subscription.keys.p256dh,
    auth: subscription.keys.auth,
    userAgent: userAgent?.slice(0, USER_AGENT_MAX_LENGTH) ?? null,
  };
  const [row] = await db
    .insert(pushSubscriptions)
    .values(values)
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { userId: values.userId, sessionId: values.sessionId, p256dh: values.p256dh, auth: values.auth, userAgent: values.userAgent, createdAt: sql`now()` },
    })
    .returning();
  return row!;
}

/** Removes one of the caller's devices; another person's endpoint answers 404 like an unknown one. */
export async function deleteSubscription(db: Db, userId: string, endpoint: string): Promise<void> {
  const removed = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  if (removed.length === 0) throw notFound(PUSH_MESSAGES.subscriptionNotFound);
}

export async function subscriptionsOf(db: Db, userId: string): Promise<PushSubscriptionRow[]> {
  return db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
}

/** The push service said the subscription is gone (404/410): the browser unsubscribed or expired it. */
export async function pruneSubscription(db: Db, id: string): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}

export async function markDelivered(db: Db, id: string): Promise<void> {
  await db.update(pushSubscriptions).set({ lastSuccessAt: sql`now()` }).where(eq(pushSubscriptions.id, id));
}
