/** Renaming a chat: the current title to edit, a clear reason when the new one cannot be saved. */
import { useState, type FormEvent } from 'react';
import { Button, Dialog, Flex, Text, TextField } from '@radix-ui/themes';
import { CHAT_TITLE_MAX, HISTORY_TEXTS } from '../../../contract/chat-history';

interface RenameDialogProps {
  title: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Rejects with the message to show; the typed title stays in the box. */
  onRename: (title: string) => Promise<void>;
}

function problemWith(title: string): string | null {
  if (title.trim() === '') return HISTORY_TEXTS.titleRequired;
  if (title.trim().length > CHAT_TITLE_MAX) return HISTORY_TEXTS.titleTooLong;
  return null;
}

export function RenameDialog({ title, open, onOpenChange, onRename }: RenameDialogProps) {
  const [value, setValue] = useState(title);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = problemWith(value);
    if (problem) return setError(problem);
    setSaving(true);
    try {
      await onRename(value);
      onOpenChange(false);
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (next) {
          setValue(title);
          setError(null);
        }
        onOpenChange(next);
      }}
    >
      <Dialog.Content maxWidth="440px">
        <Dialog.Title>Rename chat</Dialog.Title>
        <Dialog.Description size="2" color="gray" mb="3">
          The new title is shown to everyone in this space.
        </Dialog.Description>
        <form onSubmit={(event) => void submit(event)} noValidate>
          <TextField.Root
            aria-label="Chat title"
            value={value}
            maxLength={CHAT_TITLE_MAX + 50}
            onChange={(event) => {
              setValue(event.target.value);
              setError(null);
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'rename-chat-error' : undefined}
            autoFocus
          />
          {error ? (
            <Text as="p" size="2" color="red" mt="2" id="rename-chat-error" role="alert">
              {error}
            </Text>
          ) : null}
          <Flex gap="3" mt="4" justify="end">
            <Dialog.Close>
              <Button type="button" variant="soft" color="gray">
                Cancel
              </Button>
            </Dialog.Close>
            <Button type="submit" loading={saving}>
              Save
            </Button>
          </Flex>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
}
