/** Writes what the server sent into the device's read model (Dexie): the screens read it from there. */
import { db, markSynced, type AgentModeRunRow } from '../../db';
import type { AgentModeRun, AgentModeRunDetail } from '../../contract/agent-mode';

/** Recorded when the space's run list is saved: until then an empty list on the device means "not loaded", not "no runs". */
export const RUNS_SYNC_NAME = 'agentModeRuns';

const runRow = (spaceId: string, run: AgentModeRun): AgentModeRunRow => ({ id: run.id, spaceId, createdAt: run.created_at, run });

/** The space's runs as the server listed them (newest first): runs no longer listed leave the device with their steps. */
export async function saveRunList(spaceId: string, runs: readonly AgentModeRun[]): Promise<void> {
  await db.transaction('rw', db.agentModeRuns, db.agentModeSteps, db.meta, async () => {
    const listed = new Set(runs.map((run) => run.id));
    const gone = (await db.agentModeRuns.where('spaceId').equals(spaceId).primaryKeys()).filter((id) => !listed.has(id));
    if (gone.length > 0) {
      await db.agentModeRuns.bulkDelete(gone);
      await db.agentModeSteps.where('runId').anyOf(gone).delete();
    }
    await db.agentModeRuns.bulkPut(runs.map((run) => runRow(spaceId, run)));
    await markSynced(RUNS_SYNC_NAME, spaceId);
  });
}

/** A run with its steps, replacing what the device had of it. */
export async function saveRunDetail(spaceId: string, detail: AgentModeRunDetail): Promise<void> {
  await db.transaction('rw', db.agentModeRuns, db.agentModeSteps, async () => {
    await db.agentModeRuns.put(runRow(spaceId, detail.run));
    await db.agentModeSteps.where('runId').equals(detail.run.id).delete();
    await db.agentModeSteps.bulkPut(detail.steps.map((step) => ({ id: step.id, spaceId, runId: step.run_id, position: step.position, step })));
  });
}
