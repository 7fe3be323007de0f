import { ConfirmDeleteDialog } from '../../../ui/ConfirmDeleteDialog';

interface DeleteAssetDialogProps {
  name: string | null;
  onConfirm(): Promise<unknown>;
  onClose(): void;
}

/** Asks before deleting: the file and its previews go for good, for everyone in the space. */
export function DeleteAssetDialog({ name, onConfirm, onClose }: DeleteAssetDialogProps) {
  return (
    <ConfirmDeleteDialog
      open={name !== null}
      title="Delete asset?"
      description={`“${name}” will be removed from Creative Assets for everyone in this space, with its file and previews. This cannot be undone.`}
      onConfirm={onConfirm}
      onClose={onClose}
    />
  );
}
