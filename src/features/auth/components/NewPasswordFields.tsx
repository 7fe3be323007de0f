import { TextField } from '@radix-ui/themes';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, PASSWORD_RULE } from '../../../contract/account';
import { FormField } from '../../../ui/FormField';

export interface NewPassword {
  password: string;
  confirm: string;
}

/** The first rule a new password and its repetition break, or null (the server's rules, checked before submit). */
export function newPasswordProblem({ password, confirm }: NewPassword): { field: 'password' | 'confirm'; message: string } | null {
  if (password.length < PASSWORD_MIN_LENGTH) return { field: 'password', message: `Password must be at least ${PASSWORD_MIN_LENGTH} characters` };
  if (password.length > PASSWORD_MAX_LENGTH) return { field: 'password', message: `Password must be at most ${PASSWORD_MAX_LENGTH} characters` };
  if (password !== confirm) return { field: 'confirm', message: 'The two passwords are not the same' };
  return null;
}

interface NewPasswordFieldsProps {
  idPrefix: string;
  value: NewPassword;
  onChange: (value: NewPassword) => void;
  /** Problems to show under the fields (after a submit, or from the server). */
  errors: Partial<Record<'password' | 'confirm', string>>;
  label?: string;
}

/** "New password" with its rule underneath from the start, and "Repeat new password". */
export function NewPasswordFields({ idPrefix, value, onChange, errors, label = 'New password' }: NewPasswordFieldsProps) {
  const passwordId = `${idPrefix}-password`;
  const confirmId = `${idPrefix}-confirm`;
  return (
    <>
      <FormField label={label} htmlFor={passwordId} hint={PASSWORD_RULE} error={errors.password}>
        <TextField.Root
          id={passwordId}
          type="password"
          size="3"
          autoComplete="new-password"
          value={value.password}
          aria-describedby={errors.password ? `${passwordId}-error` : `${passwordId}-hint`}
          aria-invalid={errors.password ? true : undefined}
          onChange={(event) => onChange({ ...value, password: event.target.value })}
        />
      </FormField>
      <FormField label={`Repeat ${label.toLowerCase()}`} htmlFor={confirmId} error={errors.confirm}>
        <TextField.Root
          id={confirmId}
          type="password"
          size="3"
          autoComplete="new-password"
          value={value.confirm}
          aria-describedby={errors.confirm ? `${confirmId}-error` : undefined}
          aria-invalid={errors.confirm ? true : undefined}
          onChange={(event) => onChange({ ...value, confirm: event.target.value })}
        />
      </FormField>
    </>
  );
}
