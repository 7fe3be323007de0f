import { useState, type FormEvent } from 'react';
import { Dialog, TextArea, TextField } from '@radix-ui/themes';
import { toast } from 'sonner';
import type { Space } from '../../../contract/spaces';
import { DialogForm } from '../../../ui/DialogForm';
import { ErrorText } from '../../../ui/ErrorText';
import { FormField } from '../../../ui/FormField';
import { NetworkRequiredButton } from '../../../ui/NetworkRequiredButton';
import { patchSpace } from '../space-admin.api';
import { useSpaceAction } from '../useSpaceAction';

interface EditSpaceDialogProps {
  space: Space | null;
  onClose: () => void;
  onSaved: (space: Space) => void;
}

/** Rename or describe a space; the slug stays, as it is in people's links. */
export function EditSpaceDialog({ space, onClose, onSaved }: EditSpaceDialogProps) {
  // Rendered with key={space.id}, so each space starts from its own saved values.
  const [name, setName] = useState(space?.name ?? '');
  const [description, setDescription] = useState(space?.description ?? '');
  const { busy, error: problem, run } = useSpaceAction();

  const nameError = name.trim() === '' ? 'Name is required' : name.trim().length > 100 ? 'Name must be at most 100 characters' : null;
  const descriptionError = description.trim().length > 500 ? 'Description must be at most 500 characters' : null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!space || nameError || descriptionError) return;
    await run(async () => {
      const saved = await patchSpace(space.id, { name: name.trim(), description: description.trim() || null });
      toast.success('Space saved');
      onSaved(saved);
      onClose();
    }, 'The space could not be saved. Check your connection and try again.');
  }

  return (
    <Dialog.Root open={space !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <Dialog.Content maxWidth="460px">
        <Dialog.Title>Edit space</Dialog.Title>
        <Dialog.Description size="2" color="gray" mb="4">
          The link name ({space?.slug}) stays the same.
        </Dialog.Description>
        <DialogForm
          onSubmit={(event) => void submit(event)}
          noValidate
          busy={busy}
          submit={
            <NetworkRequiredButton type="submit" disabled={Boolean(nameError || descriptionError) || busy} loading={busy}>
              Save space
            </NetworkRequiredButton>
          }
        >
          <FormField label="Name" htmlFor="edit-space-name" error={nameError ?? undefined}>
            <TextField.Root id="edit-space-name" value={name} autoComplete="off" onChange={(event) => setName(event.target.value)} />
          </FormField>
          <FormField label="Description" htmlFor="edit-space-description" error={descriptionError ?? undefined} optional>
            <TextArea id="edit-space-description" rows={3} value={description} onChange={(event) => setDescription(event.target.value)} />
          </FormField>
          <ErrorText message={problem} />
        </DialogForm>
      </Dialog.Content>
    </Dialog.Root>
  );
}
