import { ConfirmDeleteDialog } from '../../../ui/ConfirmDeleteDialog';

interface DeleteDocumentDialogProps {
  filename: string | null;
  onConfirm(): Promise<unknown>;
  onClose(): void;
}

/** Asks before deleting: the document, its passages and its stored file go for good. */
export function DeleteDocumentDialog({ filename, onConfirm, onClose }: DeleteDocumentDialogProps) {
  return (
    <ConfirmDeleteDialog
      open={filename !== null}
      title="Delete document?"
      description={`“${filename}” and everything found in it will be removed from this space. Agents will no longer be able to use it. This cannot be undone.`}
      onConfirm={onConfirm}
      onClose={onClose}
    />
  );
}
