import { AlertDialog, Button, Flex } from '@radix-ui/themes';
import { useState } from 'react';

interface DeleteAssetDialogProps {
  name: string | null;
  onConfirm(): Promise<unknown>;
  onClose(): void;
}

/** Asks before deleting: the file and its previews go for good, for everyone in the space. */
export function DeleteAssetDialog({ name, onConfirm, onClose }: DeleteAssetDialogProps) {
  const [busy, setBusy] = useState(false);
  return (
    <AlertDialog.Root open={name !== null} onOpenChange={(open) => !open && !busy && onClose()}>
      <AlertDialog.Content maxWidth="440px">
        <AlertDialog.Title>Delete asset?</AlertDialog.Title>
        <AlertDialog.Description size="2">
          “{name}” will be removed from Creative Assets for everyone in this space, with its file and previews. This cannot be undone.
        </AlertDialog.Description>
        <Flex gap="3" mt="4" justify="end">
          <AlertDialog.Cancel>
            <Button variant="soft" color="gray" disabled={busy}>
              Cancel
            </Button>
          </AlertDialog.Cancel>
          <Button
            color="red"
            loading={busy}
            onClick={async () => {
              setBusy(true);
              try {
                await onConfirm();
              } finally {
                setBusy(false);
                onClose();
              }
            }}
          >
            Delete
          </Button>
        </Flex>
      </AlertDialog.Content>
    </AlertDialog.Root>
  );
}
