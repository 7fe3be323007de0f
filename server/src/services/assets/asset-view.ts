/** An asset as the API sends it (src/contract/assets.ts assetSchema). */
import { ASSET_LIMITS, type Asset, type AssetDetail } from '../../../../src/contract/assets';
import type { AssetRow } from '../../db/schema/index';

/** What a row needs besides itself: its collections and who added it. */
export interface AssetExtras {
  collectionIds: readonly string[];
  creatorName: string | null;
}

/** Markdown as plain words: headings, emphasis, code marks, list bullets and link targets dropped. */
function plainText(markdown: string): string {
  return markdown
    .replace(/^\s{0,3}#{1,6}\s+/gm, '')
    .replace(/^\s*[-*+]\s+/gm, '')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/(\*\*|__|\*|_|`)/g, '');
}

/** The first characters of a text as plain words, cut on a word boundary (the card and the device's search read it). */
export function excerptOf(content: string | null): string | null {
  if (!content) return null;
  const flat = plainText(content).replace(/\s+/g, ' ').trim();
  if (flat.length <= ASSET_LIMITS.excerptLength) return flat || null;
  const cut = flat.slice(0, ASSET_LIMITS.excerptLength);
  const space = cut.lastIndexOf(' ');
  return `${(space > ASSET_LIMITS.excerptLength * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

export function toAssetView(row: AssetRow, extras: AssetExtras): Asset {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    mime_type: row.mimeType,
    size_bytes: row.sizeBytes,
    hash: row.hash,
    source: row.source,
    source_ref: row.sourceRef,
    status: row.status,
    error_message: row.errorMessage,
    description: row.description,
    tags: row.tags,
    collection_ids: [...extras.collectionIds],
    width: row.width,
    height: row.height,
    page_count: row.pageCount,
    thumbnail_version: row.thumbnailPath ? row.thumbnailVersion : null,
    excerpt: excerptOf(row.content),
    created_by: row.createdBy,
    created_by_name: extras.creatorName,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function toAssetDetail(row: AssetRow, extras: AssetExtras): AssetDetail {
  return { ...toAssetView(row, extras), content: row.content };
}
