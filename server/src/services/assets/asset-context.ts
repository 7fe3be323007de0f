/**
 * Assets attached to a chat message (or an Agent Mode goal), as material the agent answers from:
 * a text asset's Markdown, a document's or PDF's text, an image's or video's name, size,
 * description and tags (docs/assets.md "Attaching assets"). Only the caller's space's assets.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { MAX_ATTACHED_ASSETS } from '../../../../src/contract/asset-types';
import type { DbExecutor } from '../../db/database';
import { isUuid } from '../../db/ids';
import { assets, type AssetRow } from '../../db/schema/index';
import { AppError } from '../../errors';
import type { GroundingPassage } from '../../llm/offline/engine';

/** Attachments per message (shared with the client and Agent Mode goals). */
export { MAX_ATTACHED_ASSETS };
/** Characters of one attached text given to the agent (a long deliverable is cut, not dropped). */
const TEXT_PER_ASSET = 8_000;

export const ATTACHMENT_GONE = 'An attached asset is no longer in Creative Assets. Remove it from the message and send it again.';

function describe(row: AssetRow): string {
  const what = row.kind === 'video' ? 'Video' : row.kind === 'image' ? 'Image' : row.kind === 'pdf' ? 'PDF' : 'Document';
  const size = row.width && row.height ? ` (${row.width} × ${row.height}${row.kind === 'pdf' ? ' pt' : ' px'}${row.pageCount ? `, ${row.pageCount} pages` : ''})` : '';
  const parts = [`${what} asset "${row.name}"${size}.`];
  if (row.description) parts.push(`Description: ${row.description}`);
  if (row.tags.length > 0) parts.push(`Tags: ${row.tags.join(', ')}.`);
  return parts.join(' ');
}

function passageOf(row: AssetRow): GroundingPassage {
  const text = row.content?.trim();
  const passage = text ? `${row.kind === 'text' ? '' : `${describe(row)}\n`}${text.length > TEXT_PER_ASSET ? `${text.slice(0, TEXT_PER_ASSET)}…` : text}` : describe(row);
  return { passage, document_id: row.id, ordinal: 0, filename: row.name, score: 1 };
}

/** The attached assets as passages, in the order attached; 422 when one is not (or no longer) in the space. */
export async function attachedAssetPassages(db: DbExecutor, spaceId: string, assetIds: readonly string[]): Promise<GroundingPassage[]> {
  const wanted = [...new Set(assetIds)];
  if (wanted.length === 0) return [];
  if (wanted.some((id) => !isUuid(id))) throw new AppError(422, ATTACHMENT_GONE, 'ASSET_NOT_FOUND');
  const rows = await db.select().from(assets).where(and(eq(assets.spaceId, spaceId), inArray(assets.id, wanted)));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return wanted.flatMap((id) => {
    const row = byId.get(id);
    return row ? [passageOf(row)] : [];
  });
}

/** Refuses a send whose attachments are not all assets of the space (checked when the message is accepted). */
export async function requireAttachableAssets(db: DbExecutor, spaceId: string, assetIds: readonly string[]): Promise<void> {
  const wanted = [...new Set(assetIds)];
  if (wanted.length === 0) return;
  const found = wanted.every((id) => isUuid(id)) ? await db.select({ id: assets.id }).from(assets).where(and(eq(assets.spaceId, spaceId), inArray(assets.id, wanted))) : [];
  if (found.length !== wanted.length) throw new AppError(422, ATTACHMENT_GONE, 'ASSET_NOT_FOUND');
}
