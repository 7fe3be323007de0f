/**
 * The library as a list: a small picture, name, type, where it came from, tags, size, who added
 * it and when. Virtualised against the window's scroll like the grid. On a phone the columns fold
 * into two lines under the name.
 */
import { useRef } from 'react';
import { Flex, Text } from '@radix-ui/themes';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import type { AssetRow } from '../../../db';
import { ASSET_SOURCE_LABELS } from '../../../contract/assets';
import { formatBytes, formatWhen } from '../../../contract/format';
import { useNow } from '../../../pwa/use-now';
import { dimensionsOf, formatName } from '../asset-labels';
import { AssetActionsMenu } from './AssetActionsMenu';
import type { AssetItemProps } from './AssetCard';
import { StatusBadge } from './AssetCard';
import { AssetThumbnail } from './AssetThumbnail';
import { useOffsetTop } from './useContainerWidth';

const ROW_PX = 64;

interface AssetListProps extends Omit<AssetItemProps, 'asset' | 'deleteBlockedReason'> {
  assets: readonly AssetRow[];
  deleteBlockedReason(asset: AssetRow): string | null;
  layoutKey: string;
}

export function AssetList({ assets, deleteBlockedReason, onOpen, onDownload, onDelete, layoutKey }: AssetListProps) {
  const container = useRef<HTMLDivElement>(null);
  const now = useNow();
  const scrollMargin = useOffsetTop(container, [layoutKey]);
  const virtualizer = useWindowVirtualizer({ count: assets.length, estimateSize: () => ROW_PX, overscan: 10, scrollMargin });

  return (
    <div className="asset-table" data-testid="asset-list">
      <div className="asset-table__head" aria-hidden="true">
        <span />
        <Text size="1" color="gray">Name</Text>
        <Text size="1" color="gray" className="asset-col--type">Type</Text>
        <Text size="1" color="gray" className="asset-col--source">Source</Text>
        <Text size="1" color="gray" className="asset-col--size">Size</Text>
        <Text size="1" color="gray" className="asset-col--added">Added</Text>
        <span />
      </div>
      <div ref={container} role="list" aria-label="Assets" style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {virtualizer.getVirtualItems().map((item) => {
          const asset = assets[item.index]!;
          return (
            <div
              key={asset.id}
              role="listitem"
              className="asset-row"
              data-testid="asset-row"
              data-status={asset.status}
              style={{ position: 'absolute', top: 0, left: 0, width: '100%', height: ROW_PX, transform: `translateY(${item.start - virtualizer.options.scrollMargin}px)` }}
            >
              <button type="button" className="asset-row__open" onClick={() => onOpen(asset)}>
                <span className="visually-hidden">Open {asset.name}</span>
                <span aria-hidden="true">
                  <AssetThumbnail asset={asset} size="row" />
                </span>
              </button>
              <Flex direction="column" className="asset-row__name" gap="1">
                <Text size="2" weight="medium" className="asset-ellipsis" title={asset.name}>
                  {asset.name}
                </Text>
                <Flex gap="1" align="center" className="asset-row__sub">
                  {asset.tags.length > 0 ? (
                    <Text size="1" color="gray" className="asset-ellipsis">
                      {asset.tags.map((tag) => `#${tag}`).join(' ')}
                    </Text>
                  ) : null}
                  <StatusBadge asset={asset} showSource={false} />
                </Flex>
              </Flex>
              <Text size="1" color="gray" className="asset-col--type">
                {[formatName(asset), dimensionsOf(asset)].filter(Boolean).join(' · ')}
              </Text>
              <Text size="1" color="gray" className="asset-col--source">
                {ASSET_SOURCE_LABELS[asset.source]}
              </Text>
              <Text size="1" color="gray" className="asset-col--size">
                {formatBytes(asset.sizeBytes)}
              </Text>
              <Text size="1" color="gray" className="asset-col--added asset-ellipsis">
                {formatWhen(asset.createdAt, now)}
                {asset.createdByName ? ` · ${asset.createdByName}` : ''}
              </Text>
              <AssetActionsMenu
                asset={asset}
                deleteBlockedReason={deleteBlockedReason(asset)}
                onOpen={() => onOpen(asset)}
                onDownload={() => onDownload(asset)}
                onDelete={() => onDelete(asset)}
              />
            </div>
          );
        })}
      </div>
    </div>
  );
}
