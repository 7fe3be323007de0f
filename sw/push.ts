/**
 * What the worker does with a push message from the server (docs/pwa.md "Notifications"): tell the
 * open pages (they refresh their notification list), and show the notification unless a window
 * the person is looking at is already on that chat or run (the page shows the reply itself). A
 * shown notification closes after 10 s (spec 001 §9) where the platform lets the worker close it;
 * the in-app list keeps it. Typed structurally, like notifications.ts, so it is testable with fakes.
 */
import { NOTIFICATION_AUTO_CLOSE_MS } from '../src/contract/notification-rules';
import type { PushPayload } from '../src/contract/notifications';
import { NOTIFICATION_RECEIVED } from './messages';
import { withCurrentUrls } from './window-urls';

export interface PushWindowLike {
  url: string;
  focused: boolean;
  visibilityState: 'visible' | 'hidden' | 'prerender';
  postMessage(message: unknown, transfer?: Transferable[]): void;
}

export interface PushClientsLike {
  matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<readonly PushWindowLike[]>;
}

export interface ShownNotificationLike {
  data?: unknown;
  close(): void;
}

export interface PushRegistrationLike {
  showNotification(title: string, options: NotificationOptions & { timestamp?: number }): Promise<void>;
  getNotifications(filter: { tag: string }): Promise<readonly ShownNotificationLike[]>;
}

export interface PushContext {
  registration: PushRegistrationLike;
  clients: PushClientsLike;
  appOrigin: string;
  /** Waits before the notification is closed; tests pass a controllable one. */
  wait?: (ms: number) => Promise<void>;
  /** How long a window may take to say where it is (CURRENT_URL_ANSWER_MS). */
  answerTimeoutMs?: number;
}

export type PushOutcome = 'shown' | 'shown-by-page';

export const NOTIFICATION_ICON = '/icons/icon-192.png';

/** Shown when a message cannot be read: a push must always show something (userVisibleOnly). */
const FALLBACK: PushPayload = {
  id: 'unreadable',
  kind: 'unknown',
  title: 'Mosaic',
  body: 'Something finished. Open Mosaic to see it.',
  url: '/',
  tag: 'mosaic',
  space_id: null,
};

/** The payload of a push event (PushMessageData.json()), or the fallback when it is not ours. */
export function readPushPayload(data: { json(): unknown } | null | undefined): PushPayload {
  if (!data) return FALLBACK;
  try {
    const value = data.json();
    return isPushPayload(value) ? value : FALLBACK;
  } catch {
    return FALLBACK;
  }
}

/** The shape of pushPayloadSchema, checked by hand: zod would more than double the worker's size. */
function isPushPayload(value: unknown): value is PushPayload {
  if (typeof value !== 'object' || value === null) return false;
  const fields = value as Record<string, unknown>;
  const texts = ['id', 'kind', 'title', 'body', 'url', 'tag'].every((key) => typeof fields[key] === 'string');
  return texts && (fields.space_id === null || typeof fields.space_id === 'string');
}

function samePage(windowUrl: string, target: string, appOrigin: string): boolean {
  try {
    const open = new URL(windowUrl);
    const wanted = new URL(target, appOrigin);
    return open.origin === appOrigin && open.pathname === wanted.pathname;
  } catch {
    return false;
  }
}

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function handlePush(data: { json(): unknown } | null | undefined, context: PushContext): Promise<PushOutcome> {
  const payload = readPushPayload(data);
  const windows = (await context.clients.matchAll({ type: 'window', includeUncontrolled: true })).filter((client) => {
    try {
      return new URL(client.url).origin === context.appOrigin;
    } catch {
      return false;
    }
  });
  for (const client of windows) client.postMessage({ type: NOTIFICATION_RECEIVED, notification: payload });

  // Where each window is now, not where it was loaded (window-urls.ts).
  const current = await withCurrentUrls(windows, context.answerTimeoutMs);
  const watching = current.some(({ window, url }) => window.focused && window.visibilityState === 'visible' && samePage(url, payload.url, context.appOrigin));
  if (watching) return 'shown-by-page';

  await context.registration.showNotification(payload.title, {
    body: payload.body,
    tag: payload.tag,
    icon: NOTIFICATION_ICON,
    badge: NOTIFICATION_ICON,
    data: { url: payload.url, id: payload.id, space_id: payload.space_id },
    timestamp: Date.now(),
  });
  await (context.wait ?? delay)(NOTIFICATION_AUTO_CLOSE_MS);
  // Only this one: a newer notification of the same chat may have replaced it meanwhile.
  const shown = await context.registration.getNotifications({ tag: payload.tag });
  for (const notification of shown) {
    const id = (notification.data as { id?: unknown } | undefined)?.id;
    if (id === payload.id) notification.close();
  }
  return 'shown';
}
