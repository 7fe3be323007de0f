import { Flex, Switch, Text } from '@radix-ui/themes';
import { useId, useState } from 'react';
import {
  disableNotifications,
  enableNotifications,
  isOptedIn,
  NETWORK_REQUIRED_MESSAGE,
  notificationSupport,
  useOnline,
  type NotificationSupport,
} from '../../../pwa';
import { describeError, logger } from '../../../lib/logger';
import { PushUnavailableError, pushSupported, subscribeThisDevice, unsubscribeThisDevice } from '../push-subscription';

export const NOTIFICATIONS_LABEL = 'Notify me when an agent replies';
export const NOTIFICATIONS_BLOCKED_TEXT =
  'Notifications are blocked for this site. Allow them in your browser settings, then try again.';
export const NOTIFICATIONS_UNSUPPORTED_TEXT = 'This browser cannot show notifications.';
export const NOTIFICATIONS_WAITING_TEXT = 'Waiting for your browser: answer its prompt to allow or block notifications.';
export const PUSH_UNSUPPORTED_TEXT =
  'This browser cannot receive notifications while Mosaic is closed: you are notified while it is open, and in the notification list.';
export const PUSH_ON_TEXT = 'On for this device, also while Mosaic is closed.';
export const SUBSCRIBE_FAILED_TEXT = 'Mosaic could not turn on notifications for this device. Check your connection and try again.';

type PushState = 'idle' | 'subscribed' | 'unavailable' | 'failed';

/**
 * The Settings switch: the opt-in kept on this device, the browser's permission, and this device's
 * push subscription on the server. A disabled or refused switch always says why, next to it and in
 * its description: the browser cannot notify, the person blocked it, or (push needs the server)
 * the app is offline.
 */
export function NotificationsOptIn() {
  const id = useId();
  const online = useOnline();
  const push = pushSupported();
  const [support, setSupport] = useState<NotificationSupport>(() => notificationSupport());
  const [on, setOn] = useState(() => isOptedIn() && support === 'granted');
  const [pushState, setPushState] = useState<PushState>('idle');
  const [pushNote, setPushNote] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const blockedBy =
    support === 'unsupported'
      ? NOTIFICATIONS_UNSUPPORTED_TEXT
      : support === 'denied'
        ? NOTIFICATIONS_BLOCKED_TEXT
        : push && !online
          ? NETWORK_REQUIRED_MESSAGE
          : null;
  const note = busy
    ? NOTIFICATIONS_WAITING_TEXT
    : (blockedBy ??
      (!push && support !== 'unsupported'
        ? PUSH_UNSUPPORTED_TEXT
        : pushState === 'unavailable' || pushState === 'failed'
          ? pushNote
          : on && pushState === 'subscribed'
            ? PUSH_ON_TEXT
            : null));

  const turnOn = async () => {
    const permission = await enableNotifications();
    setSupport(permission);
    setOn(permission === 'granted');
    if (permission !== 'granted' || !push) return;
    try {
      await subscribeThisDevice();
      setPushState('subscribed');
    } catch (error) {
      // The page's own notifications and the in-app list still work: the switch stays on.
      logger.warn('Push subscription failed', { error: describeError(error) });
      setPushState(error instanceof PushUnavailableError ? 'unavailable' : 'failed');
      setPushNote(error instanceof PushUnavailableError ? error.message : SUBSCRIBE_FAILED_TEXT);
    }
  };

  const turnOff = async () => {
    if (push) {
      try {
        await unsubscribeThisDevice();
      } catch (error) {
        logger.warn('Push unsubscribe failed', { error: describeError(error) });
        setPushState('failed');
        setPushNote('Mosaic could not turn off notifications for this device. Check your connection and try again.');
        return;
      }
    }
    disableNotifications();
    setOn(false);
    setPushState('idle');
  };

  const change = async (checked: boolean) => {
    setBusy(true);
    try {
      await (checked ? turnOn() : turnOff());
    } finally {
      setBusy(false);
    }
  };

  return (
    <Flex direction="column" gap="1">
      <Flex align="center" gap="2">
        <Switch
          id={id}
          size="3"
          aria-describedby={note ? `${id}-note` : undefined}
          checked={on}
          disabled={busy || blockedBy !== null}
          onCheckedChange={(checked) => void change(checked)}
        />
        <Text as="label" htmlFor={id} size="2">
          {NOTIFICATIONS_LABEL}
        </Text>
      </Flex>
      {note ? (
        <Text id={`${id}-note`} size="1" color="gray" role="note">
          {note}
        </Text>
      ) : null}
    </Flex>
  );
}
