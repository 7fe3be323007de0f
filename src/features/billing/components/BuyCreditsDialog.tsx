import { useState } from 'react';
import { Badge, Button, Dialog, Flex, RadioCards, Text } from '@radix-ui/themes';
import { CrossCircledIcon } from '@radix-ui/react-icons';
import { toast } from 'sonner';
import { useSnapshot } from 'valtio';
import { CREDIT_PACKAGES, type CreditPackage } from '../../../contract/billing-catalogue';
import { formatPrice } from '../billing.dates';
import { BillingError } from '../billing.messages';
import { billingState, purchaseCredits } from '../billing.store';
import { useOnline } from '../../../pwa/useOnline';
import { DialogActions } from '../../../ui/DialogActions';
import { IconCallout } from '../../../ui/IconCallout';
import { usePaymentsInfo } from '../payments-info';
import { PaymentNote } from './PaymentNote';
import { formatNumber } from '../../../contract/format';

interface BuyCreditsDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

const credits = (n: number) => formatNumber(n);

/**
 * Credit packages with their bonus (1,000 / 5,000 +10 % / 20,000 +20 %). Demo payments add the
 * credits at once; with Stripe the buyer goes to its payment page and comes back to /credits.
 */
export function BuyCreditsDialog({ open, onOpenChange }: BuyCreditsDialogProps) {
  const [chosen, setChosen] = useState<string>(CREDIT_PACKAGES[1]!.id);
  const [failure, setFailure] = useState<BillingError | null>(null);
  // One key per purchase attempt, kept across retries: if the first try reached the server but the
  // answer was lost, the retry returns that purchase instead of buying again.
  const [attemptKey, setAttemptKey] = useState(() => crypto.randomUUID());
  const [redirecting, setRedirecting] = useState(false);
  const { purchasing } = useSnapshot(billingState);
  const { payments, currency } = usePaymentsInfo(open);
  const price = (amount: number) => formatPrice(amount, currency);
  const online = useOnline();
  const pack = CREDIT_PACKAGES.find((item) => item.id === chosen) ?? CREDIT_PACKAGES[0]!;

  const buy = async (item: CreditPackage) => {
    setFailure(null);
    try {
      const outcome = await purchaseCredits(item, `purchase-${attemptKey}`);
      if (outcome.kind === 'redirected') {
        // The browser is on its way to the payment page; /credits says how it went on return.
        setRedirecting(true);
        return;
      }
      const result = outcome.result;
      setAttemptKey(crypto.randomUUID());
      toast.success(`${credits(result.credits_added)} credits added`, { description: `Balance: ${credits(result.credits_remaining)} credits` });
      onOpenChange(false);
    } catch (error) {
      const billingError = error instanceof BillingError ? error : new BillingError('Failed to purchase credits', null, null);
      setFailure(billingError);
      toast.error(billingError.message, billingError.reason ? { description: billingError.reason } : undefined);
    }
  };

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next) setFailure(null);
        onOpenChange(next);
      }}
    >
      <Dialog.Content maxWidth="520px">
        <Dialog.Title>Buy credits</Dialog.Title>
        <Dialog.Description size="2" color="gray" mb="4">
          Credits are shared by everyone in your organisation and added to this cycle's balance. Unused credits carry over
          when a monthly plan renews; agents can use them while your plan is active.
        </Dialog.Description>
        <RadioCards.Root
          value={chosen}
          onValueChange={(value) => {
            setChosen(value);
            setAttemptKey(crypto.randomUUID());
          }} columns={{ initial: '1', sm: '3' }} aria-label="Credit package">
          {CREDIT_PACKAGES.map((item) => (
            <RadioCards.Item key={item.id} value={item.id} aria-label={`${credits(item.credits)} credits for ${price(item.price)}`}>
              <Flex direction="column" gap="1" width="100%">
                <Text size="4" weight="bold" className="billing-figure">
                  {credits(item.credits)}
                </Text>
                <Text size="1" color="gray">
                  credits
                </Text>
                <Flex justify="between" align="center" mt="1" gap="2">
                  <Text size="2" weight="medium">
                    {price(item.price)}
                  </Text>
                  {item.bonus > 0 ? (
                    <Badge color="green" variant="soft" radius="full">
                      +{item.bonus_percent}%
                    </Badge>
                  ) : null}
                </Flex>
              </Flex>
            </RadioCards.Item>
          ))}
        </RadioCards.Root>

        <Flex direction="column" gap="3" mt="4">
          <Text size="2">
            You get <strong>{credits(pack.credits + pack.bonus)} credits</strong>
            {pack.bonus > 0 ? ` (${credits(pack.credits)} + ${credits(pack.bonus)} bonus)` : ''} for <strong>{price(pack.price)}</strong>.
          </Text>
          <PaymentNote payments={payments} />
          {failure ? (
            <IconCallout size="1" color="red" role="alert" icon={<CrossCircledIcon />}>
              {failure.message}
              {failure.reason ? `: ${failure.reason}` : ''}. Try again; a retry never buys twice.
            </IconCallout>
          ) : null}
          {redirecting ? (
            <Text size="2" color="gray" role="status">
              Opening the secure payment page…
            </Text>
          ) : null}
          {!online ? (
            <Text size="1" color="gray">
              You&apos;re offline. Buying credits needs a connection.
            </Text>
          ) : null}
        </Flex>

        <DialogActions dialog="dialog" mt="5">
          <Button onClick={() => void buy(pack)} loading={purchasing !== null || redirecting} disabled={!online}>
            Pay {price(pack.price)}
          </Button>
        </DialogActions>
      </Dialog.Content>
    </Dialog.Root>
  );
}
