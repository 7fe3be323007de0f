/** The signed-in person's notifications and push devices (every role, no space: docs/pwa.md "Notifications"). */
import { http } from '../../api';
import type { NotificationList, PushSubscriptionRequest } from '../../contract/notifications';

export function getNotifications(signal?: AbortSignal): Promise<NotificationList> {
  return http.get<NotificationList>('/notifications', { signal });
}

/** The given notifications, or all of them; answers the unread count left. */
export async function postNotificationsRead(selection: { ids: string[] } | { all: true }): Promise<number> {
  return (await http.post<{ unread_count: number }>('/notifications/read', selection)).unread_count;
}

export async function getVapidPublicKey(): Promise<string> {
  return (await http.get<{ public_key: string }>('/notifications/push/key')).public_key;
}

export async function postPushSubscription(subscription: PushSubscriptionRequest): Promise<void> {
  await http.post<unknown>('/notifications/push/subscriptions', subscription);
}

/** The endpoint goes in the body: it is the device's push capability and stays out of URLs and logs. */
export async function deletePushSubscription(endpoint: string): Promise<void> {
  await http.delete<unknown>('/notifications/push/subscriptions', undefined, { endpoint });
}
