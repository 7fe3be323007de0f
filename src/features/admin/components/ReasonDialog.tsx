import { useState, type ReactNode } from 'react';
import { AlertDialog, Box, Button, Flex } from '@radix-ui/themes';
import { REASON_MIN_LENGTH } from '../../../contract/admin';
import { NetworkRequiredTooltip } from '../../../pwa/NetworkRequiredTooltip';
import { DialogActions } from '../../../ui/DialogActions';
import { FormAlert } from '../../../ui/FormAlert';
import { useBusyAction } from '../../../ui/useBusyAction';
import { ReasonField } from './ReasonField';

interface ReasonDialogProps {
  /** The button that opens the dialog. */
  trigger: { label: string; icon: ReactNode; color?: 'red' };
  /** Why the action is not offered (disables the button and says so), or null. */
  blocked: string | null;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  /** Red for what takes something away (suspend, sign out). */
  tone: 'red' | 'accent';
  /** Runs the action; rejects with the text to show. */
  onConfirm: (reason: string) => Promise<void>;
  idPrefix: string;
}

/**
 * Confirmation for an admin action: says what will happen, asks why (kept in the audit log), and
 * stays open with the server's answer if it refuses, so nothing typed is lost.
 */
export function ReasonDialog({ trigger, blocked, title, description, confirmLabel, tone, onConfirm, idPrefix }: ReasonDialogProps) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const { busy, error, setError, run } = useBusyAction();
  const tooShort = reason.trim().length < REASON_MIN_LENGTH;
  const fieldId = `${idPrefix}-reason`;

  const confirm = async () => {
    if (tooShort || busy) return;
    await run(
      async () => {
        await onConfirm(reason.trim());
        setOpen(false);
        setReason('');
      },
      (caught) => (caught instanceof Error ? caught.message : String(caught)),
    );
  };

  return (
    <AlertDialog.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setError(null);
      }}
    >
      <NetworkRequiredTooltip reason={blocked}>
        {({ disabled }) => (
          <AlertDialog.Trigger>
            <Button variant="soft" color={trigger.color} disabled={disabled}>
              {trigger.icon} {trigger.label}
            </Button>
          </AlertDialog.Trigger>
        )}
      </NetworkRequiredTooltip>
      <AlertDialog.Content maxWidth="480px">
        <AlertDialog.Title>{title}</AlertDialog.Title>
        <AlertDialog.Description size="2">{description}</AlertDialog.Description>
        <Box mt="4">
          <ReasonField
            id={fieldId}
            value={reason}
            onChange={setReason}
            placeholder="e.g. Support ticket 4711: the owner reported a lost laptop"
            hint={`At least ${REASON_MIN_LENGTH} characters. Kept in the audit log with your name.`}
          />
        </Box>
        {error ? (
          <Flex mt="3">
            <FormAlert tone="error">{error}</FormAlert>
          </Flex>
        ) : null}
        <DialogActions dialog="alert" mt="4" wrap="wrap">
          <Button color={tone === 'red' ? 'red' : undefined} disabled={tooShort} loading={busy} onClick={() => void confirm()}>
            {confirmLabel}
          </Button>
        </DialogActions>
      </AlertDialog.Content>
    </AlertDialog.Root>
  );
}
