import { AlertDialog, Button, Flex, Text } from '@radix-ui/themes';
import type { CataloguePlan } from '../../billing/catalogue';
import { formatPrice } from '../../billing/billing.dates';

interface ConfirmPlanChangeProps {
  plan: CataloguePlan | null;
  busy: boolean;
  onConfirm: (plan: CataloguePlan) => void;
  onCancel: () => void;
}

/** Says what a plan change costs and does before anything is charged. */
export function ConfirmPlanChange({ plan, busy, onConfirm, onCancel }: ConfirmPlanChangeProps) {
  return (
    <AlertDialog.Root open={plan !== null} onOpenChange={(open) => (!open && !busy ? onCancel() : undefined)}>
      <AlertDialog.Content maxWidth="460px">
        <AlertDialog.Title>Change to the {plan?.name} plan?</AlertDialog.Title>
        <AlertDialog.Description size="2">
          {plan ? (
            <>
              You will be charged {formatPrice(plan.price_monthly)} now and every month. {plan.credits.toLocaleString('en-US')} credits are
              added straight away and again at each renewal; credits you have not used yet carry over.
            </>
          ) : null}
        </AlertDialog.Description>
        <Text as="p" size="1" color="gray" mt="2">
          Payments go through this installation&apos;s payment provider. The built-in test provider charges no card.
        </Text>
        <Flex gap="3" mt="4" justify="end">
          <AlertDialog.Cancel>
            <Button variant="soft" color="gray" disabled={busy}>
              Cancel
            </Button>
          </AlertDialog.Cancel>
          <Button loading={busy} onClick={() => plan && onConfirm(plan)}>
            Pay {plan ? formatPrice(plan.price_monthly) : ''} and change plan
          </Button>
        </Flex>
      </AlertDialog.Content>
    </AlertDialog.Root>
  );
}
