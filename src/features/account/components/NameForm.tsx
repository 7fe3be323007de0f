import { useState } from 'react';
import type { FormEvent } from 'react';
import { Button, Flex, Text, TextField } from '@radix-ui/themes';
import { NAME_MAX_LENGTH } from '../../../contract/account';
import { authState, storeUser } from '../../../session';
import { FormField } from '../../../ui/FormField';
import { serverMessage } from '../../../api';
import { putName } from '../account.api';

/** Edit the display name; the shell and profile show the new one at once. */
export function NameForm({ name }: { name: string }) {
  const [value, setValue] = useState(name);
  const [error, setError] = useState<string | undefined>();
  const [saved, setSaved] = useState(false);
  const [saving, setSaving] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = value.trim();
    setSaved(false);
    if (!trimmed) return setError('Name is required');
    if (trimmed.length > NAME_MAX_LENGTH) return setError(`Name must be at most ${NAME_MAX_LENGTH} characters`);
    setError(undefined);
    setSaving(true);
    try {
      const user = await putName(trimmed);
      storeUser(user);
      authState.user = user;
      setValue(user.name);
      setSaved(true);
    } catch (caught) {
      setError(serverMessage(caught, 'The name could not be saved. Check your connection and try again.'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Change name">
      <Flex direction="column" gap="3">
        <FormField label="Name" htmlFor="account-name" error={error} hint={`Up to ${NAME_MAX_LENGTH} characters.`}>
          <TextField.Root
            id="account-name"
            autoComplete="name"
            value={value}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'account-name-error' : 'account-name-hint'}
            onChange={(event) => setValue(event.target.value)}
          />
        </FormField>
        <Flex gap="3" align="center" wrap="wrap">
          <Button type="submit" loading={saving} disabled={value.trim() === name}>
            Save name
          </Button>
          {saved ? (
            <Text size="2" color="green" role="status">
              Name saved.
            </Text>
          ) : null}
        </Flex>
      </Flex>
    </form>
  );
}
