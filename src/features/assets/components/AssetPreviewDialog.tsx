/** The preview: the asset large on the left, its details and actions on the right (stacked on a phone). */
import { Cross2Icon } from '@radix-ui/react-icons';
import { Dialog, IconButton } from '@radix-ui/themes';
import type { AssetCollectionRow, AssetRow } from '../../../db';
import { AssetDetails } from './AssetDetails';
import { PreviewMedia } from './PreviewMedia';

interface AssetPreviewDialogProps {
  asset: AssetRow | null;
  collections: readonly AssetCollectionRow[];
  deleteBlockedReason: string | null;
  onClose(): void;
  onUpdate(change: { name?: string; description?: string | null; tags?: string[]; collection_ids?: string[] }): Promise<unknown>;
  onDownload(): void;
  onDelete(): void;
}

export function AssetPreviewDialog({ asset, collections, deleteBlockedReason, onClose, onUpdate, onDownload, onDelete }: AssetPreviewDialogProps) {
  return (
    <Dialog.Root open={asset !== null} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Content className="asset-preview" maxWidth="1120px" data-testid="asset-preview">
        {asset ? (
          <div className="asset-preview__layout">
            {/* First in the dialog, so it takes the focus when the preview opens (Escape closes too). */}
            <Dialog.Close>
              <IconButton variant="ghost" color="gray" size="2" className="asset-preview__close" aria-label="Close the preview">
                <Cross2Icon />
              </IconButton>
            </Dialog.Close>
            <div className="asset-preview__media" data-kind={asset.kind}>
              <PreviewMedia key={asset.id} asset={asset} />
            </div>
            <aside className="asset-preview__side">
              <AssetDetails key={asset.id} asset={asset} collections={collections} deleteBlockedReason={deleteBlockedReason} onUpdate={onUpdate} onDownload={onDownload} onDelete={onDelete} />
            </aside>
          </div>
        ) : null}
      </Dialog.Content>
    </Dialog.Root>
  );
}
