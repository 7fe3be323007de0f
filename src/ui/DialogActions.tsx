import type { ReactNode } from 'react';
import { AlertDialog, Button, Dialog, Flex, type FlexProps } from '@radix-ui/themes';

interface DialogActionsProps {
  /** The kind of dialog Cancel closes: Radix keeps a Dialog's and an AlertDialog's apart. */
  dialog: 'dialog' | 'alert';
  /** True while the action runs, where closing midway would lose its answer. */
  cancelDisabled?: boolean;
  mt?: FlexProps['mt'];
  wrap?: FlexProps['wrap'];
  /** The confirming button, right of Cancel. */
  children: ReactNode;
}

/** The row of buttons that ends a dialog: Cancel, then what the dialog is for. */
export function DialogActions({ dialog, cancelDisabled = false, mt, wrap, children }: DialogActionsProps) {
  const cancel = (
    <Button type="button" variant="soft" color="gray" disabled={cancelDisabled}>
      Cancel
    </Button>
  );
  return (
    <Flex gap="3" justify="end" mt={mt} wrap={wrap}>
      {dialog === 'alert' ? <AlertDialog.Cancel>{cancel}</AlertDialog.Cancel> : <Dialog.Close>{cancel}</Dialog.Close>}
      {children}
    </Flex>
  );
}
