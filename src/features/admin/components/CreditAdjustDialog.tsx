import { useState } from 'react';
import { Button, Dialog, SegmentedControl, Text, TextField } from '@radix-ui/themes';
import { PlusIcon } from '@radix-ui/react-icons';
import { toast } from 'sonner';
import { MAX_ADJUSTMENT_CREDITS, REASON_MIN_LENGTH, type AdminOrganizationDetail } from '../../../contract/admin';
import { formatCount, formatNumber } from '../../../contract/format';
import { NetworkRequiredTooltip } from '../../../pwa/NetworkRequiredTooltip';
import { DialogForm } from '../../../ui/DialogForm';
import { FormAlert } from '../../../ui/FormAlert';
import { FormField, describedBy } from '../../../ui/FormField';
import { useBusyAction } from '../../../ui/useBusyAction';
import { postCreditAdjustment } from '../admin.api';
import { describeFailure } from '../../../api';
import { ReasonField } from './ReasonField';

interface CreditAdjustDialogProps {
  org: AdminOrganizationDetail;
  blocked: string | null;
  onAdjusted: () => void;
}

/** The number typed, or a sentence saying what is wrong with it. */
function amountProblem(text: string, remaining: number, removing: boolean): string | null {
  if (text.trim() === '') return null;
  const amount = Number(text.replace(/[\s,]/g, ''));
  if (!Number.isInteger(amount) || amount <= 0) return 'Enter a whole number of credits above 0';
  if (amount > MAX_ADJUSTMENT_CREDITS) return `At most ${formatNumber(MAX_ADJUSTMENT_CREDITS)} credits at a time`;
  if (removing && amount > remaining) return `The organisation has ${formatCount(remaining, 'credit')} left: remove at most that`;
  return null;
}

/**
 * A manual credit adjustment: add or remove, how many, and why. It becomes a ledger entry naming
 * the admin and the reason, which the organisation sees on its Credits screen, and an audit entry.
 */
export function CreditAdjustDialog({ org, blocked, onAdjusted }: CreditAdjustDialogProps) {
  const [open, setOpen] = useState(false);
  const [direction, setDirection] = useState<'add' | 'remove'>('add');
  const [amountText, setAmountText] = useState('');
  const [reason, setReason] = useState('');
  const { busy, error, setError, run } = useBusyAction();
  const remaining = org.credits?.remaining ?? 0;
  const problem = amountProblem(amountText, remaining, direction === 'remove');
  const amount = Number(amountText.replace(/[\s,]/g, ''));
  const ready = amountText.trim() !== '' && !problem && reason.trim().length >= REASON_MIN_LENGTH;

  const reset = () => {
    setAmountText('');
    setReason('');
    setError(null);
    setDirection('add');
  };
  const submit = async () => {
    if (!ready || busy) return;
    await run(
      async () => {
        const change = await postCreditAdjustment(org.id, { amount: direction === 'add' ? amount : -amount, reason: reason.trim() });
        toast.success(`${org.name} now has ${formatCount(change.credits_remaining, 'credit')} left`);
        setOpen(false);
        reset();
        onAdjusted();
      },
      (caught) => describeFailure(caught, 'The credits were not changed'),
    );
  };

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) reset();
      }}
    >
      <NetworkRequiredTooltip reason={blocked}>
        {({ disabled }) => (
          <Dialog.Trigger>
            <Button variant="soft" disabled={disabled}>
              <PlusIcon /> Adjust credits
            </Button>
          </Dialog.Trigger>
        )}
      </NetworkRequiredTooltip>
      <Dialog.Content maxWidth="480px">
        <Dialog.Title>Adjust credits of {org.name}</Dialog.Title>
        <Dialog.Description size="2" mb="4">
          {formatCount(remaining, 'credit')} left now. The change is a ledger entry with your name and the reason; the organisation sees it on
          its Credits screen.
        </Dialog.Description>
        <DialogForm
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
          submit={
            <Button type="submit" color={direction === 'remove' ? 'red' : undefined} disabled={!ready} loading={busy}>
              {direction === 'add' ? 'Add credits' : 'Remove credits'}
            </Button>
          }
        >
          <SegmentedControl.Root value={direction} onValueChange={(value) => setDirection(value as 'add' | 'remove')} aria-label="Add or remove">
            <SegmentedControl.Item value="add">Add credits</SegmentedControl.Item>
            <SegmentedControl.Item value="remove">Remove credits</SegmentedControl.Item>
          </SegmentedControl.Root>
          <FormField label="Credits" htmlFor="adjust-amount" error={problem ?? undefined} hint={`A whole number, at most ${formatNumber(MAX_ADJUSTMENT_CREDITS)}`}>
            <TextField.Root id="adjust-amount" inputMode="numeric" value={amountText} {...describedBy('adjust-amount', problem, true)} onChange={(event) => setAmountText(event.target.value)} />
          </FormField>
          <ReasonField
            id="adjust-reason"
            value={reason}
            onChange={setReason}
            placeholder="e.g. Goodwill after the outage of 3 March (ticket 812)"
            hint={`At least ${REASON_MIN_LENGTH} characters; shown in the ledger and kept in the audit log`}
          />
          {ready ? (
            <Text size="2" role="status">
              After this: {formatCount(direction === 'add' ? remaining + amount : remaining - amount, 'credit')} left.
            </Text>
          ) : null}
          {error ? <FormAlert tone="error">{error}</FormAlert> : null}
        </DialogForm>
      </Dialog.Content>
    </Dialog.Root>
  );
}
