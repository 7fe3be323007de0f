import { Badge, Flex, Heading, Text } from '@radix-ui/themes';
import { CheckIcon, Cross2Icon, EnterIcon } from '@radix-ui/react-icons';
import { toast } from 'sonner';
import { useSnapshot } from 'valtio';
import { timeAgo } from '../../../pwa/relative-time';
import { useNow } from '../../../pwa/use-now';
import { ActionRow } from '../../../ui/ActionRow';
import { EmptyState } from '../../../ui/EmptyState';
import { NetworkRequiredButton } from '../../../ui/NetworkRequiredButton';
import { approveJoinRequest, denyJoinRequest, isBusy, loadJoinRequests, loadMoreJoinRequests, orgAdminState } from '../orgs.store';
import type { JoinRequest } from '../../../contract/orgs';
import { useActionError } from '../useActionError';
import { ActionFailed } from './ActionFailed';
import { OrgPanelCard } from './OrgPanelCard';
import { PanelList } from './PanelList';
import { ShowMorePages } from './ShowMorePages';
import { formatCount } from '../../../contract/format';

const NO_REQUESTS = (
  <EmptyState
    icon={<EnterIcon width={22} height={22} />}
    title="No join requests"
    description="When someone registers with your organisation's email domain and asks to join, approve or deny them here."
  />
);

/** People who registered with the organisation's email domain and asked to join. */
export function JoinRequestsPanel() {
  const state = useSnapshot(orgAdminState);
  const { joinRequests } = state;
  const actionError = useActionError();
  const now = useNow();

  async function decide(request: JoinRequest, approve: boolean) {
    actionError.clear();
    try {
      if (approve) {
        await approveJoinRequest(request.id);
        toast.success(`${request.name} can now sign in as a member`);
      } else {
        await denyJoinRequest(request.id);
        toast.success(`Join request from ${request.name} denied`);
      }
    } catch (error) {
      actionError.fail(error);
    }
  }

  return (
    <OrgPanelCard headingId="org-requests-heading">
      <Flex align="center" gap="2">
        <Heading as="h2" size="4" id="org-requests-heading">
          Join requests
        </Heading>
        {joinRequests.pendingCount > 0 ? (
          <Badge color="amber" variant="soft">
            {joinRequests.pendingCount}
          </Badge>
        ) : null}
      </Flex>
      <ActionFailed message={actionError.message} onDismiss={actionError.clear} />
      <PanelList list={joinRequests} load={loadJoinRequests} noun="join requests" loadingRows={2} empty={NO_REQUESTS}>
        {(items) => (
          <ul className="plain-list org-row-list" aria-label="Join requests">
            {items.map((request) => {
              const busy = isBusy(state, `request:${request.id}`);
              return (
                <ActionRow
                  key={request.id}
                  label={request.name}
                  py="3"
                  actions={
                    <Flex gap="2">
                      <NetworkRequiredButton size="1" variant="soft" color="gray" disabled={busy} aria-label={`Deny ${request.name}`} onClick={() => void decide(request, false)}>
                        <Cross2Icon /> Deny
                      </NetworkRequiredButton>
                      <NetworkRequiredButton size="1" disabled={busy} loading={busy} aria-label={`Approve ${request.name}`} onClick={() => void decide(request, true)}>
                        <CheckIcon /> Approve
                      </NetworkRequiredButton>
                    </Flex>
                  }
                >
                  <Text size="2" weight="medium" truncate>
                    {request.name}
                  </Text>
                  <Text size="1" color="gray" truncate>
                    {request.email} · asked {timeAgo(Date.parse(request.created_at), Math.max(now, Date.parse(request.created_at)))}
                  </Text>
                </ActionRow>
              );
            })}
          </ul>
        )}
      </PanelList>
      {joinRequests.loaded ? (
        <ShowMorePages
          list={joinRequests}
          shown={`${joinRequests.items.length} of ${formatCount(joinRequests.pendingCount, 'request')} shown, oldest first`}
          label="Show more requests"
          loadMore={loadMoreJoinRequests}
        />
      ) : null}
    </OrgPanelCard>
  );
}
