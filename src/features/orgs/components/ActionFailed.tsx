import { Callout, Flex, IconButton } from '@radix-ui/themes';
import { Cross2Icon, ExclamationTriangleIcon } from '@radix-ui/react-icons';

/** A refused or failed action, shown until dismissed or the next action; nothing when `message` is null. */
export function ActionFailed({ message, onDismiss }: { message: string | null; onDismiss: () => void }) {
  if (!message) return null;
  return (
    <Callout.Root color="red" role="alert">
      <Callout.Icon>
        <ExclamationTriangleIcon />
      </Callout.Icon>
      <Flex justify="between" align="start" gap="3" width="100%">
        <Callout.Text>{message}</Callout.Text>
        <IconButton size="1" variant="ghost" color="red" aria-label="Dismiss" onClick={onDismiss}>
          <Cross2Icon />
        </IconButton>
      </Flex>
    </Callout.Root>
  );
}
