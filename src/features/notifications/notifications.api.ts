/**
 * The signed-in person's notifications and push devices (every role, no space: docs/pwa.md
 * "Notifications"), through the contract's routes.
 */
import { callEndpoint } from '../../api';
import { NOTIFICATION_ROUTES } from '../../contract/notification-routes';
import type { NotificationList, PushSubscriptionRequest } from '../../contract/notifications';

export function getNotifications(signal?: AbortSignal): Promise<NotificationList> {
  return callEndpoint(NOTIFICATION_ROUTES.list, {}, { signal });
}

/** The given notifications, or all of them; answers the unread count left. */
export async function postNotificationsRead(selection: { ids: string[] } | { all: true }): Promise<number> {
  return (await callEndpoint(NOTIFICATION_ROUTES.markRead, { body: selection })).unread_count;
}

export async function getVapidPublicKey(): Promise<string> {
  return (await callEndpoint(NOTIFICATION_ROUTES.pushKey)).public_key;
}

export async function postPushSubscription(subscription: PushSubscriptionRequest): Promise<void> {
  await callEndpoint(NOTIFICATION_ROUTES.subscribePush, { body: subscription });
}

/** The endpoint goes in the body: it is the device's push capability and stays out of URLs and logs. */
export async function deletePushSubscription(endpoint: string): Promise<void> {
  await callEndpoint(NOTIFICATION_ROUTES.unsubscribePush, { body: { endpoint } });
}
