import { useState } from 'react';
import { Flex, Heading, Text } from '@radix-ui/themes';
import { CopyIcon, EnvelopeClosedIcon } from '@radix-ui/react-icons';
import { CopyField } from '../../../ui/CopyField';
import { toast } from 'sonner';
import { useSnapshot } from 'valtio';
import { useNow } from '../../../pwa/use-now';
import { ActionRow } from '../../../ui/ActionRow';
import { EmptyState } from '../../../ui/EmptyState';
import { NetworkRequiredButton } from '../../../ui/NetworkRequiredButton';
import { InviteMemberDialog } from './InviteMemberDialog';
import { describeExpiry, formatDay } from '../orgs.format';
import { isBusy, loadInvites, newInviteLink, orgAdminState, revokeInvite } from '../orgs.store';
import type { OrgInvite } from '../../../contract/orgs';
import { useActionError } from '../useActionError';
import { ActionFailed } from './ActionFailed';
import { OrgPanelCard } from './OrgPanelCard';
import { PanelList } from './PanelList';
import { RoleBadge } from './RoleBadge';

const NO_INVITES = (
  <EmptyState
    icon={<EnvelopeClosedIcon width={22} height={22} />}
    title="No pending invites"
    description="Invite a colleague by email; their invite waits here until they accept it."
    actions={<InviteMemberDialog variant="soft" />}
  />
);

/** Invites not yet accepted; each can be revoked until it is used or expires. */
export function InvitesPanel() {
  const state = useSnapshot(orgAdminState);
  const { invites } = state;
  const actionError = useActionError();
  const now = useNow();
  // A link the browser would not let us copy is shown under its invite to copy by hand.
  const [shownLink, setShownLink] = useState<{ id: string; link: string } | null>(null);

  async function copyLink(invite: OrgInvite) {
    actionError.clear();
    setShownLink(null);
    let link: string;
    try {
      link = await newInviteLink(invite.id);
    } catch (error) {
      actionError.fail(error);
      return;
    }
    try {
      await navigator.clipboard.writeText(link);
      toast.success(`New invite link for ${invite.email} copied. Any link sent before no longer works.`);
    } catch {
      setShownLink({ id: invite.id, link });
    }
  }

  async function revoke(invite: OrgInvite) {
    actionError.clear();
    try {
      await revokeInvite(invite.id);
      toast.success(`Invite for ${invite.email} revoked`);
    } catch (error) {
      actionError.fail(error);
    }
  }

  return (
    <OrgPanelCard headingId="org-invites-heading">
      <Heading as="h2" size="4" id="org-invites-heading">
        Pending invites
      </Heading>
      <ActionFailed message={actionError.message} onDismiss={actionError.clear} />
      <PanelList list={invites} load={loadInvites} noun="invites" loadingRows={2} empty={NO_INVITES}>
        {(items) => (
          <ul className="plain-list org-row-list" aria-label="Pending invites">
            {items.map((invite) => (
              <ActionRow
                key={invite.id}
                label={invite.email}
                py="3"
                actions={
                  <Flex gap="2" wrap="wrap">
                    <NetworkRequiredButton
                      size="1"
                      variant="soft"
                      loading={isBusy(state, `invite-link:${invite.id}`)}
                      aria-label={`Copy invite link for ${invite.email}`}
                      title="Makes a new link: any link sent before stops working"
                      onClick={() => void copyLink(invite)}
                    >
                      <CopyIcon /> Copy invite link
                    </NetworkRequiredButton>
                    <NetworkRequiredButton
                      size="1"
                      variant="soft"
                      color="red"
                      loading={isBusy(state, `invite:${invite.id}`)}
                      aria-label={`Revoke invite for ${invite.email}`}
                      onClick={() => void revoke(invite)}
                    >
                      Revoke
                    </NetworkRequiredButton>
                  </Flex>
                }
                after={
                  shownLink?.id === invite.id ? (
                    <CopyField
                      label={`New invite link for ${invite.email}`}
                      value={shownLink.link}
                      copiedMessage="Invite link copied"
                      hint="Any link sent before no longer works. Share this one only with the person invited."
                    />
                  ) : null
                }
              >
                <Flex align="center" gap="2" minWidth="0">
                  <Text size="2" weight="medium" truncate>
                    {invite.email}
                  </Text>
                  <RoleBadge role={invite.role} />
                </Flex>
                <Text size="1" color="gray">
                  Sent {formatDay(invite.created_at)}
                  {invite.invited_by ? ` by ${invite.invited_by}` : ''} · {describeExpiry(invite.expires_at, now)}
                </Text>
              </ActionRow>
            ))}
          </ul>
        )}
      </PanelList>
    </OrgPanelCard>
  );
}
