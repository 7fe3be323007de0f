/**
 * A finished run's deliverable, for whatever keeps it beyond the run (saving it as a Creative
 * Asset is one call to this): the title, the Markdown and the run it came from.
 */
import { and, eq } from 'drizzle-orm';
import type { DbExecutor } from '../../db/database';
import { isUuid } from '../../db/ids';
import { agentModeRuns } from '../../db/schema/index';
import { createTextAsset } from '../assets/text-assets.service';

export interface FinishedDeliverable {
  runId: string;
  orgId: string;
  spaceId: string;
  /** The run's title (its goal's first line). */
  title: string;
  markdown: string;
  goal: string;
  agents: string[];
  /** Who started the run (null when that account is gone). */
  startedBy: string | null;
  finishedAt: Date;
}

/** The deliverable of a run of this space that finished with one; null otherwise (not finished, failed, nothing written, another space). */
export async function finishedDeliverable(db: DbExecutor, spaceId: string, runId: string): Promise<FinishedDeliverable | null> {
  if (!isUuid(runId) || !isUuid(spaceId)) return null;
  const [run] = await db.select().from(agentModeRuns).where(and(eq(agentModeRuns.id, runId), eq(agentModeRuns.spaceId, spaceId)));
  if (!run || run.status !== 'succeeded' || run.deliverable.trim() === '' || !run.finishedAt) return null;
  return {
    runId: run.id,
    orgId: run.orgId,
    spaceId: run.spaceId,
    title: run.title,
    markdown: run.deliverable,
    goal: run.goal,
    agents: run.agents,
    startedBy: run.userId,
    finishedAt: run.finishedAt,
  };
}

/**
 * Keeps a finished run's deliverable in Creative Assets (a text asset, source 'agent_mode', linked
 * to the run). Idempotent: a job retried after saving it finds the same asset (same content).
 * Answers the asset's id, or null when the run has no deliverable to keep.
 */
export async function saveDeliverableAsAsset(db: DbExecutor, runId: string): Promise<string | null> {
  if (!isUuid(runId)) return null;
  const [run] = await db.select({ spaceId: agentModeRuns.spaceId }).from(agentModeRuns).where(eq(agentModeRuns.id, runId));
  const deliverable = run ? await finishedDeliverable(db, run.spaceId, runId) : null;
  if (!deliverable) return null;
  const asset = await createTextAsset(db, {
    spaceId: deliverable.spaceId,
    createdBy: deliverable.startedBy,
    name: deliverable.title,
    content: deliverable.markdown,
    source: 'agent_mode',
    sourceRef: deliverable.runId,
    onDuplicate: 'return-existing',
  });
  return asset.id;
}
