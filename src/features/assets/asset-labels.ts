/** How an asset is described in one line on a card or row ("PNG · 1,200 × 900 · 1.2 MB"). */
import type { AssetRow } from '../../db';
import { formatBytes, formatCount, formatNumber } from '../../contract/format';

/** The file format as people name it: PNG, JPEG, MP4, Word… */
export function formatName(asset: Pick<AssetRow, 'kind' | 'mimeType'>): string {
  if (asset.kind === 'text') return 'Text';
  const known: Record<string, string> = {
    'image/jpeg': 'JPEG',
    'image/svg+xml': 'SVG',
    'video/quicktime': 'MOV',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'Word',
    'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'PowerPoint',
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'Excel',
    'text/plain': 'Text file',
    'text/markdown': 'Markdown',
  };
  return known[asset.mimeType] ?? (asset.mimeType.split('/')[1] ?? asset.kind).toUpperCase();
}

export function dimensionsOf(asset: Pick<AssetRow, 'kind' | 'width' | 'height' | 'pageCount'>): string | null {
  if (asset.kind === 'pdf' && asset.pageCount) return formatCount(asset.pageCount, 'page');
  if (asset.kind === 'image' && asset.width && asset.height) return `${formatNumber(asset.width)} × ${formatNumber(asset.height)}`;
  return null;
}

export function assetSummary(asset: AssetRow): string {
  return [formatName(asset), dimensionsOf(asset), formatBytes(asset.sizeBytes)].filter(Boolean).join(' · ');
}
