/**
 * Logging out removes everything of the user from the device (spec 000 §4), the chat outbox
 * included (docs/agents.md "Offline outbox"). When messages written offline still wait to be sent,
 * logout asks first: they would be lost, not sent.
 */
import { AlertDialog, Button, Flex } from '@radix-ui/themes';

/** How many messages wait in the outbox; loaded on demand, so the shell does not carry the chat code. */
export async function messagesWaitingToSend(): Promise<number> {
  try {
    const { countQueued } = await import('../../features/agents/outbox/outbox.store');
    return await countQueued();
  } catch {
    // The saved data cannot be read: nothing to warn about that logout would change.
    return 0;
  }
}

export const waitingWarning = (count: number) =>
  count === 1
    ? '1 message you wrote offline has not been sent yet. Logging out removes it from this device: it will not be sent.'
    : `${count} messages you wrote offline have not been sent yet. Logging out removes them from this device: they will not be sent.`;

interface LogoutWithOutboxProps {
  /** Messages waiting; the dialog is open while this is above 0. */
  waiting: number;
  onStay: () => void;
  onLogout: () => void;
}

export function LogoutWithOutbox({ waiting, onStay, onLogout }: LogoutWithOutboxProps) {
  return (
    <AlertDialog.Root open={waiting > 0} onOpenChange={(open) => (!open ? onStay() : undefined)}>
      <AlertDialog.Content maxWidth="460px">
        <AlertDialog.Title>Log out with unsent messages?</AlertDialog.Title>
        <AlertDialog.Description size="2">{waitingWarning(waiting)}</AlertDialog.Description>
        <Flex gap="3" mt="4" justify="end" wrap="wrap">
          <AlertDialog.Cancel>
            <Button variant="soft" color="gray">
              Stay signed in
            </Button>
          </AlertDialog.Cancel>
          <AlertDialog.Action>
            <Button color="red" onClick={onLogout}>
              Log out anyway
            </Button>
          </AlertDialog.Action>
        </Flex>
      </AlertDialog.Content>
    </AlertDialog.Root>
  );
}
