import { useState } from 'react';
import { AlertDialog, IconButton } from '@radix-ui/themes';
import { TrashIcon } from '@radix-ui/react-icons';
import { toast } from 'sonner';
import { useSnapshot } from 'valtio';
import { removeBlockedReason } from '../orgs.rules';
import { isBusy, orgAdminState, removeMember } from '../orgs.store';
import { NetworkRequiredTooltip } from '../../../pwa/NetworkRequiredTooltip';
import { DialogActions } from '../../../ui/DialogActions';
import { NetworkRequiredButton } from '../../../ui/NetworkRequiredButton';
import type { MemberControlProps } from './member-control';

/** The remove button and the confirmation naming the person; nothing happens until confirmed. */
export function RemoveMemberDialog({ member, actor, owners, onError }: MemberControlProps) {
  const state = useSnapshot(orgAdminState);
  const [open, setOpen] = useState(false);
  const busy = isBusy(state, `member:${member.id}`);
  const reason = removeBlockedReason(actor, member, owners);

  async function confirm() {
    try {
      await removeMember(member.id);
      setOpen(false);
      toast.success(`${member.name} was removed from the organisation`);
    } catch (error) {
      setOpen(false);
      onError(error);
    }
  }

  return (
    <AlertDialog.Root open={open} onOpenChange={setOpen}>
      <NetworkRequiredTooltip reason={reason}>
        {({ disabled }) => (
          <AlertDialog.Trigger>
            <IconButton variant="ghost" color="red" disabled={disabled || busy} aria-label={`Remove ${member.name}`}>
              <TrashIcon />
            </IconButton>
          </AlertDialog.Trigger>
        )}
      </NetworkRequiredTooltip>
      <AlertDialog.Content maxWidth="440px">
        <AlertDialog.Title>Remove {member.name}?</AlertDialog.Title>
        <AlertDialog.Description size="2">
          {member.name} ({member.email}) will be signed out and will no longer be able to sign in to this organisation.
          Their chats and documents stay with the organisation, and you can invite them again later.
        </AlertDialog.Description>
        <DialogActions dialog="alert" mt="4">
          <NetworkRequiredButton color="red" loading={busy} onClick={() => void confirm()}>
            Remove member
          </NetworkRequiredButton>
        </DialogActions>
      </AlertDialog.Content>
    </AlertDialog.Root>
  );
}
