import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  deletePushSubscriptionSchema,
  markNotificationsReadSchema,
  notificationListSchema,
  pushSubscriptionRequestSchema,
  pushSubscriptionSchema,
  unreadCountSchema,
  vapidPublicKeySchema,
} from '../../../../src/contract/notifications';
import { authOf } from '../../plugins/auth';
import { listNotifications, markNotificationsRead } from '../../services/notifications/notifications.service';
import { checkEndpoint, checkKeys, deleteSubscription, saveSubscription } from '../../services/notifications/push-subscriptions.service';
import { bearerSecurity, errorResponses } from '../common.schemas';
import type { RouteDeps } from '../deps';

/**
 * The signed-in person's notifications and push devices (every role, no space: a person's
 * notifications span the spaces they work in). Everything is scoped to the caller: another
 * person's notifications and subscriptions are never read, changed or revealed.
 */
export const notificationRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, notifications }) => {
  app.get(
    '/notifications',
    {
      onRequest: app.requireAuth,
      schema: {
        tags: ['notifications'],
        summary: 'Your latest in-app notifications, newest first, with the unread count',
        security: bearerSecurity,
        response: { 200: notificationListSchema, ...errorResponses(401) },
      },
    },
    async (request) => listNotifications(db, authOf(request).userId),
  );

  app.post(
    '/notifications/read',
    {
      onRequest: app.requireAuth,
      schema: {
        tags: ['notifications'],
        summary: 'Mark notifications as read (the given ids, or all)',
        security: bearerSecurity,
        body: markNotificationsReadSchema,
        response: { 200: unreadCountSchema, ...errorResponses(401, 422) },
      },
    },
    async (request) => ({ unread_count: await markNotificationsRead(db, authOf(request).userId, request.body) }),
  );

  app.get(
    '/notifications/push/key',
    {
      onRequest: app.requireAuth,
      schema: {
        tags: ['notifications'],
        summary: "The server's VAPID public key, to subscribe a browser to push with",
        security: bearerSecurity,
        response: { 200: vapidPublicKeySchema, ...errorResponses(401) },
      },
    },
    async () => ({ public_key: notifications.publicKey }),
  );

  app.post(
    '/notifications/push/subscriptions',
    {
      onRequest: app.requireAuth,
      schema: {
        tags: ['notifications'],
        summary: "Push to this device: the browser's PushSubscription (one per device; subscribing again updates it)",
        security: bearerSecurity,
        body: pushSubscriptionRequestSchema,
        response: { 201: pushSubscriptionSchema, ...errorResponses(401, 422) },
      },
    },
    async (request, reply) => {
      await checkEndpoint(request.body.endpoint, notifications.endpointPolicy);
      checkKeys(request.body.keys);
      const row = await saveSubscription(db, authOf(request).userId, request.body, request.headers['user-agent'], authOf(request).sessionId ?? null);
      return reply.status(201).send({ id: row.id, created_at: row.createdAt.toISOString() });
    },
  );

  app.delete(
    '/notifications/push/subscriptions',
    {
      onRequest: app.requireAuth,
      schema: {
        tags: ['notifications'],
        summary: 'Stop pushing to this device (the endpoint is in the body: it is a capability, kept out of URLs and logs)',
        security: bearerSecurity,
        body: deletePushSubscriptionSchema,
        response: { 204: z.null(), ...errorResponses(401, 404, 422) },
      },
    },
    async (request, reply) => {
      await deleteSubscription(db, authOf(request).userId, request.body.endpoint);
      return reply.status(204).send(null);
    },
  );
};
