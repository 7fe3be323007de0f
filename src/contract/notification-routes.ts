/**
 * The notification endpoints' methods and paths (docs/pwa.md "Notifications"), by the names
 * notification-endpoints.ts declares their schemas under. No schemas here: the signed-in shell's
 * unread badge calls through these, and the shell loads no schema library (endpoint.ts).
 */
import type { NotificationDeclarations } from './notification-endpoints';
import { routesFor } from './endpoint';

export const NOTIFICATION_ROUTES = routesFor<NotificationDeclarations>()({
  list: ['GET', '/notifications'],
  markRead: ['POST', '/notifications/read'],
  pushKey: ['GET', '/notifications/push/key'],
  subscribePush: ['POST', '/notifications/push/subscriptions'],
  unsubscribePush: ['DELETE', '/notifications/push/subscriptions'],
});
