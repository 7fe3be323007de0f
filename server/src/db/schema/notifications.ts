import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organizations } from './organizations';
import { spaces } from './spaces';
import { users } from './users';

/**
 * What the app told a person (a long reply arrived, a run finished or needs an answer): the in-app
 * list and unread badge read it, whether or not a push reached a device. Kept per person; the
 * oldest rows beyond the newest NOTIFICATIONS_KEPT_PER_USER are deleted when a new one is written.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    orgId: uuid('org_id').references(() => organizations.id, { onDelete: 'cascade' }),
    /** The space the notification is about (a chat or a run lives in one); null for account-wide ones. */
    spaceId: uuid('space_id').references(() => spaces.id, { onDelete: 'cascade' }),
    /** reply_ready, run_finished, run_needs_answer, … */
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** In-app path a click opens, e.g. /agents/seo/chat/<id>. */
    url: text('url').notNull(),
    /** One notification per tag is shown on a device: a newer one of the same chat or run replaces the older. */
    tag: text('tag').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (table) => [
    index('notifications_user_created_idx').on(table.userId, table.createdAt),
    index('notifications_user_unread_idx').on(table.userId).where(sql`${table.readAt} is null`),
  ],
);

/**
 * One browser's Web Push subscription (a device: the browser holds one per site). The endpoint is
 * the push service's address for that browser, a capability: whoever knows it with the keys can
 * send to it, so it is never logged or returned. The device belongs to the person who subscribed
 * on it last (subscribing again with the same endpoint moves it).
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique('push_subscriptions_endpoint_unique'),
    /** The browser's P-256 public key and auth secret (base64url) the payload is encrypted for (RFC 8291). */
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    userAgent: text('user_agent'),
    /**
     * The signed-in session (refresh-token family) that subscribed: signing that device out
     * (logout, sign-out per device, sign out everywhere) removes the subscription with it, so a
     * device nobody is signed in on stops receiving another person's notifications.
     */
    sessionId: uuid('session_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
  },
  (table) => [index('push_subscriptions_user_idx').on(table.userId), index('push_subscriptions_session_idx').on(table.sessionId)],
);
