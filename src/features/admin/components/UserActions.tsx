import { useState } from 'react';
import { AlertDialog, Button, Flex, Heading } from '@radix-ui/themes';
import { EnvelopeClosedIcon, ExitIcon, LockClosedIcon, LockOpen1Icon } from '@radix-ui/react-icons';
import { toast } from 'sonner';
import { ADMIN_TEXTS, type AdminUserDetail } from '../../../contract/admin';
import { formatCount } from '../../../contract/format';
import { NetworkRequiredTooltip } from '../../../pwa/NetworkRequiredTooltip';
import { postResetLink, postUserAction, type UserAction } from '../admin.api';
import { describeFailure } from '../../../api';
import { useAdminPermissions } from '../useAdminPermissions';
import { DialogActions } from '../../../ui/DialogActions';
import { ReasonDialog } from './ReasonDialog';
import { ReadOnlyNotice } from './ReadOnlyNotice';

/** Why an action on this account is not offered, or null when it is. */
function blockedReason(user: AdminUserDetail, myId: string | null, readOnly: string | null): string | null {
  if (readOnly) return readOnly;
  if (user.id === myId) return ADMIN_TEXTS.cannotActOnSelf;
  if (user.role === 'system_admin') return ADMIN_TEXTS.cannotActOnSystemAdmin;
  return null;
}

/** Sends a reset link after a plain confirmation (nothing is taken away, so no reason is asked). */
function ResetLinkButton({ user, blocked }: { user: AdminUserDetail; blocked: string | null }) {
  const [busy, setBusy] = useState(false);
  const suspendedReason = user.status === 'suspended' ? ADMIN_TEXTS.suspendedGetsNoResetLink : null;
  const send = async () => {
    setBusy(true);
    try {
      const answer = await postResetLink(user.id);
      toast.success(answer.message);
    } catch (error) {
      toast.error(describeFailure(error, 'The reset link was not sent'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <AlertDialog.Root>
      <NetworkRequiredTooltip reason={blocked ?? suspendedReason}>
        {({ disabled }) => (
          <AlertDialog.Trigger>
            <Button variant="soft" disabled={disabled} loading={busy}>
              <EnvelopeClosedIcon /> Send reset link
            </Button>
          </AlertDialog.Trigger>
        )}
      </NetworkRequiredTooltip>
      <AlertDialog.Content maxWidth="440px">
        <AlertDialog.Title>Send a password reset link?</AlertDialog.Title>
        <AlertDialog.Description size="2">
          {user.email} gets a link to choose a new password. It works once and expires in 60 minutes; an earlier link stops working. Their
          current password keeps working until they use it.
        </AlertDialog.Description>
        <DialogActions dialog="alert" mt="4">
          <AlertDialog.Action>
            <Button onClick={() => void send()}>Send link</Button>
          </AlertDialog.Action>
        </DialogActions>
      </AlertDialog.Content>
    </AlertDialog.Root>
  );
}

/**
 * A system admin's actions on an account. Support admins see them disabled with why; nothing is
 * done without a confirmation naming the person and a reason for the audit log.
 */
export function UserActions({ user, onChanged }: { user: AdminUserDetail; onChanged: (user: AdminUserDetail) => void }) {
  const { readOnlyReason, myId } = useAdminPermissions();
  const blocked = blockedReason(user, myId, readOnlyReason);
  const run = (action: UserAction, done: string) => async (reason: string) => {
    try {
      onChanged(await postUserAction(user.id, action, { reason }));
      toast.success(done);
    } catch (error) {
      throw new Error(describeFailure(error, 'Nothing was changed'), { cause: error });
    }
  };
  const devices = user.devices.length;
  return (
    <section aria-labelledby="user-actions-heading">
      <Heading as="h2" id="user-actions-heading" size="3" mb="2">
        Actions
      </Heading>
      {readOnlyReason ? <ReadOnlyNotice reason={readOnlyReason} /> : null}
      <Flex gap="2" wrap="wrap" mt="2">
        {user.status === 'active' ? (
          <ReasonDialog
            idPrefix="suspend"
            trigger={{ label: 'Suspend', icon: <LockClosedIcon />, color: 'red' }}
            blocked={blocked}
            title={`Suspend ${user.name}?`}
            description={`${user.name} (${user.email}) is signed out on ${devices === 1 ? 'their 1 device' : `all ${formatCount(devices, 'device')}`} at once and cannot sign in until reactivated. Their data stays.`}
            confirmLabel="Suspend account"
            tone="red"
            onConfirm={run('suspend', `${user.name} is suspended and signed out everywhere`)}
          />
        ) : (
          <ReasonDialog
            idPrefix="reactivate"
            trigger={{ label: 'Reactivate', icon: <LockOpen1Icon /> }}
            blocked={blocked}
            title={`Reactivate ${user.name}?`}
            description={`${user.name} (${user.email}) can sign in again with their password. Sessions ended by the suspension stay ended.`}
            confirmLabel="Reactivate account"
            tone="accent"
            onConfirm={run('reactivate', `${user.name} can sign in again`)}
          />
        )}
        <ReasonDialog
          idPrefix="sign-out"
          trigger={{ label: 'Sign out everywhere', icon: <ExitIcon />, color: 'red' }}
          blocked={blocked}
          title={`Sign ${user.name} out everywhere?`}
          description={`Every device signed in as ${user.email} is signed out at once. They can sign in again with their password.`}
          confirmLabel="Sign out everywhere"
          tone="red"
          onConfirm={run('sign-out', `${user.name} is signed out on every device`)}
        />
        <ResetLinkButton user={user} blocked={blocked} />
      </Flex>
    </section>
  );
}
