import { useState, type FormEvent } from 'react';
import { Button, Dialog, Text, TextField } from '@radix-ui/themes';
import { EnvelopeClosedIcon, PlusIcon } from '@radix-ui/react-icons';
import { toast } from 'sonner';
import { useSnapshot } from 'valtio';
import { ChoiceSelect, choicesOf } from '../../../ui/ChoiceSelect';
import { DialogForm } from '../../../ui/DialogForm';
import { FormAlert } from '../../../ui/FormAlert';
import { FormField, describedBy } from '../../../ui/FormField';
import { NetworkRequiredButton } from '../../../ui/NetworkRequiredButton';
import { checkInvite, fileServerFieldErrors, type InviteFieldErrors } from '../invite-form';
import { ORG_ROLE_LABELS } from '../orgs.format';
import { OrgAdminActionError, isBusy, orgAdminState, sendInvite } from '../orgs.store';
import { INVITE_ROLES, INVITE_TTL_DAYS, type InviteRole, type SentInvite } from '../../../contract/orgs';
import { NetworkRequiredTooltip } from '../../../pwa/NetworkRequiredTooltip';
import { InviteSentPanel } from './InviteSentPanel';

const ROLE_HINTS: Record<InviteRole, string> = {
  org_admin: 'Admins manage members, invites and spaces.',
  org_member: 'Members use the workspace: agents, knowledge base and analytics.',
};

const ROLE_CHOICES = choicesOf<InviteRole>(INVITE_ROLES, ORG_ROLE_LABELS);

/**
 * The "Invite member" button and its form; the form keeps what was typed when sending fails. Once
 * sent, the dialog says how the email went and offers the invite link to copy.
 */
export function InviteMemberDialog({ defaultOpen = false, variant = 'solid' }: { /** Open on arrival (the checklist's "Invite people"). */ defaultOpen?: boolean; variant?: 'solid' | 'soft' }) {
  const state = useSnapshot(orgAdminState);
  const sending = isBusy(state, 'invite:new');
  const [open, setOpen] = useState(defaultOpen);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<InviteRole>('org_member');
  const [fieldErrors, setFieldErrors] = useState<InviteFieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [sent, setSent] = useState<SentInvite | null>(null);

  function changeOpen(next: boolean) {
    setOpen(next);
    if (!next) {
      setFieldErrors({});
      setFormError(null);
      setSent(null);
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    const check = checkInvite({ email, role });
    if (!check.ok) {
      setFieldErrors(check.errors);
      return;
    }
    setFieldErrors({});
    try {
      const invite = await sendInvite(check.input);
      // Only an email the mail server accepted counts as sent; otherwise the panel says what happened.
      if (invite.delivery === 'emailed') toast.success(`Invite sent to ${invite.email}`);
      setEmail('');
      setRole('org_member');
      setSent(invite);
    } catch (error) {
      const filed = error instanceof OrgAdminActionError ? fileServerFieldErrors(error.fieldErrors) : { fields: {}, other: [] };
      setFieldErrors(filed.fields);
      const onFields = Object.keys(filed.fields).length > 0 && filed.other.length === 0;
      // Field problems are shown on their fields; anything else (409, 403, network) above the buttons.
      if (!onFields) setFormError(error instanceof Error ? error.message : String(error));
    }
  }

  return (
    <Dialog.Root open={open} onOpenChange={changeOpen}>
      <NetworkRequiredTooltip>
        {({ disabled }) => (
          <Dialog.Trigger>
            <Button disabled={disabled} variant={variant}>
              <PlusIcon /> Invite member
            </Button>
          </Dialog.Trigger>
        )}
      </NetworkRequiredTooltip>
      <Dialog.Content maxWidth="460px">
        <Dialog.Title>Invite member</Dialog.Title>
        <Dialog.Description size="2" color="gray" mb="4">
          {sent
            ? 'Share the link only with the person invited.'
            : `We email them a link to join your organisation. The link works once and expires after ${INVITE_TTL_DAYS} days.`}
        </Dialog.Description>
        {sent ? (
          <InviteSentPanel sent={sent} onInviteAnother={() => setSent(null)} onDone={() => changeOpen(false)} />
        ) : (
          <DialogForm
            onSubmit={(event) => void submit(event)}
            noValidate
            submit={
              <NetworkRequiredButton type="submit" loading={sending}>
                Send invite
              </NetworkRequiredButton>
            }
          >
            <FormField label="Email" htmlFor="invite-email" error={fieldErrors.email}>
              <TextField.Root id="invite-email" type="email" autoComplete="off" placeholder="name@company.com" value={email} {...describedBy('invite-email', fieldErrors.email)} onChange={(event) => setEmail(event.target.value)}>
                <TextField.Slot>
                  <EnvelopeClosedIcon />
                </TextField.Slot>
              </TextField.Root>
            </FormField>
            <FormField label="Role" htmlFor="invite-role" error={fieldErrors.role} hint={ROLE_HINTS[role]}>
              <ChoiceSelect label="Role" trigger={{ id: 'invite-role' }} value={role} onValueChange={setRole} choices={ROLE_CHOICES} position="popper" />
            </FormField>
            <Text size="1" color="gray">
              Ownership cannot be given by invite: once they have joined, an owner can make them an owner.
            </Text>
            {formError ? (
              <FormAlert tone="error" size="2">
                {formError}
              </FormAlert>
            ) : null}
          </DialogForm>
        )}
      </Dialog.Content>
    </Dialog.Root>
  );
}
