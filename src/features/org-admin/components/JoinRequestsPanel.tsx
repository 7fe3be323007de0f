import { useState } from 'react';
import { Badge, Button, Card, Flex, Heading, Text } from '@radix-ui/themes';
import { CheckIcon, Cross2Icon, EnterIcon } from '@radix-ui/react-icons';
import { toast } from 'sonner';
import { useSnapshot } from 'valtio';
import { timeAgo } from '../../../pwa/relative-time';
import { useNow } from '../../../pwa/use-now';
import { EmptyState } from '../../../ui/EmptyState';
import { approveJoinRequest, denyJoinRequest, isBusy, loadJoinRequests, orgAdminState } from '../org-admin.store';
import type { JoinRequest } from '../../../contract/orgs';
import { NetworkRequiredTooltip } from '../../../pwa/NetworkRequiredTooltip';
import { ActionFailed, ListSkeleton, LoadFailed } from './PanelStatus';

/** People who registered with the organisation's email domain and asked to join. */
export function JoinRequestsPanel() {
  const state = useSnapshot(orgAdminState);
  const { joinRequests } = state;
  const [actionError, setActionError] = useState<string | null>(null);
  const now = useNow();

  async function decide(request: JoinRequest, approve: boolean) {
    setActionError(null);
    try {
      if (approve) {
        await approveJoinRequest(request.id);
        toast.success(`${request.name} can now sign in as a member`);
      } else {
        await denyJoinRequest(request.id);
        toast.success(`Join request from ${request.name} denied`);
      }
    } catch (error) {
      setActionError(error instanceof Error ? error.message : String(error));
    }
  }

  return (
    <Card size="3" className="surface-card" aria-labelledby="org-requests-heading">
      <Flex direction="column" gap="4">
        <Flex align="center" gap="2">
          <Heading as="h2" size="4" id="org-requests-heading">
            Join requests
          </Heading>
          {joinRequests.items.length > 0 ? (
            <Badge color="amber" variant="soft">
              {joinRequests.items.length}
            </Badge>
          ) : null}
        </Flex>
        {actionError ? <ActionFailed message={actionError} onDismiss={() => setActionError(null)} /> : null}
        {joinRequests.error ? (
          <LoadFailed message={joinRequests.error} retrying={joinRequests.loading} onRetry={() => void loadJoinRequests()} />
        ) : null}
        {!joinRequests.loaded ? (
          joinRequests.error ? null : <ListSkeleton label="Loading join requests" rows={2} />
        ) : joinRequests.items.length === 0 ? (
          <EmptyState
            icon={<EnterIcon width={22} height={22} />}
            title="No join requests"
            description="When someone registers with your organisation's email domain and asks to join, approve or deny them here."
          />
        ) : (
          <ul className="plain-list org-row-list" aria-label="Join requests">
            {joinRequests.items.map((request) => {
              const busy = isBusy(state, `request:${request.id}`);
              return (
                <li key={request.id} aria-label={request.name}>
                  <Flex justify="between" align="center" gap="3" py="3" wrap="wrap">
                    <Flex direction="column" gap="1" minWidth="0">
                      <Text size="2" weight="medium" truncate>
                        {request.name}
                      </Text>
                      <Text size="1" color="gray" truncate>
                        {request.email} · asked {timeAgo(Date.parse(request.created_at), Math.max(now, Date.parse(request.created_at)))}
                      </Text>
                    </Flex>
                    <Flex gap="2">
                      <NetworkRequiredTooltip>
                        {({ disabled }) => (
                          <Button
                            size="1"
                            variant="soft"
                            color="gray"
                            disabled={disabled || busy}
                            aria-label={`Deny ${request.name}`}
                            onClick={() => void decide(request, false)}
                          >
                            <Cross2Icon /> Deny
                          </Button>
                        )}
                      </NetworkRequiredTooltip>
                      <NetworkRequiredTooltip>
                        {({ disabled }) => (
                          <Button
                            size="1"
                            disabled={disabled || busy}
                            loading={busy}
                            aria-label={`Approve ${request.name}`}
                            onClick={() => void decide(request, true)}
                          >
                            <CheckIcon /> Approve
                          </Button>
                        )}
                      </NetworkRequiredTooltip>
                    </Flex>
                  </Flex>
                </li>
              );
            })}
          </ul>
        )}
      </Flex>
    </Card>
  );
}
