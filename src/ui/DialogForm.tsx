import type { FormEvent, ReactNode } from 'react';
import { Flex, type FlexProps } from '@radix-ui/themes';
import { DialogActions } from './DialogActions';

interface DialogFormProps {
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** The form checks its own fields and says under each what is wrong, instead of the browser. */
  noValidate?: boolean;
  /** True while the request runs: Cancel waits for it. */
  busy?: boolean;
  /** The submit button, right of Cancel. */
  submit: ReactNode;
  actionsMt?: FlexProps['mt'];
  /** The fields, and any message about the last try. */
  children: ReactNode;
}

/** The form inside a Dialog: its fields one under the other, then Cancel and the submit button. */
export function DialogForm({ onSubmit, noValidate, busy, submit, actionsMt, children }: DialogFormProps) {
  return (
    <form onSubmit={onSubmit} noValidate={noValidate}>
      <Flex direction="column" gap="4">
        {children}
        <DialogActions dialog="dialog" cancelDisabled={busy} mt={actionsMt}>
          {submit}
        </DialogActions>
      </Flex>
    </form>
  );
}
