import { Button, Card, Flex, Text } from '@radix-ui/themes';
import { useSnapshot } from 'valtio';
import { applyUpdate, dismissUpdate } from './register-sw';
import { updateState } from './update.store';
import './pwa.css';

export const UPDATE_AVAILABLE_TEXT = 'A new version is available';

/**
 * Shown while a new version waits. Nothing changes under the user until they press Reload, so
 * unsaved work is never lost to an update.
 */
export function UpdatePrompt() {
  const { updateAvailable, dismissed, applying } = useSnapshot(updateState);
  if (!updateAvailable || dismissed) return null;
  return (
    <Card
      role="status"
      aria-live="polite"
      className="update-prompt"
      style={{ position: 'fixed', insetInlineEnd: 16, insetBlockEnd: 16, zIndex: 1000, maxWidth: 360 }}
    >
      <Flex align="center" gap="3" wrap="wrap">
        <Text size="2">{UPDATE_AVAILABLE_TEXT}</Text>
        <Flex gap="2" ml="auto">
          <Button size="1" variant="soft" color="gray" onClick={dismissUpdate} disabled={applying}>
            Later
          </Button>
          <Button size="1" onClick={applyUpdate} loading={applying}>
            Reload
          </Button>
        </Flex>
      </Flex>
    </Card>
  );
}
