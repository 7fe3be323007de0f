/**
 * Browser notifications when an agent's reply arrives (spec 001 §4, §9): only with the user's
 * opt-in, stored locally, plus the browser's permission. Shown through the service worker's
 * registration.showNotification, which works on mobile where `new Notification` does not.
 *
 * The opt-in is stored under an ma_ key and removed on logout (clearOfflineData): consent belongs
 * to the person who gave it, and on a shared device the next user must not inherit notifications
 * about their own chats appearing on screen. The browser permission itself stays, so opting in
 * again is one click without a browser prompt.
 */
import { NOTIFICATION_AUTO_CLOSE_MS, notificationTags } from '../contract/notification-rules';
import { chatPreview } from '../lib/logger';

export const NOTIFICATIONS_OPT_IN_KEY = 'ma_notifications_opt_in';
/** Spec 001 §9: a reply notification closes after 10 s. */
export const NOTIFICATION_CLOSE_AFTER_MS = NOTIFICATION_AUTO_CLOSE_MS;
/** How long to wait for a worker before giving up on showing a notification. */
const WORKER_READY_TIMEOUT_MS = 3_000;

export type NotificationSupport = NotificationPermission | 'unsupported';

export function notificationSupport(): NotificationSupport {
  if (typeof Notification === 'undefined' || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) {
    return 'unsupported';
  }
  return Notification.permission;
}

export function isOptedIn(): boolean {
  try {
    return localStorage.getItem(NOTIFICATIONS_OPT_IN_KEY) === 'true';
  } catch {
    return false;
  }
}

function storeOptIn(value: boolean): void {
  try {
    if (value) localStorage.setItem(NOTIFICATIONS_OPT_IN_KEY, 'true');
    else localStorage.removeItem(NOTIFICATIONS_OPT_IN_KEY);
  } catch {
    // Storage unavailable: the switch simply stays off after a reload.
  }
}

/** True when a reply would be announced right now (opted in and permitted). */
export function notificationsEnabled(): boolean {
  return isOptedIn() && notificationSupport() === 'granted';
}

/**
 * Turns reply notifications on: asks the browser for permission when it has not been asked yet.
 * The opt-in is stored only if permission is granted, so the switch never claims more than the
 * browser will do. Returns the permission state the user ended up with.
 */
export async function enableNotifications(): Promise<NotificationSupport> {
  let permission = notificationSupport();
  if (permission === 'default') permission = await Notification.requestPermission();
  storeOptIn(permission === 'granted');
  return permission;
}

export function disableNotifications(): void {
  storeOptIn(false);
}

export function forgetNotificationsOptIn(): void {
  storeOptIn(false);
}

/**
 * Logout: this browser stops receiving the person's pushes. The subscription is ended at the push
 * service (no server call: the session is already gone), so the server's next push to it is
 * answered 410 and the server drops it. Best effort: without a worker there is nothing to end.
 */
export async function forgetPushSubscription(): Promise<void> {
  if (typeof navigator === 'undefined' || !navigator.serviceWorker?.getRegistration) return;
  const registration = await navigator.serviceWorker.getRegistration();
  const subscription = await registration?.pushManager?.getSubscription();
  await subscription?.unsubscribe();
}

export interface ReplyArrived {
  sessionId: string;
  agentName: string;
  /** The chat's in-app URL, e.g. /agents/seo/chat/123; a click opens it. */
  url: string;
  preview: string;
}

export interface NotifyOptions {
  /** Announce even while the page is visible (the user is looking at the app anyway otherwise). */
  evenWhenVisible?: boolean;
}

async function workerRegistration(): Promise<ServiceWorkerRegistration | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), WORKER_READY_TIMEOUT_MS);
  });
  try {
    return await Promise.race([navigator.serviceWorker.ready, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Shows a notification through the worker, closed after 10 s; one per tag (a newer one replaces
 * the older). Only with the opt-in and the browser's permission, and only while the page is hidden
 * unless asked otherwise. Resolves true when one was shown.
 */
async function showAppNotification(title: string, content: { body: string; tag: string; data: Record<string, string> }, options: NotifyOptions): Promise<boolean> {
  if (!notificationsEnabled()) return false;
  if (!options.evenWhenVisible && document.visibilityState === 'visible') return false;
  const registration = await workerRegistration();
  if (!registration) return false;
  await registration.showNotification(title, { body: content.body, tag: content.tag, data: content.data, icon: '/icons/icon-192.png' });
  setTimeout(() => {
    void registration
      .getNotifications({ tag: content.tag })
      .then((shown) => shown.forEach((notification) => notification.close()))
      .catch(() => undefined);
  }, NOTIFICATION_CLOSE_AFTER_MS);
  return true;
}

/**
 * Announces a finished reply. One notification per chat session (the chat's tag, which the
 * server's push for the same reply uses too, so a newer reply or the push replaces this one rather
 * than adding a second), closed after 10 s. Resolves true when one was shown.
 */
export async function notifyReplyArrived(reply: ReplyArrived, options: NotifyOptions = {}): Promise<boolean> {
  return showAppNotification(
    `${reply.agentName} replied`,
    { body: chatPreview(reply.preview), tag: notificationTags.chat(reply.sessionId), data: { url: reply.url, sessionId: reply.sessionId } },
    options,
  );
}

/** What an Agent Mode run says when it finishes or needs the person (src/contract/agent-mode.ts runNotification). */
export interface RunEventNotice {
  title: string;
  body: string;
  url: string;
  tag: string;
}

/**
 * Announces an Agent Mode run that finished or needs an answer, the way a finished reply is
 * announced; its tag is the run's (notificationTags.run), the same the server's push uses, so the
 * two collapse into one on a device.
 */
export async function notifyRunEvent(notice: RunEventNotice, options: NotifyOptions = {}): Promise<boolean> {
  return showAppNotification(notice.title, { body: notice.body, tag: notice.tag, data: { url: notice.url } }, options);
}
