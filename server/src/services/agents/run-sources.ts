/** The numbered passages a run's answer was given (docs/agents.md "Sources"). */
import type { NumberedSource } from '../../../../src/contract/citations';
import type { DbExecutor } from '../../db/database';
import { agentRuns } from '../../db/schema/index';
import { stillHeld, type HeldRun } from './runs.service';

/**
 * Saved on the run once its context is assembled, only while this attempt holds it (like every
 * write of a worker): a stop handled by another process then records the same citations as the
 * reply would have had.
 */
export async function saveRunSources(db: DbExecutor, run: HeldRun, sources: NumberedSource[]): Promise<void> {
  await db.update(agentRuns).set({ sources }).where(stillHeld(run));
}
