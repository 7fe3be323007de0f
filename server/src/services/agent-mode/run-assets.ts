/**
 * Creative assets a goal carries (docs/agent-mode.md "Attached assets"): checked when the run is
 * made, and read by the steps that work from material (research, brief, draft). Only the caller's
 * space's assets, and only usable ones: ready, and with their text when they are text assets; the
 * rest are refused with a 422 naming `asset_ids`, so the plan never rests on something it cannot read.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { AGENT_MODE_TEXTS, type AttachedAsset } from '../../../../src/contract/agent-mode';
import type { DbExecutor } from '../../db/database';
import { isUuid } from '../../db/ids';
import { assets } from '../../db/schema/index';
import { AppError } from '../../errors';

const refuse = (message: string) => new AppError(422, message, 'VALIDATION_ERROR', [{ field: 'asset_ids', message }]);

/** The assets as the run keeps them, in the order attached (repeats dropped); 422 when one is not usable. */
export async function attachableAssets(db: DbExecutor, spaceId: string, ids: readonly string[]): Promise<AttachedAsset[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const valid = unique.filter(isUuid);
  const rows =
    valid.length === 0
      ? []
      : await db
          .select({ id: assets.id, name: assets.name, kind: assets.kind, status: assets.status, content: assets.content })
          .from(assets)
          .where(and(eq(assets.spaceId, spaceId), inArray(assets.id, valid)));
  const found = new Map(rows.map((row) => [row.id, row]));
  // Another space's asset reads as missing: nothing about it is revealed.
  const missing = unique.filter((id) => !found.has(id));
  if (missing.length > 0) throw refuse(AGENT_MODE_TEXTS.assetsMissing(missing));
  const unusable = rows.filter((row) => row.status !== 'ready' || (row.kind === 'text' && !row.content?.trim()));
  if (unusable.length > 0) throw refuse(AGENT_MODE_TEXTS.assetsNotReady(unusable.map((row) => row.name)));
  return unique.map((id) => {
    const row = found.get(id)!;
    return { id: row.id, name: row.name, kind: row.kind };
  });
}
