import { Link as RouterLink } from 'react-router-dom';
import { Button, Card, Flex, Grid, Heading, Skeleton, Text } from '@radix-ui/themes';
import { ExclamationTriangleIcon, PlusIcon, RocketIcon } from '@radix-ui/react-icons';
import { IconCallout } from '../../../ui/IconCallout';
import type { Credits, Plan } from '../../../contract/billing';
import { daysLeftText, formatCredits, isNearLimit, isOverLimit, type PlanStatus } from '../billing.status';
import { formatDate } from '../billing.dates';
import { CreditsBar } from './CreditsBar';
import { PlanStatusBadge } from './PlanStatusBadge';

interface PlanSummaryProps {
  plan: Plan | null;
  credits: Credits | null;
  status: PlanStatus | null;
  loaded: boolean;
  canManage: boolean;
  onBuy: () => void;
  planError: string | null;
  creditsError: string | null;
}

function PlanPanel({ plan, status, loaded, canManage, planError }: Pick<PlanSummaryProps, 'plan' | 'status' | 'loaded' | 'canManage' | 'planError'>) {
  const isFree = plan?.type === 'free';
  return (
    <Card size="3" className="surface-card plan-summary" aria-label="Current plan">
      <Flex direction="column" gap="3" height="100%">
        <Flex justify="between" align="center" gap="2">
          <Text size="2" color="gray" weight="medium">
            Current plan
          </Text>
          {status ? <PlanStatusBadge status={status} /> : null}
        </Flex>
        <Skeleton loading={!loaded}>
          <Heading as="h2" size="7">
            {plan?.name ?? (planError ? 'Plan unavailable' : 'Plan')}
          </Heading>
        </Skeleton>
        {plan && status ? (
          <Text size="2" color={status === 'active' ? 'gray' : status === 'expiring_soon' ? 'amber' : 'red'}>
            {status === 'expired'
              ? isFree
                ? 'Your free trial has ended. Upgrade to keep using AI agents.'
                : 'This plan is no longer active. Choose a plan to continue.'
              : isFree
                ? `${daysLeftText(plan, status)} in your trial · ends ${formatDate(plan.expires_at)}`
                : plan.expires_at
                  ? `${daysLeftText(plan, status)} · paid until ${formatDate(plan.expires_at)}; pay again on Pricing to extend`
                  : `${daysLeftText(plan, status)} · credits renew monthly`}
          </Text>
        ) : planError ? (
          <Text size="2" color="red">
            {planError}
          </Text>
        ) : null}
        <Flex gap="2" mt="auto" wrap="wrap">
          <Button asChild size="2">
            <RouterLink to="/pricing">
              <RocketIcon /> {isFree || status === 'expired' ? 'Upgrade plan' : 'Change plan'}
            </RouterLink>
          </Button>
          {!canManage ? (
            <Text size="1" color="gray" as="p">
              Only organisation owners and admins can change the plan or buy credits.
            </Text>
          ) : null}
        </Flex>
      </Flex>
    </Card>
  );
}

function CreditsPanel({ plan, credits, loaded, canManage, onBuy, creditsError }: Pick<PlanSummaryProps, 'plan' | 'credits' | 'loaded' | 'canManage' | 'onBuy' | 'creditsError'>) {
  return (
    <Card size="3" className="surface-card" aria-label="Credits balance">
      <Flex direction="column" gap="3">
        <Flex justify="between" align="center" gap="2">
          <Text size="2" color="gray" weight="medium">
            Credits remaining
          </Text>
          {canManage ? (
            <Button size="2" variant="soft" onClick={onBuy}>
              <PlusIcon /> Buy credits
            </Button>
          ) : null}
        </Flex>
        <Skeleton loading={!loaded}>
          <Text as="p" size="8" weight="bold" className="billing-figure" data-testid="credits-remaining">
            {credits ? formatCredits(credits.remaining) : '—'}
          </Text>
        </Skeleton>
        {credits ? (
          <>
            <CreditsBar credits={credits} />
            <Grid columns="3" gap="3">
              {/* "this cycle": the usage breakdown below counts a period of days, which may differ. */}
              <Figure label="Used this cycle" value={formatCredits(credits.used)} />
              <Figure label="Total" value={formatCredits(credits.total)} />
              {/* A plan with an end date (the trial, a plan paid once) does not renew: its credits are usable until then. */}
              <Figure label={plan?.expires_at ? 'Usable until' : 'Renews'} value={formatDate(credits.reset_date)} />
            </Grid>
            {isOverLimit(credits) ? (
              <IconCallout color="red" size="1" icon={<ExclamationTriangleIcon />}>
                All credits are used. {canManage ? 'Buy credits or upgrade to keep chatting.' : 'Ask an owner or admin to buy credits.'}
              </IconCallout>
            ) : isNearLimit(credits) ? (
              <IconCallout color="amber" size="1" icon={<ExclamationTriangleIcon />}>
                You have used 80% or more of your credits.
              </IconCallout>
            ) : null}
          </>
        ) : creditsError ? (
          <Text size="2" color="red">
            {creditsError}
          </Text>
        ) : null}
      </Flex>
    </Card>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Flex direction="column" gap="1">
      <Text size="1" color="gray">
        {label}
      </Text>
      <Text size="3" weight="medium" className="billing-figure">
        {value}
      </Text>
    </Flex>
  );
}

/** The top of the Credits screen: the plan and the balance side by side (stacked on phones). */
export function PlanSummary(props: PlanSummaryProps) {
  return (
    <div className="billing-grid billing-grid--summary">
      <PlanPanel {...props} />
      <CreditsPanel {...props} />
    </div>
  );
}
