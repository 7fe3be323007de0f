import { Card, Heading, Text } from '@radix-ui/themes';
import { NotificationsOptIn } from '../../notifications/components/NotificationsOptIn';

/**
 * Reply notifications (spec 001 §4, §9): an opt-in kept on this device plus the browser's
 * permission, asked for only when the switch is turned on, and this device's push subscription so
 * a long reply or a finished run is announced even with Mosaic closed (docs/pwa.md "Notifications").
 */
export function NotificationsCard() {
  return (
    <Card size="3" className="surface-card" aria-labelledby="notifications-heading">
      <Heading as="h2" size="4" id="notifications-heading" mb="2">
        Notifications
      </Heading>
      <Text as="p" size="2" color="gray" mb="4">
        Long answers and Agent Mode runs can take minutes. Get a notification on this device when an agent&apos;s
        reply is ready or a run finishes or needs your answer, even when Mosaic is closed. It closes by itself after
        10 seconds; the notification list in the sidebar keeps it.
      </Text>
      <NotificationsOptIn />
    </Card>
  );
}
