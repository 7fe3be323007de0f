import { useSearchParams } from 'react-router-dom';
import { Button, Callout, Flex, Spinner, Text } from '@radix-ui/themes';
import { CheckCircledIcon, Cross2Icon, ExclamationTriangleIcon, InfoCircledIcon } from '@radix-ui/react-icons';
import { cataloguePlan } from '../../../contract/billing-catalogue';
import { CHECKOUT_MESSAGES } from '../billing.messages';
import { useCheckoutOutcome, type CheckoutOutcome } from '../useCheckoutOutcome';
import { formatNumber } from '../../../contract/format';

type Look = { color: 'green' | 'blue' | 'gray' | 'amber'; title: string; detail?: string; busy?: boolean };

function lookOf(outcome: CheckoutOutcome): Look {
  switch (outcome.state) {
    case 'completed': {
      const { checkout } = outcome;
      if (checkout.purpose === 'plan') {
        const name = cataloguePlan(checkout.plan_type ?? '')?.name ?? checkout.plan_type ?? 'the new plan';
        return { color: 'green', title: CHECKOUT_MESSAGES.planReceived(name), detail: `${formatNumber(checkout.credits)} credits were added.` };
      }
      return { color: 'green', title: CHECKOUT_MESSAGES.creditsReceived, detail: `${formatNumber(checkout.credits + checkout.bonus)} credits are now in your balance.` };
    }
    case 'waiting':
      return { color: 'blue', title: CHECKOUT_MESSAGES.waiting, detail: outcome.gaveUp ? CHECKOUT_MESSAGES.waitingLong : CHECKOUT_MESSAGES.waitingDetail, busy: !outcome.gaveUp };
    case 'cancelled':
      return { color: 'gray', title: CHECKOUT_MESSAGES.cancelled };
    case 'closed':
      return { color: 'amber', title: CHECKOUT_MESSAGES.notCompleted };
    case 'unknown':
      return { color: 'amber', title: CHECKOUT_MESSAGES.notFound };
  }
}

/**
 * The outcome of a payment made on the provider's page, shown on the screen the buyer returns to
 * (/credits for credits, /pricing for plans). Dismissing it clears the address's query.
 */
export function CheckoutOutcomeBanner() {
  const [params, setParams] = useSearchParams();
  const { outcome, checkAgain } = useCheckoutOutcome(params.get('checkout'), params.get('checkout_id'));
  if (!outcome) return null;
  const look = lookOf(outcome);
  const dismiss = () =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('checkout');
        next.delete('checkout_id');
        return next;
      },
      { replace: true },
    );
  const Icon = look.color === 'green' ? CheckCircledIcon : look.color === 'amber' ? ExclamationTriangleIcon : InfoCircledIcon;

  return (
    <Callout.Root color={look.color} size="2" mb="4" role="status" aria-label="Payment" className="checkout-outcome">
      <Callout.Icon>{look.busy ? <Spinner size="1" /> : <Icon />}</Callout.Icon>
      <Flex justify="between" align="start" gap="3">
        <Flex direction="column" gap="1">
          <Text size="2" weight="bold">
            {look.title}
          </Text>
          {look.detail ? <Text size="2">{look.detail}</Text> : null}
        </Flex>
        <Flex gap="2" align="center" flexShrink="0">
          {outcome.state === 'waiting' && outcome.gaveUp ? (
            <Button size="1" variant="soft" onClick={checkAgain}>
              Check again
            </Button>
          ) : null}
          <Button size="1" variant="ghost" color="gray" onClick={dismiss} aria-label="Dismiss">
            <Cross2Icon />
          </Button>
        </Flex>
      </Flex>
    </Callout.Root>
  );
}
