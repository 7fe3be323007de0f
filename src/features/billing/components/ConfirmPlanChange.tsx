import { AlertDialog, Button, Flex } from '@radix-ui/themes';
import type { CataloguePlan } from '../../../contract/billing-catalogue';
import { formatPrice } from '../billing.dates';
import type { Plan, PaymentsInfo } from '../../../contract/billing';
import { PaymentNote } from './PaymentNote';
import { formatNumber } from '../../../contract/format';
import { DialogActions } from '../../../ui/DialogActions';

interface ConfirmPlanChangeProps {
  plan: CataloguePlan | null;
  /** The organisation's plan now: paying for it again extends it (Stripe). */
  current: Plan | null;
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
  const extending = plan !== null && current?.type === plan.type && current.is_active;
  return (
    <AlertDialog.Root open={plan !== null} onOpenChange={(open) => (!open && !busy ? onCancel() : undefined)}>
      <AlertDialog.Content maxWidth="460px">
        <AlertDialog.Title>{extending ? `Extend the ${plan?.name} plan?` : `Change to the ${plan?.name} plan?`}</AlertDialog.Title>
        <AlertDialog.Description size="2">
          {plan && hosted ? (
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
            {hosted ? `Continue to pay ${price}` : `Pay ${price} and change plan`}
          </Button>
        </DialogActions>
      </AlertDialog.Content>
    </AlertDialog.Root>
  );
}
