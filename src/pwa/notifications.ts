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
import { chatPreview } from '../lib/logger';

export const NOTIFICATIONS_OPT_IN_KEY = 'ma_notifications_opt_in';
/** Spec 001 §9: a reply notification closes after 10 s. */
export const NOTIFICATION_CLOSE_AFTER_MS = 10_000;
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
 * Announces a finished reply. One notification per chat session (tag = session id, so a newer
 * reply replaces the older one), closed after 10 s. Resolves true when one was shown.
 */
export async function notifyReplyArrived(reply: ReplyArrived, options: NotifyOptions = {}): Promise<boolean> {
  if (!notificationsEnabled()) return false;
  if (!options.evenWhenVisible && document.visibilityState === 'visible') return false;
  const registration = await workerRegistration();
  if (!registration) return false;
  const tag = reply.sessionId;
  await registration.showNotification(`${reply.agentName} replied`, {
    body: chatPreview(reply.preview),
    tag,
    data: { url: reply.url, sessionId: reply.sessionId },
    icon: '/icons/icon-192.png',
  });
  setTimeout(() => {
    void registration
      .getNotifications({ tag })
      .then((shown) => shown.forEach((notification) => notification.close()))
      .catch(() => undefined);
  }, NOTIFICATION_CLOSE_AFTER_MS);
  return true;
}
