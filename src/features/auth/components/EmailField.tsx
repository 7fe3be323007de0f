/** The email box of the sign-in, SSO and forgotten-password forms: focused first, filled by the browser. */
import { EnvelopeClosedIcon } from '@radix-ui/react-icons';
import { TextField } from '@radix-ui/themes';
import { FormField } from '../../../ui/FormField';

interface EmailFieldProps {
  id: string;
  label: string;
  value: string;
  onChange(value: string): void;
  /** Shown under the box (and read with it). */
  hint?: string;
}

export function EmailField({ id, label, value, onChange, hint }: EmailFieldProps) {
  return (
    <FormField label={label} htmlFor={id} hint={hint}>
      <TextField.Root
        id={id}
        type="email"
        size="3"
        autoComplete="email"
        placeholder="you@company.com"
        value={value}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onChange={(event) => onChange(event.target.value)}
        autoFocus
      >
        <TextField.Slot>
          <EnvelopeClosedIcon />
        </TextField.Slot>
      </TextField.Root>
    </FormField>
  );
}
