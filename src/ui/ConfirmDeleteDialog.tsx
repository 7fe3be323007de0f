import type { ReactNode } from 'react';
import { useState } from 'react';
import { AlertDialog, Button } from '@radix-ui/themes';
import { DialogActions } from './DialogActions';

interface ConfirmDeleteDialogProps {
  open: boolean;
  title: string;
  description: ReactNode;
  onConfirm(): Promise<unknown>;
  onClose(): void;
}

/**
 * Asks before something is deleted for good: Cancel, or Delete (busy while the deletion runs,
 * closing once it has, whatever its outcome; the caller reports a failure).
 */
export function ConfirmDeleteDialog({ open, title, description, onConfirm, onClose }: ConfirmDeleteDialogProps) {
  const [busy, setBusy] = useState(false);
  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => !next && !busy && onClose()}>
      <AlertDialog.Content maxWidth="440px">
        <AlertDialog.Title>{title}</AlertDialog.Title>
        <AlertDialog.Description size="2">{description}</AlertDialog.Description>
        <DialogActions dialog="alert" cancelDisabled={busy} mt="4">
          <Button
            color="red"
            loading={busy}
            onClick={async () => {
              setBusy(true);
              try {
                await onConfirm();
              } finally {
                setBusy(false);
                onClose();
              }
            }}
          >
            Delete
          </Button>
        </DialogActions>
      </AlertDialog.Content>
    </AlertDialog.Root>
  );
}
