/**
 * Making a run and reading runs (docs/agent-mode.md). A run is made with its plan at once (the plan
 * is Mosaic's method laid out for the chosen agents, planner.ts) and waits for the person to start
 * it; nothing is charged until a step runs. Everything is scoped to the caller's space: another
 * space's run is a 404 (nothing revealed).
 */
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { AGENT_MODE_TEXTS, writerFor, type AgentModeRunDetail, type AgentModeRunPage } from '../../../../src/contract/agent-mode';
import type { ChatMode } from '../../../../src/contract/chat';
import type { AppConfig } from '../../config';
import type { Db, DbExecutor } from '../../db/database';
import { isUuid } from '../../db/ids';
import { agentModeRuns, agentModeSteps, ga4LinkedProperties, kbDocuments } from '../../db/schema/index';
import { AppError, notFound } from '../../errors';
import { chooseModel } from '../../llm/providers';
import { readAgentSettings } from '../agents/settings.service';
import { sessionTitle } from '../agents/titles';
import { makePlan } from './planner';
import { attachableAssets } from './run-assets';
import { toDetailDto, toRunDto, type RunRow } from './serializers';

export interface NewRun {
  orgId: string;
  spaceId: string;
  userId: string;
  goal: string;
  agents: string[];
  mode: ChatMode;
  referencedDocumentIds: string[];
  assetIds: string[];
}

async function referencedDocuments(db: DbExecutor, spaceId: string, ids: string[]) {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const valid = unique.filter(isUuid);
  const rows = valid.length === 0 ? [] : await db
    .select({ id: kbDocuments.id, filename: kbDocuments.filename })
    .from(kbDocuments)
    .where(and(eq(kbDocuments.spaceId, spaceId), inArray(kbDocuments.id, valid)));
  const found = new Map(rows.map((row) => [row.id, row]));
  const missing = unique.filter((id) => !found.has(id));
  if (missing.length > 0) {
    throw new AppError(422, AGENT_MODE_TEXTS.documentMissing(missing), 'VALIDATION_ERROR', [
      { field: 'referenced_document_ids', message: AGENT_MODE_TEXTS.documentMissing(missing) },
    ]);
  }
  return unique.map((id) => found.get(id)!);
}

export async function createRun(db: Db, config: Pick<AppConfig, 'llm'>, input: NewRun): Promise<AgentModeRunDetail> {
  const documents = await referencedDocuments(db, input.spaceId, input.referencedDocumentIds);
  const attached = await attachableAssets(db, input.spaceId, input.assetIds);
  const [linked] = await db.select({ id: ga4LinkedProperties.id }).from(ga4LinkedProperties).where(eq(ga4LinkedProperties.spaceId, input.spaceId)).limit(1);
  const plan = makePlan({ goal: input.goal, agents: input.agents, mode: input.mode, analyticsLinked: Boolean(linked) });
  // The engine of the agent who writes: what the run page says carries the work out.
  const writer = writerFor(input.goal, input.agents);
  const choice = chooseModel(config.llm, await readAgentSettings(db, input.spaceId, writer));
  return db.transaction(async (tx) => {
    const [run] = await tx
      .insert(agentModeRuns)
      .values({
        orgId: input.orgId,
        spaceId: input.spaceId,
        userId: input.userId,
        // Named as a chat is when it starts, stored whole: never cut with dots (screens shorten it, if at all).
        title: sessionTitle(input.goal),
        goal: input.goal.trim(),
        agents: input.agents,
        mode: input.mode,
        referencedDocuments: documents,
        attachedAssets: attached,
        engine: `${choice.engine}/${choice.model}`,
      })
      .returning();
    const steps = await tx
      .insert(agentModeSteps)
      .values(plan.map((step, index) => ({ runId: run!.id, position: index + 1, kind: step.kind, agentSlug: step.agentSlug, title: step.title, instruction: step.instruction, credits: step.credits })))
      .returning();
    return toDetailDto(run!, steps);
  });
}

/** The run of this space, or 404 'Run not found'. */
export async function requireRun(db: DbExecutor, spaceId: string, runId: string): Promise<RunRow> {
  if (!isUuid(runId)) throw notFound(AGENT_MODE_TEXTS.runNotFound);
  const [row] = await db.select().from(agentModeRuns).where(and(eq(agentModeRuns.id, runId), eq(agentModeRuns.spaceId, spaceId)));
  if (!row) throw notFound(AGENT_MODE_TEXTS.runNotFound);
  return row;
}

export async function runDetail(db: DbExecutor, run: RunRow): Promise<AgentModeRunDetail> {
  const steps = await db.select().from(agentModeSteps).where(eq(agentModeSteps.runId, run.id)).orderBy(asc(agentModeSteps.position));
  return toDetailDto(run, steps);
}

export async function getRunDetail(db: DbExecutor, spaceId: string, runId: string): Promise<AgentModeRunDetail> {
  return runDetail(db, await requireRun(db, spaceId, runId));
}

/** The space's runs, newest first, with their deliverables (so past work reads offline). */
export async function listRuns(db: DbExecutor, spaceId: string, options: { limit: number; offset: number }): Promise<AgentModeRunPage> {
  const rows = await db
    .select()
    .from(agentModeRuns)
    .where(eq(agentModeRuns.spaceId, spaceId))
    .orderBy(desc(agentModeRuns.createdAt), desc(agentModeRuns.id))
    .limit(options.limit + 1)
    .offset(options.offset);
  const page = rows.slice(0, options.limit);
  const ids = page.map((row) => row.id);
  // Only what the summaries count: a step's output can be long and the list does not show it.
  const steps =
    ids.length === 0
      ? []
      : await db
          .select({
            id: agentModeSteps.id,
            runId: agentModeSteps.runId,
            position: agentModeSteps.position,
            status: agentModeSteps.status,
            credits: agentModeSteps.credits,
            transactionId: agentModeSteps.transactionId,
            refunded: agentModeSteps.refunded,
          })
          .from(agentModeSteps)
          .where(inArray(agentModeSteps.runId, ids));
  const byRun = new Map<string, typeof steps>();
  for (const step of steps) byRun.set(step.runId, [...(byRun.get(step.runId) ?? []), step]);
  return { runs: page.map((row) => toRunDto(row, byRun.get(row.id) ?? [])), has_more: rows.length > options.limit };
}
