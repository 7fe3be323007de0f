/** One asset in the grid: its picture, name and one line about it; a click opens the preview. */
import { memo } from 'react';
import { Badge, Flex, Text } from '@radix-ui/themes';
import type { AssetRow } from '../../../db';
import { ASSET_SOURCE_LABELS } from '../../../contract/assets';
import { assetSummary } from '../asset-labels';
import { AssetActionsMenu } from './AssetActionsMenu';
import { AssetThumbnail } from './AssetThumbnail';

export interface AssetItemProps {
  asset: AssetRow;
  deleteBlockedReason: string | null;
  onOpen(asset: AssetRow): void;
  onDownload(asset: AssetRow): void;
  onDelete(asset: AssetRow): void;
}

/** Being made, could not be read, or (on cards) where it came from when it was not uploaded. */
export function StatusBadge({ asset, showSource = true }: { asset: AssetRow; showSource?: boolean }) {
  if (asset.status === 'processing') return <Badge color="amber" variant="soft">Making preview…</Badge>;
  if (asset.status === 'error') return <Badge color="red" variant="soft">Could not be read</Badge>;
  if (showSource && asset.source !== 'upload') return <Badge color="gray" variant="soft">{ASSET_SOURCE_LABELS[asset.source]}</Badge>;
  return null;
}

export const AssetCard = memo(function AssetCard({ asset, deleteBlockedReason, onOpen, onDownload, onDelete }: AssetItemProps) {
  return (
    <div className="asset-card" role="listitem" data-testid="asset-card" data-status={asset.status}>
      <button type="button" className="asset-card__open" onClick={() => onOpen(asset)}>
        {/* Named by hidden text, not aria-label: a text asset's tile shows its first lines, which are not its name. */}
        <span className="visually-hidden">Open {asset.name}</span>
        <span className="asset-card__media" aria-hidden="true">
          <AssetThumbnail asset={asset} />
        </span>
      </button>
      <Flex className="asset-card__body" align="start" gap="1">
        <Flex direction="column" gap="1" className="asset-card__text">
          <Text size="2" weight="medium" className="asset-ellipsis" title={asset.name}>
            {asset.name}
          </Text>
          <Text size="1" color="gray" className="asset-ellipsis">
            {assetSummary(asset)}
          </Text>
          <Flex gap="1" wrap="wrap" className="asset-card__badges">
            <StatusBadge asset={asset} />
          </Flex>
        </Flex>
        <AssetActionsMenu
          asset={asset}
          deleteBlockedReason={deleteBlockedReason}
          onOpen={() => onOpen(asset)}
          onDownload={() => onDownload(asset)}
          onDelete={() => onDelete(asset)}
        />
      </Flex>
    </div>
  );
});
