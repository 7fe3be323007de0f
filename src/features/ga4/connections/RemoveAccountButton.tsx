import { useSnapshot } from 'valtio';
import { toast } from 'sonner';
import { AlertDialog, Button } from '@radix-ui/themes';
import { TrashIcon } from '@radix-ui/react-icons';
import { NetworkRequiredTooltip } from '../../../pwa';
import type { Ga4Account } from '../../../contract/ga4';
import { ga4State, removeAccount } from './ga4.store';
import { DialogActions } from '../../../ui/DialogActions';

/** The server points here when it removed an account but Google would not revoke its access. */
const GOOGLE_PERMISSIONS_PAGE = 'myaccount.google.com/permissions';

/** Remove a connected account, after the user confirms (its links stop reporting everywhere). */
export function RemoveAccountButton({ account }: { account: Ga4Account }) {
  const { pending } = useSnapshot(ga4State);
  const busy = pending.includes(account.id);

  const remove = async () => {
    try {
      const message = await removeAccount(account.id);
      // Removed here but still allowed at Google: the user has a step left, so not a plain success.
      if (message.includes(GOOGLE_PERMISSIONS_PAGE)) toast.warning(message);
      else toast.success(message);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error));
    }
  };

  return (
    <AlertDialog.Root>
      <NetworkRequiredTooltip>
        {({ disabled }) => (
          <AlertDialog.Trigger>
            <Button size="1" variant="soft" color="red" loading={busy} disabled={disabled} aria-label={`Remove ${account.email}`}>
              <TrashIcon /> Remove
            </Button>
          </AlertDialog.Trigger>
        )}
      </NetworkRequiredTooltip>
      <AlertDialog.Content maxWidth="440px">
        <AlertDialog.Title>Remove {account.email}?</AlertDialog.Title>
        <AlertDialog.Description size="2">
          Mosaic stops reading Google Analytics through this account. Properties linked through it are unlinked in every space.
        </AlertDialog.Description>
        <DialogActions dialog="alert" mt="4">
          <AlertDialog.Action>
            <Button color="red" onClick={() => void remove()}>
              Remove account
            </Button>
          </AlertDialog.Action>
        </DialogActions>
      </AlertDialog.Content>
    </AlertDialog.Root>
  );
}
