import { Callout, Text } from '@radix-ui/themes';
import { InfoCircledIcon, LockClosedIcon } from '@radix-ui/react-icons';
import type { PaymentsInfo } from '../../../contract/billing';
import { CHECKOUT_MESSAGES } from '../billing.messages';

/**
 * Says, wherever one pays, whether money really moves: demo payments take none; Stripe takes it on
 * its own page. Nothing while the installation's provider is not known yet.
 */
export function PaymentNote({ payments }: { payments: PaymentsInfo | null }) {
  if (!payments) return null;
  if (payments.demo) {
    return (
      <Callout.Root size="1" color="amber" variant="surface" role="note" aria-label="Demo payments">
        <Callout.Icon>
          <InfoCircledIcon />
        </Callout.Icon>
        <Callout.Text>
          <Text weight="bold">{CHECKOUT_MESSAGES.demoPayments}</Text>. {CHECKOUT_MESSAGES.demoPaymentsDetail}
        </Callout.Text>
      </Callout.Root>
    );
  }
  if (payments.checkout === 'hosted') {
    return (
      <Callout.Root size="1" color="gray" variant="surface" role="note">
        <Callout.Icon>
          <LockClosedIcon />
        </Callout.Icon>
        <Callout.Text>{CHECKOUT_MESSAGES.hostedPayments}</Callout.Text>
      </Callout.Root>
    );
  }
  return null;
}
