import { useRef, useState } from 'react';
import { Button, Flex, Text, TextField } from '@radix-ui/themes';
import { CheckCircledIcon, CopyIcon, ExclamationTriangleIcon, InfoCircledIcon } from '@radix-ui/react-icons';
import { toast } from 'sonner';
import { IconCallout } from '../../../ui/IconCallout';
import { formatDay } from '../orgs.format';
import type { SentInvite } from '../../../contract/orgs';

interface InviteSentPanelProps {
  sent: SentInvite;
  onInviteAnother: () => void;
  onDone: () => void;
}

/** What the email did, in words that never claim it was sent when it was not. */
function DeliveryNotice({ sent }: { sent: SentInvite }) {
  const until = formatDay(sent.expires_at);
  if (sent.delivery === 'emailed') {
    return (
      <IconCallout color="green" role="status" icon={<CheckCircledIcon />}>
        We emailed an invite link to <strong>{sent.email}</strong>. It works once and expires on {until}.
      </IconCallout>
    );
  }
  if (sent.delivery === 'outbox') {
    return (
      <IconCallout color="amber" role="status" icon={<InfoCircledIcon />}>
        The invite is ready but was not emailed: this server has no mail delivery set up. Copy the link and send it to{' '}
        <strong>{sent.email}</strong> yourself. It works once and expires on {until}.
      </IconCallout>
    );
  }
  return (
    <IconCallout color="red" role="alert" icon={<ExclamationTriangleIcon />}>
      The invite is saved, but the email to <strong>{sent.email}</strong> could not be sent. Copy the link and send it to them
      yourself, or invite them again later to retry. It works once and expires on {until}.
    </IconCallout>
  );
}

/**
 * The invite dialog after sending: how the email went and the invite link to copy. The link is
 * shown only here: the server keeps just its hash, and inviting again issues a new one.
 */
export function InviteSentPanel({ sent, onInviteAnother, onDone }: InviteSentPanelProps) {
  const linkField = useRef<HTMLInputElement>(null);
  const [copyProblem, setCopyProblem] = useState<string | null>(null);

  async function copyLink() {
    setCopyProblem(null);
    try {
      await navigator.clipboard.writeText(sent.invite_link);
      toast.success('Invite link copied');
    } catch {
      // No clipboard access (permissions, an old browser): the link is selected for copying by hand.
      linkField.current?.select();
      setCopyProblem('The link could not be copied automatically: it is selected, so copy it with Ctrl+C (⌘C on a Mac).');
    }
  }

  return (
    <Flex direction="column" gap="4">
      <DeliveryNotice sent={sent} />
      <Flex direction="column" gap="1">
        <Text as="label" htmlFor="invite-link" size="2" weight="medium">
          Invite link
        </Text>
        <Flex gap="2" wrap="wrap">
          <TextField.Root
            id="invite-link"
            ref={linkField}
            readOnly
            value={sent.invite_link}
            onFocus={(event) => event.currentTarget.select()}
            style={{ flex: '1 1 220px', minWidth: 0 }}
          />
          <Button type="button" variant="soft" onClick={() => void copyLink()}>
            <CopyIcon /> Copy invite link
          </Button>
        </Flex>
        <Text size="1" color={copyProblem ? 'red' : 'gray'} role={copyProblem ? 'alert' : undefined}>
          {copyProblem ?? 'Anyone with this link can join as the invited address, so share it only with them.'}
        </Text>
      </Flex>
      <Flex gap="3" justify="end" wrap="wrap">
        <Button type="button" variant="soft" color="gray" onClick={onInviteAnother}>
          Invite someone else
        </Button>
        <Button type="button" onClick={onDone}>
          Done
        </Button>
      </Flex>
    </Flex>
  );
}
