/**
 * The one way any feature tells a person something happened while they may not be looking:
 * `notifyUser`. It records an in-app notification (the list and unread badge an open app shows,
 * or the next open) and sends it by Web Push to every device the person subscribed, removing
 * subscriptions the push service says are gone. Push is best effort on top of the in-app row:
 * without a subscription, or when a push fails, the in-app notification is what the person sees.
 */
import type { Db } from '../../db/database';
import {
  NOTIFICATION_BODY_MAX,
  NOTIFICATION_TITLE_MAX,
  NOTIFICATION_URL_MAX,
  type AppNotification,
  type PushPayload,
} from '../../../../src/contract/notifications';
import { topicFor, type PushSender } from '../../push/web-push-sender';
import { recordNotification, toNotificationDto } from './notifications.service';
import { markDelivered, pruneSubscription, subscriptionsOf, type EndpointPolicy } from './push-subscriptions.service';

export interface NotifyInput {
  userId: string;
  /** The person's organisation (null for platform admins). */
  orgId: string | null;
  /** The space of the chat or run, so the app can switch to it when the notification is opened. */
  spaceId?: string | null;
  /** 'reply_ready' | 'run_finished' | 'run_needs_answer' (NOTIFICATION_KINDS), or a feature's own. */
  kind: string;
  title: string;
  body: string;
  /** In-app path a click opens, e.g. `/agents/seo/chat/<id>`; must start with a single '/'. */
  url: string;
  /** One per chat or run (notificationTags): a newer notification replaces the older on a device. */
  tag: string;
}

export interface NotifyResult {
  notification: AppNotification;
  /** Devices the push service accepted the message for. */
  pushed: number;
  /** Subscriptions removed because the push service said they are gone. */
  pruned: number;
  /** Pushes that failed for another reason (the in-app notification still stands). */
  failed: number;
}

export interface NotifierDeps {
  db: Db;
  push: PushSender;
  log: { warn(object: object, message: string): void };
}

/**
 * How long a push service keeps a message for a device that is off: a day. Older than that, the
 * in-app list (and the chat or run itself) tells the person more than a late alert would.
 */
export const PUSH_TTL_SECONDS = 24 * 60 * 60;

/** A question waiting for the person is worth waking a phone for; a finished reply is not urgent. */
const URGENT_KINDS = new Set(['run_needs_answer']);

function clip(text: string, max: number): string {
  const trimmed = text.replace(/\s+/g, ' ').trim();
  return trimmed.length <= max ? trimmed : `${trimmed.slice(0, max - 1).trimEnd()}…`;
}

function checkedUrl(url: string): string {
  // In-app only: a notification must never lead to another site ('//host' is another site too).
  if (!url.startsWith('/') || url.startsWith('//') || url.length > NOTIFICATION_URL_MAX) {
    throw new Error(`notifyUser: url must be an in-app path of at most ${NOTIFICATION_URL_MAX} characters, got ${JSON.stringify(url.slice(0, 80))}`);
  }
  return url;
}

/** Records the in-app notification, then pushes it to each of the person's devices. */
export async function notifyUser(deps: NotifierDeps, input: NotifyInput): Promise<NotifyResult> {
  const row = await recordNotification(deps.db, {
    userId: input.userId,
    orgId: input.orgId,
    spaceId: input.spaceId ?? null,
    kind: input.kind,
    title: clip(input.title, NOTIFICATION_TITLE_MAX),
    body: clip(input.body, NOTIFICATION_BODY_MAX),
    url: checkedUrl(input.url),
    tag: input.tag,
  });
  const notification = toNotificationDto(row);
  const payload: PushPayload = {
    id: notification.id,
    kind: notification.kind,
    title: notification.title,
    body: notification.body,
    url: notification.url,
    tag: notification.tag,
    space_id: notification.space_id,
  };
  const message = {
    payload: JSON.stringify(payload),
    ttlSeconds: PUSH_TTL_SECONDS,
    topic: topicFor(notification.tag),
    urgency: URGENT_KINDS.has(notification.kind) ? ('high' as const) : ('normal' as const),
  };
  const result: NotifyResult = { notification, pushed: 0, pruned: 0, failed: 0 };
  const devices = await subscriptionsOf(deps.db, input.userId);
  await Promise.all(
    devices.map(async (device) => {
      const sent = await deps.push.send({ endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } }, message);
      if (sent.ok) {
        result.pushed += 1;
        await markDelivered(deps.db, device.id);
      } else if (sent.gone) {
        result.pruned += 1;
        await pruneSubscription(deps.db, device.id);
      } else if (sent.refused) {
        // Its host now resolves to an internal address (or none): dropped before any connection.
        result.failed += 1;
        deps.log.warn({ subscriptionId: device.id, reason: sent.refused }, 'Push notification dropped: the endpoint is not a public address');
      } else {
        result.failed += 1;
        // Never the endpoint: it is the device's capability to be pushed to.
        deps.log.warn({ subscriptionId: device.id, status: sent.status, reason: sent.error }, 'Push notification not delivered');
      }
    }),
  );
  return result;
}

/** What AppDeps holds: notifyUser bound to the app's database and push sender. */
export interface Notifier {
  /** The VAPID public key browsers subscribe with. */
  readonly publicKey: string;
  /** Which push endpoints subscriptions may name (push-subscriptions.service.ts checkEndpoint). */
  readonly endpointPolicy: EndpointPolicy;
  notifyUser(input: NotifyInput): Promise<NotifyResult>;
  /**
   * notifyUser without waiting: for callers that must not be held up by push services (a run that
   * just stored its reply). Failures are logged; `close` waits for these before the app closes.
   */
  notifyInBackground(input: NotifyInput): void;
  close(): Promise<void>;
}

export function createNotifier(deps: NotifierDeps & { endpointPolicy: EndpointPolicy; log: NotifierDeps['log'] & { error(object: object, message: string): void } }): Notifier {
  const inFlight = new Set<Promise<unknown>>();
  return {
    publicKey: deps.push.publicKey,
    endpointPolicy: deps.endpointPolicy,
    notifyUser: (input) => notifyUser(deps, input),
    notifyInBackground(input) {
      const sending = notifyUser(deps, input).catch((error: unknown) =>
        deps.log.error({ err: error, kind: input.kind, userId: input.userId }, 'Notification could not be recorded'),
      );
      inFlight.add(sending);
      void sending.finally(() => inFlight.delete(sending));
    },
    async close() {
      await Promise.allSettled([...inFlight]);
    },
  };
}
