import { Badge, Card, Flex, Heading, Text } from '@radix-ui/themes';
import { CheckIcon, Cross2Icon } from '@radix-ui/react-icons';
import { toast } from 'sonner';
import { DOMAIN_METHOD_LABELS, DOMAIN_REVIEW_REASON_LABELS, type AdminDomainClaim } from '../../../contract/domain-claims';
import { formatDate, formatDateTime } from '../../../contract/format';
import { fetchDomainClaimsToReview, postDomainDecision, type DomainDecisionAction } from '../admin.api';
import { describeFailure } from '../../../api';
import { ListSkeleton } from '../../../ui/Skeletons';
import { useAdminPermissions } from '../useAdminPermissions';
import { useRemote } from '../useRemote';
import { ReadOnlyNotice } from './ReadOnlyNotice';
import { ReasonDialog } from './ReasonDialog';
import { RemoteContent } from './RemoteContent';
import '../../../ui/cards.css';

/** What the admin needs to judge the claim: who asked, who holds the domain, what DNS said. */
function Facts({ claim }: { claim: AdminDomainClaim }) {
  const facts: string[] = [];
  if (claim.review_requested_at) facts.push(`Asked ${formatDateTime(claim.review_requested_at)}${claim.requested_by ? ` by ${claim.requested_by}` : ''}.`);
  if (claim.holder) {
    const how = claim.holder.verification_method ? ` by ${DOMAIN_METHOD_LABELS[claim.holder.verification_method]}` : '';
    facts.push(`${claim.holder.name} holds it, verified ${formatDate(claim.holder.verified_at)}${how}: approving withdraws it from them.`);
  } else if (claim.conflict_with) {
    facts.push(`${claim.conflict_with.name} also uses this domain.`);
  }
  if (claim.last_checked_at) {
    facts.push(claim.last_check_problem ? `Last DNS check ${formatDateTime(claim.last_checked_at)}: no matching TXT record.` : `Its TXT record was found ${formatDateTime(claim.last_checked_at)}.`);
  }
  return (
    <Text as="p" size="1" color="gray">
      {facts.join(' ')}
    </Text>
  );
}

function ClaimRow({ claim, blocked, onDecided }: { claim: AdminDomainClaim; blocked: string | null; onDecided: () => void }) {
  const decide = (action: DomainDecisionAction, done: string) => async (reason: string) => {
    try {
      await postDomainDecision(claim.id, action, { reason });
      toast.success(done);
      onDecided();
    } catch (error) {
      throw new Error(describeFailure(error, 'Nothing was changed'), { cause: error });
    }
  };
  const headingId = `domain-claim-${claim.id}`;
  return (
    <li className="card-list-item">
      <Flex direction="column" gap="2">
        <Flex justify="between" align="start" gap="3" wrap="wrap">
          <Flex direction="column" minWidth="0">
            <Heading as="h3" size="2" id={headingId}>
              {claim.domain}
            </Heading>
            <Text size="2">{claim.organization.name}</Text>
          </Flex>
          {claim.review_reason ? <Badge color={claim.review_reason === 'owner_request' ? 'blue' : 'orange'}>{DOMAIN_REVIEW_REASON_LABELS[claim.review_reason]}</Badge> : null}
        </Flex>
        <Facts claim={claim} />
        <Flex gap="2" wrap="wrap">
          <ReasonDialog
            idPrefix={`approve-${claim.id}`}
            trigger={{ label: 'Approve', icon: <CheckIcon /> }}
            blocked={blocked}
            title={`Verify ${claim.domain} for ${claim.organization.name}?`}
            description={`${claim.organization.name}'s identity provider will be offered to every address at ${claim.domain}, and people there may ask to join it.${claim.holder ? ` ${claim.holder.name} loses the domain.` : ''} Approve only with proof the organisation controls the domain.`}
            confirmLabel="Approve claim"
            tone="accent"
            onConfirm={decide('approve', `${claim.domain} is verified for ${claim.organization.name}`)}
          />
          <ReasonDialog
            idPrefix={`reject-${claim.id}`}
            trigger={{ label: 'Reject', icon: <Cross2Icon />, color: 'red' }}
            blocked={blocked}
            title={`Reject ${claim.organization.name}'s claim to ${claim.domain}?`}
            description="The claim stays unverified and its owner sees your reason. They can still prove the domain with its DNS record."
            confirmLabel="Reject claim"
            tone="red"
            onConfirm={decide('reject', `The claim to ${claim.domain} was rejected`)}
          />
        </Flex>
      </Flex>
    </li>
  );
}

/**
 * Admin Security: email domain claims DNS could not settle (docs/admin.md "Domain claims"), oldest
 * first. System admins approve or reject each with a reason; support admins read.
 */
export function DomainClaimsReview() {
  const { readOnlyReason } = useAdminPermissions();
  const claims = useRemote('domain-claims', (signal) => fetchDomainClaimsToReview(signal), 'Failed to load the domain claims');
  return (
    <Card size="3" className="surface-card">
      <section aria-labelledby="domain-claims-heading">
        <Flex direction="column" gap="3">
          <Heading as="h2" size="4" id="domain-claims-heading">
            Email domain claims awaiting review
          </Heading>
          <Text size="2" color="gray">
            Organisations that could not prove a domain by DNS, or claimed one another organisation holds. A verified domain decides which
            identity provider its addresses sign in with and which organisation they may ask to join.
          </Text>
          {readOnlyReason ? <ReadOnlyNotice reason={readOnlyReason} /> : null}
          <RemoteContent remote={claims} shown={claims.data?.claims ?? null} placeholder={<ListSkeleton label="Loading domain claims" rows={1} height="64px" gap="2" />}>
            {(list) =>
              list.length === 0 ? (
                <Text size="2">No claims await review.</Text>
              ) : (
                <ul className="plain-list card-list" aria-label="Domain claims awaiting review">
                  {list.map((claim) => (
                    <ClaimRow key={claim.id} claim={claim} blocked={readOnlyReason} onDecided={claims.reload} />
                  ))}
                </ul>
              )
            }
          </RemoteContent>
        </Flex>
      </section>
    </Card>
  );
}
