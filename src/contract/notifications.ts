import { z } from 'zod';
import { wireId } from './wire';

/**
 * Notifications: what the server tells a person when something they started finishes while they
 * may not be looking (a long chat reply, an Agent Mode run that finished or needs an answer). Each
 * one is kept as an in-app notification (the list and unread badge) and sent by Web Push to every
 * device the person subscribed. Shared by the server, the page and the service worker.
 */

export {
  NOTIFICATION_AUTO_CLOSE_MS,
  NOTIFICATION_KINDS,
  NOTIFICATION_SPACE_PARAM,
  notificationTags,
} from './notification-rules';

/** Limits on what a notification carries (a push message holds about 4 KB after encryption). */
export const NOTIFICATION_TITLE_MAX = 120;
export const NOTIFICATION_BODY_MAX = 300;
export const NOTIFICATION_URL_MAX = 1000;

export const notificationSchema = z.object({
  id: wireId,
  kind: z.string(),
  title: z.string(),
  body: z.string(),
  /** In-app path, e.g. /agents/seo/chat/<id>. */
  url: z.string(),
  tag: z.string(),
  /** The space the chat or run lives in: opening it from another space switches to it first. */
  space_id: z.nullable(wireId),
  created_at: z.string(),
  read_at: z.string().nullable(),
});
export type AppNotification = z.infer<typeof notificationSchema>;

/** Most recent first; `unread_count` counts all unread, not only those in the page. */
export const notificationListSchema = z.object({
  notifications: z.array(notificationSchema),
  unread_count: z.number().int().min(0),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

/** How many notifications the list answers with (and the server keeps per person). */
export const NOTIFICATIONS_LIST_LIMIT = 50;

/** POST /notifications/read: the given ones, or every one with `all`. */
export const markNotificationsReadSchema = z
  .object({ ids: z.array(wireId).max(NOTIFICATIONS_LIST_LIMIT).optional(), all: z.literal(true).optional() })
  .refine((body) => body.all === true || (body.ids?.length ?? 0) > 0, { message: 'Name the notifications to mark as read, or send all: true', path: ['ids'] });
export const unreadCountSchema = z.object({ unread_count: z.number().int().min(0) });

/** GET /notifications/push/key: the server's VAPID public key (applicationServerKey, base64url). */
export const vapidPublicKeySchema = z.object({ public_key: z.string() });

const base64url = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+=*$/, 'Must be base64url text');

/** The browser's PushSubscription as `toJSON()` gives it. */
export const pushSubscriptionRequestSchema = z.object({
  endpoint: z.string().max(2048),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh: base64url(200), auth: base64url(100) }),
});
export type PushSubscriptionRequest = z.infer<typeof pushSubscriptionRequestSchema>;

/** The stored subscription as the device sees it (never the endpoint or keys back). */
export const pushSubscriptionSchema = z.object({ id: wireId, created_at: z.string() });

/** DELETE /notifications/push/subscriptions: which of the caller's devices to stop notifying. */
export const deletePushSubscriptionSchema = z.object({ endpoint: z.string().min(1).max(2048) });

/** What a push message carries (encrypted for the device; the worker shows it). */
export const pushPayloadSchema = z.object({
  id: wireId,
  kind: z.string(),
  title: z.string(),
  body: z.string(),
  url: z.string(),
  tag: z.string(),
  space_id: z.nullable(wireId),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;
