import { Flex, Switch, Text } from '@radix-ui/themes';
import { useId, useState } from 'react';
import {
  disableNotifications,
  enableNotifications,
  isOptedIn,
  notificationSupport,
  type NotificationSupport,
} from './notifications';

export const NOTIFICATIONS_LABEL = 'Notify me when an agent replies';
export const NOTIFICATIONS_BLOCKED_TEXT =
  'Notifications are blocked for this site. Allow them in your browser settings, then try again.';
export const NOTIFICATIONS_UNSUPPORTED_TEXT = 'This browser cannot show notifications.';

/** The Settings switch for reply notifications: stores the opt-in and asks the browser. */
export function NotificationsOptIn() {
  const id = useId();
  const [support, setSupport] = useState<NotificationSupport>(() => notificationSupport());
  const [on, setOn] = useState(() => isOptedIn() && support === 'granted');
  const [busy, setBusy] = useState(false);

  const change = async (checked: boolean) => {
    if (!checked) {
      disableNotifications();
      setOn(false);
      return;
    }
    setBusy(true);
    try {
      const permission = await enableNotifications();
      setSupport(permission);
      setOn(permission === 'granted');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Flex direction="column" gap="1">
      <Flex align="center" gap="2">
        <Switch
          id={id}
          checked={on}
          disabled={busy || support === 'unsupported'}
          onCheckedChange={(checked) => void change(checked)}
        />
        <Text as="label" htmlFor={id} size="2">
          {NOTIFICATIONS_LABEL}
        </Text>
      </Flex>
      {support === 'denied' && (
        <Text size="1" color="gray" role="note">
          {NOTIFICATIONS_BLOCKED_TEXT}
        </Text>
      )}
      {support === 'unsupported' && (
        <Text size="1" color="gray" role="note">
          {NOTIFICATIONS_UNSUPPORTED_TEXT}
        </Text>
      )}
    </Flex>
  );
}
