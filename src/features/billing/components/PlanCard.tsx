import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Badge, Button, Card, Flex, Skeleton, Text } from '@radix-ui/themes';
import { RocketIcon } from '@radix-ui/react-icons';
import type { Credits, Plan } from '../billing.api';
import { onSpacesEvent } from '../../spaces/spaces.store';
import { creditsUsedPercent, fetchCredits, fetchPlan, formatCredits } from '../billing.api';

/** The usage bar never shrinks below 2% so a fresh plan still shows a sliver (spec 000 §9). */
export const CREDITS_BAR_MIN_PERCENT = 2;

interface Loaded {
  plan: Plan | null;
  credits: Credits | null;
}

function daysLeftText(plan: Plan): string {
  if (!plan.is_active) return 'Expired';
  if (plan.days_left === null || plan.days_left === undefined) return 'Active';
  return plan.days_left === 1 ? '1 day left' : `${plan.days_left} days left`;
}

/** Sidebar card for owners and admins: plan, days left, Upgrade, and the credits-used bar. */
export function PlanCard({ onChoose }: { onChoose?: () => void }) {
  const [data, setData] = useState<Loaded | null>(null);

  useEffect(() => {
    let controller = new AbortController();
    const load = async (signal: AbortSignal) => {
      // Either call may fail (offline, no space yet); the card shows what it has and never throws.
      const [plan, credits] = await Promise.allSettled([fetchPlan(signal), fetchCredits(signal)]);
      if (signal.aborted) return;
      setData({
        plan: plan.status === 'fulfilled' ? plan.value : null,
        credits: credits.status === 'fulfilled' ? credits.value : null,
      });
    };
    void load(controller.signal);
    // Credits belong to a space, so a space switch means new numbers.
    const reload = () => {
      controller.abort();
      controller = new AbortController();
      void load(controller.signal);
    };
    const stopListening = onSpacesEvent('space-switched', reload);
    return () => {
      controller.abort();
      stopListening();
    };
  }, []);

  const plan = data?.plan ?? null;
  const credits = data?.credits ?? null;
  const percent = credits ? Math.max(CREDITS_BAR_MIN_PERCENT, creditsUsedPercent(credits)) : 0;

  return (
    <Card size="1" className="plan-card" aria-label="Plan and credits">
      <Flex direction="column" gap="2">
        <Flex justify="between" align="center" gap="2">
          <Skeleton loading={data === null}>
            <Text size="2" weight="bold" truncate>
              {plan ? `${plan.name} plan` : data === null ? 'Plan' : 'Plan unavailable'}
            </Text>
          </Skeleton>
          {plan ? (
            <Badge size="1" color={plan.is_active ? 'iris' : 'red'} variant="soft">
              {daysLeftText(plan)}
            </Badge>
          ) : null}
        </Flex>

        {credits ? (
          <RouterLink to="/credits" className="plan-card__usage" onClick={onChoose} aria-label="Credits used, view credits">
            <Flex justify="between">
              <Text size="1" color="gray">
                Credits used
              </Text>
              <Text size="1" color="gray">
                {formatCredits(credits.used)} / {formatCredits(credits.total)}
              </Text>
            </Flex>
            <div
              className="plan-card__bar"
              role="progressbar"
              aria-label="Credits used"
              aria-valuemin={0}
              aria-valuemax={credits.total}
              aria-valuenow={credits.used}
            >
              <div
                className="plan-card__bar-fill"
                data-near-limit={percent >= 80 || undefined}
                style={{ width: `${percent}%` }}
              />
            </div>
          </RouterLink>
        ) : data !== null ? (
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
