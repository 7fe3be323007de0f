import { Text } from '@radix-ui/themes';
import { InfoCircledIcon, LockClosedIcon } from '@radix-ui/react-icons';
import type { PaymentsInfo } from '../../../contract/billing';
import { IconCallout } from '../../../ui/IconCallout';
import { CHECKOUT_MESSAGES } from '../billing.messages';

/**
 * Says, wherever one pays, whether money really moves: demo payments take none; Stripe takes it on
 * its own page. Nothing while the installation's provider is not known yet.
 */
export function PaymentNote({ payments }: { payments: PaymentsInfo | null }) {
  if (!payments) return null;
  if (payments.demo) {
    return (
      <IconCallout size="1" color="amber" variant="surface" role="note" aria-label="Demo payments" icon={<InfoCircledIcon />}>
        <Text weight="bold">{CHECKOUT_MESSAGES.demoPayments}</Text>. {CHECKOUT_MESSAGES.demoPaymentsDetail}
      </IconCallout>
    );
  }
  if (payments.checkout === 'hosted') {
    return (
      <IconCallout size="1" color="gray" variant="surface" role="note" icon={<LockClosedIcon />}>
        {CHECKOUT_MESSAGES.hostedPayments}
      </IconCallout>
    );
  }
  return null;
}
