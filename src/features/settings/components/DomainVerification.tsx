import { useState } from 'react';
import { Badge, Button, Callout, Flex, Heading, Text } from '@radix-ui/themes';
import { CheckCircledIcon, InfoCircledIcon } from '@radix-ui/react-icons';
import { toast } from 'sonner';
import { ApiError } from '../../../api';
import { DOMAIN_METHOD_LABELS, DOMAIN_STATUS_LABELS, type DomainClaim, type DomainClaimStatus } from '../../../contract/domain-claims';
import { formatDate, formatDateTime } from '../../../contract/format';
import { NetworkRequiredTooltip } from '../../../pwa/NetworkRequiredTooltip';
import { CopyField } from '../../../ui/CopyField';
import { requestDomainReview, verifyDomain } from '../domain-claims.api';
import { FormAlert } from '../../../ui/FormAlert';

const STATUS_COLORS: Record<DomainClaimStatus, 'orange' | 'blue' | 'green'> = { unverified: 'orange', pending_review: 'blue', verified: 'green' };

/** The server's own sentence (it says what to do), else the request layer's. */
const explain = (error: unknown) => (error instanceof ApiError ? (error.serverDetail ?? error.message) : error instanceof Error ? error.message : String(error));

interface DomainVerificationProps {
  claim: DomainClaim;
  providerName: string;
  canEdit: boolean;
  onChange: (claim: DomainClaim) => void;
}

function Decision({ claim }: { claim: DomainClaim }) {
  const decision = claim.last_decision;
  if (!decision || decision.outcome === 'approved' || claim.status === 'verified') return null;
  const what =
    decision.outcome === 'rejected'
      ? `A Mosaic platform admin declined to verify ${claim.domain} on ${formatDate(decision.at)}`
      : `A Mosaic platform admin gave ${claim.domain} to another organisation on ${formatDate(decision.at)}`;
  return (
    <Callout.Root color="gray" size="1">
      <Callout.Icon>
        <InfoCircledIcon />
      </Callout.Icon>
      <Callout.Text>
        {what}
        {decision.note ? `: “${decision.note}”` : '.'} Publishing the TXT record below still proves it.
      </Callout.Text>
    </Callout.Root>
  );
}

/**
 * The single sign-on card's email domain: whether it is proved, and how to prove it. Until it is,
 * the sign-in screen does not offer the provider and nobody can ask to join by the domain. The
 * owner copies the TXT record, adds it at their DNS host and chooses Verify (which says what is
 * wrong when it fails), or asks Mosaic's platform admins to review the claim instead.
 */
export function DomainVerification({ claim, providerName, canEdit, onChange }: DomainVerificationProps) {
  const [busy, setBusy] = useState<'verify' | 'review' | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  async function run(kind: 'verify' | 'review') {
    setBusy(kind);
    setProblem(null);
    try {
      const updated = kind === 'verify' ? await verifyDomain(claim.domain) : await requestDomainReview(claim.domain);
      onChange(updated);
      toast.success(
        kind === 'verify'
          ? `${claim.domain} is verified: the sign-in screen now offers ${providerName}`
          : `Sent to Mosaic's platform admins: ${claim.domain} will be verified once one approves it`,
      );
    } catch (error) {
      setProblem(explain(error));
    } finally {
      setBusy(null);
    }
  }

  const headingId = `sso-domain-${claim.domain}`;
  return (
    <Flex direction="column" gap="3" asChild>
      <section aria-labelledby={headingId}>
        <Flex align="center" gap="2" wrap="wrap">
          <Heading as="h3" size="3" id={headingId}>
            Email domain {claim.domain}
          </Heading>
          <Badge color={STATUS_COLORS[claim.status]}>{DOMAIN_STATUS_LABELS[claim.status]}</Badge>
        </Flex>
        {claim.status === 'verified' ? (
          <Text size="2">
            <CheckCircledIcon aria-hidden style={{ verticalAlign: 'middle', marginRight: 4 }} />
            Verified on {formatDate(claim.verified_at)} by {claim.verification_method ? DOMAIN_METHOD_LABELS[claim.verification_method] : 'Mosaic'}. People at{' '}
            {claim.domain} see &ldquo;Sign in with {providerName}&rdquo; and may ask to join your organisation.
          </Text>
        ) : (
          <>
            <Text size="2">
              Until {claim.domain} is verified, the sign-in screen does not offer {providerName} and nobody can ask to join your organisation
              with an address there. This proves your organisation controls the domain, so nobody else can claim it.
            </Text>
            {claim.status === 'pending_review' ? (
              <Callout.Root color="blue" size="1">
                <Callout.Icon>
                  <InfoCircledIcon />
                </Callout.Icon>
                <Callout.Text>
                  Awaiting review by a Mosaic platform admin since {formatDate(claim.review_requested_at)}
                  {claim.review_reason === 'conflict' ? ': another organisation holds this domain, and the admins will check which owns it' : ''}. Adding
                  the TXT record below verifies it at once instead.
                </Callout.Text>
              </Callout.Root>
            ) : null}
            <Decision claim={claim} />
            {canEdit ? (
              <>
                <Text size="2">
                  Add this TXT record where {claim.domain}&rsquo;s DNS is managed (your registrar or DNS host), then choose Verify. New records can
                  take a few minutes to be seen.
                </Text>
                <CopyField
                  label="TXT record name"
                  value={claim.txt_record.name}
                  copiedMessage="Record name copied"
                  hint={`Some DNS hosts add ${claim.domain} themselves: then enter only _mosaic-verification.`}
                />
                <CopyField label="TXT record value" value={claim.txt_record.value} copiedMessage="Record value copied" hint="Copy it whole, with mosaic-verification= at the start." />
                <Flex gap="2" wrap="wrap" align="center">
                  <NetworkRequiredTooltip>
                    {({ disabled }) => (
                      <Button type="button" disabled={disabled || busy !== null} loading={busy === 'verify'} onClick={() => void run('verify')}>
                        Verify
                      </Button>
                    )}
                  </NetworkRequiredTooltip>
                  {claim.status === 'unverified' ? (
                    <NetworkRequiredTooltip>
                      {({ disabled }) => (
                        <Button type="button" variant="soft" color="gray" disabled={disabled || busy !== null} loading={busy === 'review'} onClick={() => void run('review')}>
                          Ask for admin review
                        </Button>
                      )}
                    </NetworkRequiredTooltip>
                  ) : null}
                  <Text size="1" color="gray" role="status">
                    {busy === 'verify' ? `Looking up the TXT record of ${claim.domain}…` : busy === 'review' ? 'Sending the claim to Mosaic’s platform admins…' : ''}
                  </Text>
                </Flex>
                {problem ? (
                  <FormAlert tone="error" size="2">{problem}</FormAlert>
                ) : claim.last_check_problem && claim.last_checked_at ? (
                  <Text size="1" color="gray">
                    Last checked {formatDateTime(claim.last_checked_at)}: {claim.last_check_problem}
                  </Text>
                ) : null}
                {claim.status === 'unverified' ? (
                  <Text size="1" color="gray">
                    Cannot change DNS? &ldquo;Ask for admin review&rdquo; sends the claim to Mosaic&rsquo;s platform admins, who check it by other means.
                  </Text>
                ) : null}
              </>
            ) : (
              <Text size="2" color="gray">
                An owner of your organisation can verify it here.
              </Text>
            )}
          </>
        )}
      </section>
    </Flex>
  );
}
