/** The "…" menu of a card or row: open, download, delete (with the rule that may forbid it). */
import { DotsHorizontalIcon } from '@radix-ui/react-icons';
import { IconButton } from '@radix-ui/themes';
import { DropdownMenu } from '../../../ui/DropdownMenu';
import type { AssetRow } from '../../../db';
import { useOnline } from '../../../pwa';

interface AssetActionsMenuProps {
  asset: AssetRow;
  deleteBlockedReason: string | null;
  onOpen(): void;
  onDownload(): void;
  onDelete(): void;
}

export function AssetActionsMenu({ asset, deleteBlockedReason, onOpen, onDownload, onDelete }: AssetActionsMenuProps) {
  const online = useOnline();
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger>
        <IconButton variant="ghost" color="gray" size="2" aria-label={`More actions for ${asset.name}`} className="asset-menu-trigger">
          <DotsHorizontalIcon />
        </IconButton>
      </DropdownMenu.Trigger>
      <DropdownMenu.Content align="end">
        <DropdownMenu.Item onSelect={onOpen}>Open</DropdownMenu.Item>
        {asset.kind !== 'text' ? (
          <DropdownMenu.Item onSelect={onDownload} disabled={!online}>
            Download{online ? '' : ' (needs a connection)'}
          </DropdownMenu.Item>
        ) : null}
        <DropdownMenu.Separator />
        <DropdownMenu.Item color="red" onSelect={onDelete} disabled={!online || deleteBlockedReason !== null}>
          {deleteBlockedReason ? 'Delete (added by someone else)' : online ? 'Delete…' : 'Delete (needs a connection)'}
        </DropdownMenu.Item>
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}
