import { Card, Heading, Text } from '@radix-ui/themes';
import { NotificationsOptIn } from '../../../pwa/NotificationsOptIn';

/**
 * Reply notifications (spec 001 §4, §9): an opt-in kept on this device plus the browser's
 * permission, asked for only when the switch is turned on.
 */
export function NotificationsCard() {
  return (
    <Card size="3" className="surface-card" aria-labelledby="notifications-heading">
      <Heading as="h2" size="4" id="notifications-heading" mb="2">
        Notifications
      </Heading>
      <Text as="p" size="2" color="gray" mb="4">
        Long answers can take minutes. Get a notification on this device when an agent&apos;s reply is ready, even
        when Mosaic is in the background. It closes by itself after 10 seconds.
      </Text>
      <NotificationsOptIn />
    </Card>
  );
}
