import { useState } from 'react';
import { AlertDialog, Button } from '@radix-ui/themes';
import { ExitIcon } from '@radix-ui/react-icons';
import { toast } from 'sonner';
import { serverMessage } from '../../../api';
import { NetworkRequiredTooltip } from '../../../pwa/NetworkRequiredTooltip';
import { DialogActions } from '../../../ui/DialogActions';
import { signOutOtherSessions } from '../account.api';
import { formatCount } from '../../../contract/format';

interface SignOutOthersButtonProps {
  /** How many other devices the list shows (the server signs out every one it knows). */
  others: number;
  /** After the attempt, whatever its outcome: the list is read again. */
  onDone(): void;
}

const devices = (count: number) => formatCount(count, 'other device');

/** "Sign out all other devices", asked first: every session but this one ends at once. */
export function SignOutOthersButton({ others, onDone }: SignOutOthersButtonProps) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    setBusy(true);
    try {
      const revoked = await signOutOtherSessions();
      toast.success(revoked === 0 ? 'No other device was signed in.' : `Signed out ${devices(revoked)}.`);
    } catch (caught) {
      toast.error(serverMessage(caught, 'The other devices could not be signed out. Try again.'));
    } finally {
      setBusy(false);
      setOpen(false);
      onDone();
    }
  };

  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => !busy && setOpen(next)}>
      <NetworkRequiredTooltip>
        {({ disabled }) => (
          <AlertDialog.Trigger>
            <Button variant="soft" color="red" disabled={disabled}>
              <ExitIcon /> Sign out all other devices
            </Button>
          </AlertDialog.Trigger>
        )}
      </NetworkRequiredTooltip>
      <AlertDialog.Content maxWidth="440px">
        <AlertDialog.Title>Sign out all other devices?</AlertDialog.Title>
        <AlertDialog.Description size="2">
          {devices(others)} will be signed out at once and must sign in again. This device stays signed in.
        </AlertDialog.Description>
        <DialogActions dialog="alert" cancelDisabled={busy} mt="4">
          <Button color="red" loading={busy} onClick={() => void confirm()}>
            Sign out {devices(others)}
          </Button>
        </DialogActions>
      </AlertDialog.Content>
    </AlertDialog.Root>
  );
}
