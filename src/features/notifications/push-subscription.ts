/**
 * This device's Web Push subscription (docs/pwa.md "Notifications"): the browser's PushManager,
 * reached through the service worker's registration, and the server's copy of it. With it, a long
 * reply or a finished run reaches the person even with Mosaic closed; without it (no push in this
 * browser, the push service unreachable) the page's own notification and the in-app list remain.
 */
import { ApiError } from '../../api';
import type { PushSubscriptionRequest } from '../../contract/notifications';
import { deletePushSubscription, getVapidPublicKey, postPushSubscription } from './notifications.api';

/** How long to wait for the service worker before deciding push cannot be used now. */
const WORKER_READY_TIMEOUT_MS = 3_000;

/** Push needs a service worker and the Push API (Safari on iOS only once the app is installed). */
export function pushSupported(): boolean {
  return typeof navigator !== 'undefined' && 'serviceWorker' in navigator && typeof PushManager !== 'undefined';
}

async function pushManager(): Promise<PushManager | null> {
  if (!pushSupported()) return null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), WORKER_READY_TIMEOUT_MS);
  });
  try {
    const registration = await Promise.race([navigator.serviceWorker.ready, timeout]);
    return registration?.pushManager ?? null;
  } finally {
    clearTimeout(timer);
  }
}

function base64UrlToBytes(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(text.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function sameKey(current: ArrayBuffer | null | undefined, wanted: Uint8Array): boolean {
  if (!current) return false;
  const bytes = new Uint8Array(current);
  return bytes.length === wanted.length && bytes.every((byte, i) => byte === wanted[i]);
}

/** Thrown when this browser cannot take a push subscription now; the message says what that means. */
export class PushUnavailableError extends Error {
  override name = 'PushUnavailableError';
}

export const PUSH_SERVICE_UNREACHABLE =
  "Your browser's push service could not be reached, so notifications appear only while Mosaic is open. Turn this off and on again later to retry.";

/**
 * Subscribes this browser with the server's key (replacing a subscription made with another key)
 * and hands the subscription to the server. Safe to repeat: the server updates the same device.
 */
export async function subscribeThisDevice(): Promise<void> {
  const manager = await pushManager();
  if (!manager) throw new PushUnavailableError('This browser cannot receive push messages.');
  const key = base64UrlToBytes(await getVapidPublicKey());
  let subscription = await manager.getSubscription();
  if (subscription && !sameKey(subscription.options.applicationServerKey, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  if (!subscription) {
    try {
      subscription = await manager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
    } catch {
      throw new PushUnavailableError(PUSH_SERVICE_UNREACHABLE);
    }
  }
  await postPushSubscription(subscription.toJSON() as PushSubscriptionRequest);
}

/** Tells the server to stop pushing here, then ends the browser's subscription. */
export async function unsubscribeThisDevice(): Promise<void> {
  const subscription = await (await pushManager())?.getSubscription();
  if (!subscription) return;
  try {
    await deletePushSubscription(subscription.endpoint);
  } catch (error) {
    // 404: the server had already dropped it (the push service said it was gone).
    if (!(error instanceof ApiError && error.status === 404)) throw error;
  }
  await subscription.unsubscribe();
}
