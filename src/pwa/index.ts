/**
 * Public surface of the PWA layer: worker registration and updates, install, connectivity,
 * notifications and persistent storage. See each module for the why.
 *
 * Not here, imported by path: `LastUpdated` and the logout wipe (`offline-data`). Both load the
 * device store (Dexie, src/db), which builds its database as it loads; through this file every
 * screen that shows a tooltip or the connection state paid for that at start-up.
 */
export { registerServiceWorker, applyUpdate, dismissUpdate, type RegisterServiceWorkerOptions } from './register-sw';
export { updateState } from './update.store';
export { UpdatePrompt, UPDATE_AVAILABLE_TEXT } from './UpdatePrompt';

export { installState, listenForInstallPrompt, promptInstall, type InstallOutcome } from './install.store';

export {
  connectivity,
  onConnectionBack,
  reportNetworkFailure,
  reportNetworkSuccess,
  startConnectivityTracking,
  type ConnectivityTrackingOptions,
} from './connectivity.store';
export { useOnline } from './useOnline';
export { OfflineBanner, OFFLINE_BANNER_TEXT } from './OfflineBanner';
export { NetworkRequiredTooltip, NETWORK_REQUIRED_MESSAGE } from './NetworkRequiredTooltip';
export { timeAgo } from './relative-time';

export {
  disableNotifications,
  enableNotifications,
  isOptedIn,
  notificationsEnabled,
  notificationSupport,
  notifyReplyArrived,
  notifyRunEvent,
  forgetPushSubscription,
  NOTIFICATION_CLOSE_AFTER_MS,
  NOTIFICATIONS_OPT_IN_KEY,
  type NotificationSupport,
  type ReplyArrived,
  type RunEventNotice,
} from './notifications';

export { requestPersistentStorage, type PersistenceResult } from './persistent-storage';
export { SERVED_FROM_CACHE_HEADER } from '../../sw/messages';
