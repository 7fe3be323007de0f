import { useState, type FormEvent } from 'react';
import { AlertDialog, Flex, Text, TextField } from '@radix-ui/themes';
import { toast } from 'sonner';
import type { Space } from '../../../contract/spaces';
import { DialogActions } from '../../../ui/DialogActions';
import { ErrorText } from '../../../ui/ErrorText';
import { NetworkRequiredButton } from '../../../ui/NetworkRequiredButton';
import { deleteSpace } from '../space-admin.api';
import { useSpaceAction } from '../useSpaceAction';

interface DeleteSpaceDialogProps {
  space: Space | null;
  onClose: () => void;
  onDeleted: (space: Space) => void;
}

/** Deleting a space asks for its name typed again: its documents, chats and runs go with it. */
export function DeleteSpaceDialog({ space, onClose, onDeleted }: DeleteSpaceDialogProps) {
  const [typed, setTyped] = useState('');
  const { busy, error: problem, setError: setProblem, run } = useSpaceAction();
  const matches = space !== null && typed.trim() === space.name;

  function close() {
    setTyped('');
    setProblem(null);
    onClose();
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!space || !matches) return;
    await run(async () => {
      await deleteSpace(space.id, typed);
      toast.success(`"${space.name}" deleted. Its documents, chats and files are being removed.`);
      onDeleted(space);
      close();
    }, 'The space could not be deleted. Check your connection and try again.');
  }

  return (
    <AlertDialog.Root open={space !== null} onOpenChange={(open) => (open ? undefined : close())}>
      <AlertDialog.Content maxWidth="460px">
        <AlertDialog.Title>Delete {space?.name}?</AlertDialog.Title>
        <AlertDialog.Description size="2">
          Its knowledge base documents, chats, agent runs and stored files are removed for everyone. This cannot be undone.
          To keep them, archive the space instead.
        </AlertDialog.Description>
        <form onSubmit={(event) => void submit(event)} noValidate>
          <Flex direction="column" gap="2" mt="4">
            <Text as="label" htmlFor="delete-space-name" size="2" weight="medium">
              Type <strong>{space?.name}</strong> to confirm
            </Text>
            <TextField.Root id="delete-space-name" value={typed} autoComplete="off" onChange={(event) => setTyped(event.target.value)} />
            <ErrorText message={problem} />
            <DialogActions dialog="alert" cancelDisabled={busy} mt="3">
              <NetworkRequiredButton type="submit" color="red" disabled={!matches || busy} loading={busy}>
                Delete space
              </NetworkRequiredButton>
            </DialogActions>
          </Flex>
        </form>
      </AlertDialog.Content>
    </AlertDialog.Root>
  );
}
