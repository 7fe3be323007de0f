import { useState } from 'react';
import type { FormEvent } from 'react';
import { Button, Flex, TextField } from '@radix-ui/themes';
import { FormField } from '../../../ui/FormField';
import { FormAlert } from '../../../ui/FormAlert';
import { fieldProblems, serverMessage } from '../../../api';
import { postEmailChange } from '../account.api';

const LOOKS_LIKE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
type Problems = Partial<Record<'email' | 'current', string>>;

/** Ask to move the account to another address; it changes once the link mailed there is used. */
export function EmailChangeForm({ email }: { email: string }) {
  const [newEmail, setNewEmail] = useState('');
  const [current, setCurrent] = useState('');
  const [problems, setProblems] = useState<Problems>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSent(null);
    setFailure(null);
    const found: Problems = {
      ...(LOOKS_LIKE_EMAIL.test(newEmail.trim()) ? {} : { email: 'Enter a valid email address' }),
      ...(newEmail.trim().toLowerCase() === email.toLowerCase() ? { email: 'This is already your email address' } : {}),
      ...(current ? {} : { current: 'Enter your current password' }),
    };
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      setSent(await postEmailChange(newEmail.trim(), current));
      setCurrent('');
    } catch (caught) {
      const fields = fieldProblems(caught);
      if (fields.new_email || fields.current_password) {
        setProblems({
          ...(fields.new_email ? { email: fields.new_email } : {}),
          ...(fields.current_password ? { current: fields.current_password } : {}),
        });
      } else {
        setFailure(serverMessage(caught, 'The change could not be requested. Check your connection and try again.'));
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Change email">
      <Flex direction="column" gap="3">
        {sent ? <FormAlert tone="success">{sent}</FormAlert> : null}
        {failure ? <FormAlert tone="error">{failure}</FormAlert> : null}
        <FormField label="New email" htmlFor="email-new" error={problems.email} hint={`You sign in with ${email} until you confirm the new address.`}>
          <TextField.Root
            id="email-new"
            type="email"
            autoComplete="email"
            value={newEmail}
            aria-invalid={problems.email ? true : undefined}
            aria-describedby={problems.email ? 'email-new-error' : 'email-new-hint'}
            onChange={(event) => setNewEmail(event.target.value)}
          />
        </FormField>
        <FormField label="Current password" htmlFor="email-current" error={problems.current}>
          <TextField.Root
            id="email-current"
            type="password"
            autoComplete="current-password"
            value={current}
            aria-invalid={problems.current ? true : undefined}
            aria-describedby={problems.current ? 'email-current-error' : undefined}
            onChange={(event) => setCurrent(event.target.value)}
          />
        </FormField>
        <Flex>
          <Button type="submit" loading={saving}>
            Send confirmation link
          </Button>
        </Flex>
      </Flex>
    </form>
  );
}
