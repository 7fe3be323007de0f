import { Link as RouterLink } from 'react-router-dom';
import { Button, Card, Flex, Skeleton, Text } from '@radix-ui/themes';
import { RocketIcon } from '@radix-ui/react-icons';
import { daysLeftText, formatCredits } from '../billing.status';
import { useBilling } from '../useBilling';
import { CreditsBar } from './CreditsBar';
import { PlanStatusBadge } from './PlanStatusBadge';

export { CREDITS_BAR_MIN_PERCENT } from '../billing.status';

/**
 * Sidebar card for owners and admins (spec 000 §2): plan name, days left, Upgrade to /pricing,
 * and the credits-used bar linking to /credits. Live: it reads the billing store, which follows
 * every charge (chats, regenerations, Agent Mode steps, images, purchases) and space switches.
 */
export function PlanCard({ onChoose }: { onChoose?: () => void }) {
  const { plan, credits, loaded, status } = useBilling();

  return (
    <Card size="1" className="plan-card" aria-label="Plan and credits">
      <Flex direction="column" gap="2">
        <Flex justify="between" align="center" gap="2">
          <Skeleton loading={!loaded}>
            <Text size="2" weight="bold" truncate>
              {plan ? `${plan.name} plan` : loaded ? 'Plan unavailable' : 'Plan'}
            </Text>
          </Skeleton>
          {plan && status ? (status === 'active' ? <Text size="1" color="gray">{daysLeftText(plan, status)}</Text> : <PlanStatusBadge status={status} />) : null}
        </Flex>
        {plan && status === 'expiring_soon' ? (
          <Text size="1" color="amber">
            {daysLeftText(plan, status)}
          </Text>
        ) : null}

        {credits ? (
          <RouterLink to="/credits" className="plan-card__usage" onClick={onChoose} aria-label={`Credits used ${formatCredits(credits.used)} / ${formatCredits(credits.total)}, view credits`}>
            <Flex justify="between">
              <Text size="1" color="gray">
                Credits used
              </Text>{' '}
              <Text size="1" color="gray" className="billing-figure">
                {formatCredits(credits.used)} / {formatCredits(credits.total)}
              </Text>
            </Flex>
            <CreditsBar credits={credits} thin />
          </RouterLink>
        ) : loaded ? (
          <Text size="1" color="gray">
            Credit usage is unavailable right now.
          </Text>
        ) : (
          <Skeleton height="20px" />
        )}

        <Button asChild size="1" variant="solid" mt="1">
          <RouterLink to="/pricing" onClick={onChoose}>
            <RocketIcon /> Upgrade
          </RouterLink>
        </Button>
      </Flex>
    </Card>
  );
}
