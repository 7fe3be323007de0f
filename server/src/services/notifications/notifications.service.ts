/** The in-app notifications: one row per notification, the list, the unread count, marking read. */
import { and, count, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { notifications } from '../../db/schema/index';
import { NOTIFICATIONS_LIST_LIMIT, type AppNotification, type NotificationList } from '../../../../src/contract/notifications';

export type NotificationRow = typeof notifications.$inferSelect;

/**
 * How many a person keeps: a list shows the latest NOTIFICATIONS_LIST_LIMIT, and older ones
 * are of no use once the chats and runs they point at are in their own lists.
 */
export const NOTIFICATIONS_KEPT_PER_USER = NOTIFICATIONS_LIST_LIMIT * 2;

export interface NewNotification {
  userId: string;
  orgId: string | null;
  spaceId: string | null;
  kind: string;
  title: string;
  body: string;
  url: string;
  tag: string;
}

export function toNotificationDto(row: NotificationRow): AppNotification {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    body: row.body,
    url: row.url,
    tag: row.tag,
    space_id: row.spaceId,
    created_at: row.createdAt.toISOString(),
    read_at: row.readAt?.toISOString() ?? null,
  };
}

/**
 * Stores a notification, and trims the person's oldest beyond NOTIFICATIONS_KEPT_PER_USER. An
 * unread notification with the same tag is marked read first: the newer one about the same chat or
 * run replaces it, as it does on the device.
 */
export async function recordNotification(db: Db, input: NewNotification): Promise<NotificationRow> {
  return db.transaction(async (tx) => {
    await tx
      .update(notifications)
      .set({ readAt: sql`now()` })
      .where(and(eq(notifications.userId, input.userId), eq(notifications.tag, input.tag), isNull(notifications.readAt)));
    const [row] = await tx.insert(notifications).values(input).returning();
    const [oldestKept] = await tx
      .select({ createdAt: notifications.createdAt })
      .from(notifications)
      .where(eq(notifications.userId, input.userId))
      .orderBy(desc(notifications.createdAt))
      .offset(NOTIFICATIONS_KEPT_PER_USER - 1)
      .limit(1);
    if (oldestKept) {
      await tx.delete(notifications).where(and(eq(notifications.userId, input.userId), lt(notifications.createdAt, oldestKept.createdAt)));
    }
    return row!;
  });
}

export async function unreadCount(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ unread: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.unread ?? 0;
}

/** The caller's latest notifications, newest first, with the unread count. */
export async function listNotifications(db: Db, userId: string): Promise<NotificationList> {
  const rows = await db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(NOTIFICATIONS_LIST_LIMIT);
  return { notifications: rows.map(toNotificationDto), unread_count: await unreadCount(db, userId) };
}

/**
 * Marks the caller's notifications read: the given ids (others' ids, unknown and malformed ones
 * are ignored: nothing about them is revealed), or all of them. Answers the new unread count.
 */
export async function markNotificationsRead(db: Db, userId: string, selection: { ids?: string[]; all?: boolean }): Promise<number> {
  const uuids = (selection.ids ?? []).filter((id) => UUID.test(id));
  if (selection.all || uuids.length > 0) {
    await db
      .update(notifications)
      .set({ readAt: sql`now()` })
      .where(
        and(
          eq(notifications.userId, userId),
          isNull(notifications.readAt),
          selection.all ? undefined : inArray(notifications.id, uuids),
        ),
      );
  }
  return unreadCount(db, userId);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
