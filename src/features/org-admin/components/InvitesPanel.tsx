import { useState } from 'react';
import { Button, Card, Flex, Heading, Text } from '@radix-ui/themes';
import { CopyIcon, EnvelopeClosedIcon } from '@radix-ui/react-icons';
import { CopyField } from '../../../ui/CopyField';
import { toast } from 'sonner';
import { useSnapshot } from 'valtio';
import { useNow } from '../../../pwa/use-now';
import { EmptyState } from '../../../ui/EmptyState';
import { InviteMemberDialog } from './InviteMemberDialog';
import { describeExpiry, formatDay } from '../org-admin.format';
import { isBusy, loadInvites, newInviteLink, orgAdminState, revokeInvite } from '../org-admin.store';
import type { OrgInvite } from '../../../contract/orgs';
import { NetworkRequiredTooltip } from '../../../pwa/NetworkRequiredTooltip';
import { ActionFailed, ListSkeleton, LoadFailed } from './PanelStatus';
import { RoleBadge } from './RoleBadge';

/** Invites not yet accepted; each can be revoked until it is used or expires. */
export function InvitesPanel() {
  const state = useSnapshot(orgAdminState);
  const { invites } = state;
  const [actionError, setActionError] = useState<string | null>(null);
  const now = useNow();
  // A link the browser would not let us copy is shown under its invite to copy by hand.
  const [shownLink, setShownLink] = useState<{ id: string; link: string } | null>(null);

  async function copyLink(invite: OrgInvite) {
    setActionError(null);
    setShownLink(null);
    let link: string;
    try {
      link = await newInviteLink(invite.id);
    } catch (error) {
      setActionError(error instanceof Error ? error.message : String(error));
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
    setActionError(null);
    try {
      await revokeInvite(invite.id);
      toast.success(`Invite for ${invite.email} revoked`);
    } catch (error) {
      setActionError(error instanceof Error ? error.message : String(error));
    }
  }

  return (
    <Card size="3" className="surface-card" aria-labelledby="org-invites-heading">
      <Flex direction="column" gap="4">
        <Heading as="h2" size="4" id="org-invites-heading">
          Pending invites
        </Heading>
        {actionError ? <ActionFailed message={actionError} onDismiss={() => setActionError(null)} /> : null}
        {invites.error ? (
          <LoadFailed message={invites.error} retrying={invites.loading} onRetry={() => void loadInvites()} />
        ) : null}
        {!invites.loaded ? (
          invites.error ? null : <ListSkeleton label="Loading invites" rows={2} />
        ) : invites.items.length === 0 ? (
          <EmptyState
            icon={<EnvelopeClosedIcon width={22} height={22} />}
            title="No pending invites"
            description="Invite a colleague by email; their invite waits here until they accept it."
            actions={<InviteMemberDialog variant="soft" />}
          />
        ) : (
          <ul className="plain-list org-row-list" aria-label="Pending invites">
            {invites.items.map((invite) => (
              <li key={invite.id} aria-label={invite.email}>
                <Flex justify="between" align="center" gap="3" py="3" wrap="wrap">
                  <Flex direction="column" gap="1" minWidth="0">
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
                  </Flex>
                  <Flex gap="2" wrap="wrap">
                  <NetworkRequiredTooltip>
                    {({ disabled }) => (
                      <Button
                        size="1"
                        variant="soft"
                        disabled={disabled}
                        loading={isBusy(state, `invite-link:${invite.id}`)}
                        aria-label={`Copy invite link for ${invite.email}`}
                        title="Makes a new link: any link sent before stops working"
                        onClick={() => void copyLink(invite)}
                      >
                        <CopyIcon /> Copy invite link
                      </Button>
                    )}
                  </NetworkRequiredTooltip>
                  <NetworkRequiredTooltip>
                    {({ disabled }) => (
                      <Button
                        size="1"
                        variant="soft"
                        color="red"
                        disabled={disabled}
                        loading={isBusy(state, `invite:${invite.id}`)}
                        aria-label={`Revoke invite for ${invite.email}`}
                        onClick={() => void revoke(invite)}
                      >
                        Revoke
                      </Button>
                    )}
                  </NetworkRequiredTooltip>
                  </Flex>
                </Flex>
                {shownLink?.id === invite.id ? (
                  <CopyField
                    label={`New invite link for ${invite.email}`}
                    value={shownLink.link}
                    copiedMessage="Invite link copied"
                    hint="Any link sent before no longer works. Share this one only with the person invited."
                  />
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </Flex>
    </Card>
  );
}
