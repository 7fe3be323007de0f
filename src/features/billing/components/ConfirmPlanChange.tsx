import { AlertDialog, Button, Flex } from '@radix-ui/themes';
import type { CataloguePlan } from '../../../contract/billing-catalogue';
import { formatPrice } from '../billing.dates';
import type { PaymentsInfo } from '../../../contract/billing';
import { planChangeKind, type PlanNow } from '../../../contract/plan-change';
import { PaymentNote } from './PaymentNote';
import { formatNumber } from '../../../contract/format';
import { DialogActions } from '../../../ui/DialogActions';

interface ConfirmPlanChangeProps {
  plan: CataloguePlan | null;
  /** The organisation's plan now: paying for it again extends it (Stripe); a change mid-period is an upgrade or a downgrade. */
  current: PlanNow | null;
  payments: PaymentsInfo | null;
  currency: string;
  busy: boolean;
  onConfirm: (plan: CataloguePlan) => void;
  onCancel: () => void;
}

/**
 * Says what a plan payment costs and does before anything is charged. Demo payments change the
 * plan at once and it renews by itself; a Stripe payment buys 30 days, paid on Stripe's page.
 */
export function ConfirmPlanChange({ plan, current, payments, currency, busy, onConfirm, onCancel }: ConfirmPlanChangeProps) {
  const hosted = payments?.checkout === 'hosted';
  const price = plan ? formatPrice(plan.price_monthly, currency) : '';
  const credits = plan ? formatNumber(plan.credits) : '';
  const extending = plan !== null && current?.type === plan.type && current.active;
  const change = plan && current ? planChangeKind(current, plan) : ({ kind: 'new-period' } as const);
  const upgrade = change.kind === 'upgrade' && !hosted ? change : null;
  const payable = upgrade ? formatPrice(upgrade.price, currency) : price;
  return (
    <AlertDialog.Root open={plan !== null} onOpenChange={(open) => (!open && !busy ? onCancel() : undefined)}>
      <AlertDialog.Content maxWidth="460px">
        <AlertDialog.Title>{extending ? `Extend the ${plan?.name} plan?` : `Change to the ${plan?.name} plan?`}</AlertDialog.Title>
        <AlertDialog.Description size="2">
          {plan && change.kind === 'downgrade' ? (
            <>
              Nothing is charged now and the credits you have stay. The {plan.name} plan&apos;s {credits} credits a month start at the next renewal
              {hosted ? ', when you pay for it again' : ` (${price} a month from then)`}.
            </>
          ) : plan && upgrade ? (
            <>
              You will be charged {payable} now, the difference from the {upgrade.from.name} plan for the rest of this month, and {price} a month from the
              next renewal. {formatNumber(upgrade.credits)} credits (the difference) are added straight away; the renewal date stays.
            </>
          ) : plan && hosted ? (
            <>
              You pay {price} for 30 days of the {plan.name} plan{extending ? ', counted from the end of the days you have' : ''}. {credits} credits are
              added as soon as Stripe confirms the payment; credits you have not used yet carry over. The plan does not renew by itself: pay
              again here to extend it.
            </>
          ) : plan ? (
            <>
              You will be charged {price} now and every month. {credits} credits are added straight away and again at each renewal; credits you
              have not used yet carry over.
            </>
          ) : null}
        </AlertDialog.Description>
        <Flex direction="column" mt="3">
          <PaymentNote payments={payments} />
        </Flex>
        <DialogActions dialog="alert" cancelDisabled={busy} mt="4">
          <Button loading={busy} onClick={() => plan && onConfirm(plan)}>
            {change.kind === 'downgrade' ? 'Change plan' : hosted ? `Continue to pay ${price}` : `Pay ${payable} and change plan`}
          </Button>
        </DialogActions>
      </AlertDialog.Content>
    </AlertDialog.Root>
  );
}
