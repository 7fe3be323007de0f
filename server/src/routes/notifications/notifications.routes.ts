import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { NOTIFICATION_ENDPOINTS } from '../../../../src/contract/all-endpoints';
import { authOf } from '../../plugins/auth';
import { listNotifications, markNotificationsRead } from '../../services/notifications/notifications.service';
import { checkEndpoint, checkKeys, deleteSubscription, saveSubscription } from '../../services/notifications/push-subscriptions.service';
import type { RouteDeps } from '../deps';
import { routeFromContract } from '../route-from-contract';

/**
 * The signed-in person's notifications and push devices (every role, no space: a person's
 * notifications span the spaces they work in). Everything is scoped to the caller: another
 * person's notifications and subscriptions are never read, changed or revealed. Paths and schemas
 * are the contract's (src/contract/notification-endpoints.ts).
 */
export const notificationRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, notifications }) => {
  routeFromContract(app, NOTIFICATION_ENDPOINTS.list, {
    onRequest: app.requireAuth,
    handler: async (request) => listNotifications(db, authOf(request).userId),
  });

  routeFromContract(app, NOTIFICATION_ENDPOINTS.markRead, {
    onRequest: app.requireAuth,
    handler: async (request) => ({ unread_count: await markNotificationsRead(db, authOf(request).userId, request.body) }),
  });

  routeFromContract(app, NOTIFICATION_ENDPOINTS.pushKey, {
    onRequest: app.requireAuth,
    handler: async () => ({ public_key: notifications.publicKey }),
  });

  routeFromContract(app, NOTIFICATION_ENDPOINTS.subscribePush, {
    onRequest: app.requireAuth,
    handler: async (request, reply) => {
      await checkEndpoint(request.body.endpoint, notifications.endpointPolicy);
      checkKeys(request.body.keys);
      const row = await saveSubscription(db, authOf(request).userId, request.body, request.headers['user-agent'], authOf(request).sessionId ?? null);
      return reply.status(201).send({ id: row.id, created_at: row.createdAt.toISOString() });
    },
  });

  routeFromContract(app, NOTIFICATION_ENDPOINTS.unsubscribePush, {
    onRequest: app.requireAuth,
    handler: async (request, reply) => {
      await deleteSubscription(db, authOf(request).userId, request.body.endpoint);
      return reply.status(204).send(null);
    },
  });
};
