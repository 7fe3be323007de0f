/**
 * Logout and session expiry: nothing of the user may stay on the device (spec 000 §4). Removes the
 * saved data (IndexedDB), the worker's saved API answers, the notification opt-in and this
 * browser's push subscription.
 */
import { API_CACHE_NAME, CLEAR_API_CACHE } from '../../sw/messages';
import { db, wipeAll } from '../db';
import { wipeReport } from '../session';
import { forgetNotificationsOptIn, forgetPushSubscription } from './notifications';
import { resetPersistentStorageRequest } from './persistent-storage';

/**
 * Deletes the worker's API cache. The page deletes it itself (Cache Storage is shared with the
 * worker) so it is gone even if no worker is running; the message lets the worker also drop its
 * expiry bookkeeping.
 */
export async function clearApiCache(): Promise<void> {
  navigator.serviceWorker?.controller?.postMessage({ type: CLEAR_API_CACHE });
  if (typeof caches !== 'undefined') await caches.delete(API_CACHE_NAME);
}

/** Register with onSessionReset: every step runs even if another fails. */
export async function clearOfflineData(): Promise<void> {
  forgetNotificationsOptIn();
  resetPersistentStorageRequest();
  // Messages written offline go with the rest, unsent: counted first so the person can be told.
  wipeReport.unsentMessages = await db.outbox.count().catch(() => 0);
  const results = await Promise.allSettled([wipeAll(), clearApiCache(), forgetPushSubscription()]);
  const failed = results.find((result): result is PromiseRejectedResult => result.status === 'rejected');
  if (failed) throw failed.reason;
}
