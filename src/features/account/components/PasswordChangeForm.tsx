import { useState } from 'react';
import type { FormEvent } from 'react';
import { Button, Flex, TextField } from '@radix-ui/themes';
import { FormField } from '../../../ui/FormField';
import { FormAlert } from '../../../ui/FormAlert';
import { NewPasswordFields, newPasswordProblem, type NewPassword } from '../../auth/components/NewPasswordFields';
import { fieldProblems, serverMessage } from '../../../api';
import { postPasswordChange } from '../account.api';

type Problems = Partial<Record<'current' | 'password' | 'confirm', string>>;

/** Change the password with the current one; the account's other devices are signed out. */
export function PasswordChangeForm() {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState<NewPassword>({ password: '', confirm: '' });
  const [problems, setProblems] = useState<Problems>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [saving, setSaving] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setDone(false);
    setFailure(null);
    const problem = newPasswordProblem(next);
    const found: Problems = { ...(current ? {} : { current: 'Enter your current password' }), ...(problem ? { [problem.field]: problem.message } : {}) };
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      await postPasswordChange(current, next.password);
      setCurrent('');
      setNext({ password: '', confirm: '' });
      setDone(true);
    } catch (caught) {
      const fields = fieldProblems(caught);
      if (fields.current_password || fields.new_password) {
        setProblems({
          ...(fields.current_password ? { current: fields.current_password } : {}),
          ...(fields.new_password ? { password: fields.new_password } : {}),
        });
      } else {
        setFailure(serverMessage(caught, 'The password could not be changed. Check your connection and try again.'));
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Change password">
      <Flex direction="column" gap="3">
        {done ? <FormAlert tone="success">Password changed. Your other devices have been signed out.</FormAlert> : null}
        {failure ? <FormAlert tone="error">{failure}</FormAlert> : null}
        <FormField label="Current password" htmlFor="password-current" error={problems.current}>
          <TextField.Root
            id="password-current"
            type="password"
            autoComplete="current-password"
            value={current}
            aria-invalid={problems.current ? true : undefined}
            aria-describedby={problems.current ? 'password-current-error' : undefined}
            onChange={(event) => setCurrent(event.target.value)}
          />
        </FormField>
        <NewPasswordFields idPrefix="password-new" value={next} onChange={setNext} errors={problems} />
        <Flex>
          <Button type="submit" loading={saving}>
            Change password
          </Button>
        </Flex>
      </Flex>
    </form>
  );
}
