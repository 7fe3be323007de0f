import { Badge, Button, Card, Flex, Heading, Text } from '@radix-ui/themes';
import { CheckIcon } from '@radix-ui/react-icons';
import type { ReactNode } from 'react';
import type { CataloguePlan } from '../../../contract/billing-catalogue';
import { formatPrice } from '../billing.dates';

interface PlanOptionProps {
  plan: CataloguePlan;
  /** Prices are shown in it (ISO 4217). */
  currency: string;
  current: boolean;
  action: ReactNode;
}

/** One plan on the Pricing screen: name, price, credits, what is included and its action. */
export function PlanOption({ plan, currency, current, action }: PlanOptionProps) {
  return (
    <Card size="3" className="surface-card pricing-card" data-recommended={plan.recommended || undefined} aria-label={`${plan.name} plan`}>
      <Flex direction="column" gap="3" height="100%">
        <Flex justify="between" align="center" gap="2">
          <Heading as="h2" size="5">
            {plan.name}
          </Heading>
          {current ? (
            <Badge color="green" radius="full">
              Current plan
            </Badge>
          ) : plan.recommended ? (
            <Badge radius="full">Most popular</Badge>
          ) : null}
        </Flex>
        <Flex align="baseline" gap="1">
          <Text size="8" weight="bold" className="pricing-card__price">
            {plan.price_monthly === 0 ? 'Free' : formatPrice(plan.price_monthly, currency)}
          </Text>
          <Text size="2" color="gray">
            {plan.price_monthly === 0 ? `for ${plan.trial_days} days` : 'per month'}
          </Text>
        </Flex>
        <Text size="2" color="gray">
          {plan.description}
        </Text>
        <ul className="plain-list pricing-card__features" aria-label={`What the ${plan.name} plan includes`}>
          {plan.features.map((feature) => (
            <li key={feature}>
              <Flex gap="2" align="start" py="1">
                <CheckIcon color="var(--accent-11)" style={{ flex: 'none', marginTop: 3 }} />
                <Text size="2">{feature}</Text>
              </Flex>
            </li>
          ))}
        </ul>
        <Flex direction="column" gap="1" mt="2">
          {action}
        </Flex>
      </Flex>
    </Card>
  );
}

export function DisabledAction({ children, note }: { children: ReactNode; note?: string }) {
  return (
    <>
      <Button size="3" variant="soft" color="gray" disabled>
        {children}
      </Button>
      {note ? (
        <Text size="1" color="gray" align="center">
          {note}
        </Text>
      ) : null}
    </>
  );
}
