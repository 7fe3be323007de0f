/**
 * The notification endpoints (docs/pwa.md "Notifications"): the signed-in person's in-app
 * notifications and push devices. Every role, no space: a person's notifications span the spaces
 * they work in. Methods and paths are in notification-routes.ts.
 */
import { z } from 'zod';
import type { EndpointDeclaration } from './endpoint';
import {
  deletePushSubscriptionSchema,
  markNotificationsReadSchema,
  notificationListSchema,
  pushSubscriptionRequestSchema,
  pushSubscriptionSchema,
  unreadCountSchema,
  vapidPublicKeySchema,
} from './notifications';

const common = { tags: ['notifications'], auth: 'bearer' } as const;

export const NOTIFICATION_DECLARATIONS = {
  list: {
    ...common,
    summary: 'Your latest in-app notifications, newest first, with the unread count',
    answers: { 200: notificationListSchema },
    errors: [401],
  },
  markRead: {
    ...common,
    summary: 'Mark notifications as read (the given ids, or all)',
    body: markNotificationsReadSchema,
    answers: { 200: unreadCountSchema },
    errors: [401, 422],
  },
  pushKey: {
    ...common,
    summary: "The server's VAPID public key, to subscribe a browser to push with",
    answers: { 200: vapidPublicKeySchema },
    errors: [401],
  },
  subscribePush: {
    ...common,
    summary: "Push to this device: the browser's PushSubscription (one per device; subscribing again updates it)",
    body: pushSubscriptionRequestSchema,
    answers: { 201: pushSubscriptionSchema },
    errors: [401, 422],
  },
  unsubscribePush: {
    ...common,
    summary: 'Stop pushing to this device (the endpoint is in the body: it is a capability, kept out of URLs and logs)',
    body: deletePushSubscriptionSchema,
    answers: { 204: z.null() },
    errors: [401, 404, 422],
  },
} satisfies Record<string, EndpointDeclaration>;

export type NotificationDeclarations = typeof NOTIFICATION_DECLARATIONS;
