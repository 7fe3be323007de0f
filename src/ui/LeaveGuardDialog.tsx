import { AlertDialog, Button, Flex } from '@radix-ui/themes';
import type { LeaveGuard } from '../navigation/useLeaveGuard';

/** Asks before a navigation throws away unsaved changes (useLeaveGuard holds the navigation). */
export function LeaveGuardDialog({ guard, what }: { guard: LeaveGuard; /** e.g. "your changes to the brand voice" */ what: string }) {
  return (
    <AlertDialog.Root open={guard.asking} onOpenChange={(open) => (open ? undefined : guard.stay())}>
      <AlertDialog.Content maxWidth="440px">
        <AlertDialog.Title>Leave without saving?</AlertDialog.Title>
        <AlertDialog.Description size="2">
          You have not saved {what}. If you leave now, they are lost.
        </AlertDialog.Description>
        <Flex gap="3" mt="4" justify="end" wrap="wrap">
          <AlertDialog.Cancel>
            <Button variant="soft" color="gray" autoFocus>
              Stay on this page
            </Button>
          </AlertDialog.Cancel>
          <AlertDialog.Action>
            <Button color="red" onClick={guard.leave}>
              Leave without saving
            </Button>
          </AlertDialog.Action>
        </Flex>
      </AlertDialog.Content>
    </AlertDialog.Root>
  );
}
