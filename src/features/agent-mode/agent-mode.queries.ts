/** Dexie reads for Agent Mode (live: they update when a fetch or the run's stream writes). */
import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '../../db';
import type { AgentModeRun, AgentModeStep } from '../../contract/agent-mode';

/** The space's runs, newest first. */
export function useRuns(spaceId: string | null): AgentModeRun[] | undefined {
  return useLiveQuery(async () => {
    if (!spaceId) return [];
    const rows = await db.agentModeRuns.where('[spaceId+createdAt]').between([spaceId, ''], [spaceId, '\uffff']).reverse().toArray();
    return rows.map((row) => row.run);
  }, [spaceId]);
}

/** A run as last seen; null when the device has none (undefined while reading). */
export function useRun(runId: string | null): AgentModeRun | null | undefined {
  return useLiveQuery(async () => (runId ? ((await db.agentModeRuns.get(runId))?.run ?? null) : null), [runId]);
}

/** A run's steps in plan order. */
export function useRunSteps(runId: string | null): AgentModeStep[] | undefined {
  return useLiveQuery(async () => {
    if (!runId) return [];
    const rows = await db.agentModeSteps.where('runId').equals(runId).toArray();
    return rows.sort((a, b) => a.position - b.position).map((row) => row.step);
  }, [runId]);
}
