/**
 * The library as a grid of cards, virtualised by rows against the window's scroll: only the rows in
 * view (plus a margin) are in the page, so 2,000 assets open and scroll like 20. Columns follow the
 * width: cards at least 200 px wide (160 px on a phone, two abreast).
 */
import { useRef } from 'react';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import type { AssetRow } from '../../../db';
import { AssetCard, type AssetItemProps } from './AssetCard';
import { useContainerWidth, useOffsetTop } from './useContainerWidth';

const GAP_PX = 16;
/** The card's text under the picture (name, one line, a badge). */
const CARD_TEXT_PX = 84;
const OVERSCAN_ROWS = 3;

export function columnsFor(width: number): number {
  const min = width < 520 ? 150 : 200;
  return Math.max(2, Math.floor((width + GAP_PX) / (min + GAP_PX)));
}

interface AssetGridProps extends Omit<AssetItemProps, 'asset' | 'deleteBlockedReason'> {
  assets: readonly AssetRow[];
  deleteBlockedReason(asset: AssetRow): string | null;
  /** Changes when content above the grid changes height (the upload panel), so its offset is re-measured. */
  layoutKey: string;
}

export function AssetGrid({ assets, deleteBlockedReason, onOpen, onDownload, onDelete, layoutKey }: AssetGridProps) {
  const container = useRef<HTMLDivElement>(null);
  const width = useContainerWidth(container);
  const columns = columnsFor(width || 1024);
  const cardWidth = ((width || 1024) - GAP_PX * (columns - 1)) / columns;
  const rowHeight = Math.round(cardWidth * 0.75 + CARD_TEXT_PX + GAP_PX);
  const rows = Math.ceil(assets.length / columns);
  const scrollMargin = useOffsetTop(container, [layoutKey, width]);
  const virtualizer = useWindowVirtualizer({
    count: rows,
    estimateSize: () => rowHeight,
    overscan: OVERSCAN_ROWS,
    scrollMargin,
  });

  return (
    <div ref={container} className="asset-grid" role="list" aria-label="Assets" data-testid="asset-grid" style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
      {virtualizer.getVirtualItems().map((row) => (
        <div
          key={row.key}
          className="asset-grid__row"
          style={{
            position: 'absolute',
            top: 0,
            left: 0,
            width: '100%',
            height: rowHeight - GAP_PX,
            transform: `translateY(${row.start - virtualizer.options.scrollMargin}px)`,
            gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
          }}
        >
          {assets.slice(row.index * columns, row.index * columns + columns).map((asset) => (
            <AssetCard key={asset.id} asset={asset} deleteBlockedReason={deleteBlockedReason(asset)} onOpen={onOpen} onDownload={onDownload} onDelete={onDelete} />
          ))}
        </div>
      ))}
    </div>
  );
}
