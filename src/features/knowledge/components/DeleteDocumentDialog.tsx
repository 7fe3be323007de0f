import { AlertDialog, Button, Flex } from '@radix-ui/themes';
import { useState } from 'react';

interface DeleteDocumentDialogProps {
  filename: string | null;
  onConfirm(): Promise<unknown>;
  onClose(): void;
}

/** Asks before deleting: the document, its passages and its stored file go for good. */
export function DeleteDocumentDialog({ filename, onConfirm, onClose }: DeleteDocumentDialogProps) {
  const [busy, setBusy] = useState(false);
  return (
    <AlertDialog.Root open={filename !== null} onOpenChange={(open) => !open && !busy && onClose()}>
      <AlertDialog.Content maxWidth="440px">
        <AlertDialog.Title>Delete document?</AlertDialog.Title>
        <AlertDialog.Description size="2">
          “{filename}” and everything found in it will be removed from this space. Agents will no longer be able to use it. This cannot be
          undone.
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
