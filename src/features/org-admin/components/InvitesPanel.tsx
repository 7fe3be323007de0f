import { useState } from 'react';
import { Button, Card, Flex, Heading, Text } from '@radix-ui/themes';
import { EnvelopeClosedIcon } from '@radix-ui/react-icons';
import { toast } from 'sonner';
import { useSnapshot } from 'valtio';
import { useNow } from '../../../pwa/use-now';
import { EmptyState } from '../../../ui/EmptyState';
import { describeExpiry, formatDay } from '../org-admin.format';
import { isBusy, loadInvites, orgAdminState, revokeInvite } from '../org-admin.store';
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
            description="Use Invite member to ask someone to join; their invite waits here until they accept it."
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
              </li>
            ))}
          </ul>
        )}
      </Flex>
    </Card>
  );
}
