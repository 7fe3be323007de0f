/** Agent Mode rows as the API answers them (src/contract/agent-mode.ts). */
import type { AgentModeRun, AgentModeRunDetail, AgentModeStep } from '../../../../src/contract/agent-mode';
import type { agentModeRuns, agentModeSteps } from '../../db/schema/index';

export type RunRow = typeof agentModeRuns.$inferSelect;
export type StepRow = typeof agentModeSteps.$inferSelect;

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function toStepDto(step: StepRow): AgentModeStep {
  return {
    id: step.id,
    run_id: step.runId,
    position: step.position,
    kind: step.kind,
    agent_slug: step.agentSlug,
    title: step.title,
    instruction: step.instruction,
    status: step.status,
    output: step.output,
    question: step.question,
    answer: step.answer,
    error: step.error,
    credits: step.credits,
    charged: step.transactionId !== null,
    refunded: step.refunded,
    activity: step.activity,
    started_at: iso(step.startedAt),
    finished_at: iso(step.finishedAt),
  };
}

/** What a run's summary counts of its steps. */
export type StepCounts = Pick<StepRow, 'id' | 'status' | 'credits' | 'transactionId' | 'refunded'>;

export function toRunDto(run: RunRow, steps: readonly StepCounts[]): AgentModeRun {
  const current = steps.find((step) => step.status === 'running' || step.status === 'waiting');
  return {
    id: run.id,
    title: run.title,
    goal: run.goal,
    agents: run.agents,
    mode: run.mode,
    status: run.status,
    pause_reason: run.pauseReason,
    pause_requested: run.pauseRequested,
    status_message: run.statusMessage,
    referenced_documents: run.referencedDocuments,
    attached_assets: run.attachedAssets,
    estimate_credits: steps.reduce((sum, step) => sum + step.credits, 0),
    credits_charged: steps.reduce((sum, step) => sum + (step.transactionId && !step.refunded ? step.credits : 0), 0),
    step_count: steps.length,
    steps_done: steps.filter((step) => step.status === 'succeeded').length,
    current_step_id: current?.id ?? null,
    deliverable: run.deliverable,
    engine: run.engine,
    started_by: run.userId,
    created_at: run.createdAt.toISOString(),
    updated_at: run.updatedAt.toISOString(),
    started_at: iso(run.startedAt),
    finished_at: iso(run.finishedAt),
  };
}

export function toDetailDto(run: RunRow, steps: readonly StepRow[]): AgentModeRunDetail {
  const ordered = [...steps].sort((a, b) => a.position - b.position);
  return { run: toRunDto(run, ordered), steps: ordered.map(toStepDto) };
}
