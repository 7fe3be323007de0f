/**
 * The in-app notifications (docs/pwa.md "Notifications"): the fallback that always works, with or
 * without push. The list and unread count come from the server; they are refreshed when the app
 * starts, when it is shown again, when the service worker says a push arrived, and once a minute
 * while it is visible (for devices without push).
 */
import { proxy } from 'valtio';
import type { AppNotification } from '../../contract/notifications';
import { NOTIFICATION_RECEIVED } from '../../../sw/messages';
import { getNotifications, postNotificationsRead } from './notifications.api';

export interface NotificationsState {
  items: AppNotification[];
  unreadCount: number;
  /** The list came from the server at least once in this session. */
  loaded: boolean;
  /** The last refresh failed (offline, server away): the list shown is the last one fetched. */
  stale: boolean;
}

export const notificationsState = proxy<NotificationsState>({ items: [], unreadCount: 0, loaded: false, stale: false });

/**
 * Without push, a notification reaches an open app within this long. A minute keeps the badge
 * current enough for something that took half a minute or more to happen, at one small request a
 * minute per open, visible app; with push the worker's message refreshes it at once.
 */
export const NOTIFICATIONS_REFRESH_MS = 60_000;

/**
 * Where a notification leads, path and query: a run's notification leads to `/agent-mode?run=<id>`,
 * so only the run on screen counts as seen, not every run of the Agent Mode page.
 */
function placeOf(url: string): string {
  const target = new URL(url, window.location.origin);
  return `${target.pathname}${target.search}`;
}

export async function refreshNotifications(): Promise<void> {
  try {
    const list = await getNotifications();
    Object.assign(notificationsState, { items: list.notifications, unreadCount: list.unread_count, loaded: true, stale: false });
  } catch {
    notificationsState.stale = true;
    return;
  }
  // The person is looking at the chat or run it is about: the page shows it, so it is read.
  if (document.visibilityState !== 'visible') return;
  const current = `${window.location.pathname}${window.location.search}`;
  const here = notificationsState.items.filter((item) => item.read_at === null && placeOf(item.url) === current);
  if (here.length > 0) await markNotificationsRead(here.map((item) => item.id));
}

function markLocally(ids: readonly string[] | 'all'): void {
  const now = new Date().toISOString();
  for (const item of notificationsState.items) {
    if (item.read_at === null && (ids === 'all' || ids.includes(item.id))) item.read_at = now;
  }
}

export async function markNotificationsRead(ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  markLocally(ids);
  notificationsState.unreadCount = Math.max(0, notificationsState.unreadCount - ids.length);
  try {
    notificationsState.unreadCount = await postNotificationsRead({ ids });
  } catch {
    // Offline: read here; the server still counts it unread until the next refresh.
  }
}

export async function markAllNotificationsRead(): Promise<void> {
  markLocally('all');
  notificationsState.unreadCount = 0;
  try {
    notificationsState.unreadCount = await postNotificationsRead({ all: true });
  } catch {
    // As above: the next refresh brings the server's count back.
  }
}

export function resetNotifications(): void {
  Object.assign(notificationsState, { items: [], unreadCount: 0, loaded: false, stale: false });
}

/** Starts keeping the list fresh for the signed-in person; the returned function stops it. */
export function startNotificationsSync(refreshMs = NOTIFICATIONS_REFRESH_MS): () => void {
  const onVisible = () => {
    if (document.visibilityState === 'visible') void refreshNotifications();
  };
  const onWorkerMessage = (event: MessageEvent) => {
    if ((event.data as { type?: unknown } | null)?.type === NOTIFICATION_RECEIVED) void refreshNotifications();
  };
  const timer = setInterval(() => {
    if (document.visibilityState === 'visible') void refreshNotifications();
  }, refreshMs);
  document.addEventListener('visibilitychange', onVisible);
  const worker = typeof navigator !== 'undefined' ? navigator.serviceWorker : undefined;
  worker?.addEventListener?.('message', onWorkerMessage);
  void refreshNotifications();
  return () => {
    clearInterval(timer);
    document.removeEventListener('visibilitychange', onVisible);
    worker?.removeEventListener?.('message', onWorkerMessage);
    resetNotifications();
  };
}
