import { TextArea } from '@radix-ui/themes';
import { REASON_MAX_LENGTH } from '../../../contract/admin';
import { FormField } from '../../../ui/FormField';

interface ReasonFieldProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  /** An example reason fitting the action. */
  placeholder: string;
  /** How long a reason must be, and where it is kept. */
  hint: string;
}

/** Why an admin acts: asked before every action that changes an account or an organisation, kept in the audit log. */
export function ReasonField({ id, value, onChange, placeholder, hint }: ReasonFieldProps) {
  return (
    <FormField label="Reason" htmlFor={id} hint={hint}>
      <TextArea id={id} value={value} maxLength={REASON_MAX_LENGTH} placeholder={placeholder} aria-describedby={`${id}-hint`} onChange={(event) => onChange(event.target.value)} />
    </FormField>
  );
}
