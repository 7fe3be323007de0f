/**
 * What a step works from (docs/agent-mode.md "Steps"): its agent, the run's writer, the knowledge
 * passages (the documents the agent may use, and the documents the goal refers to first), the
 * creative assets the goal carries, the brand voice, the figures, the earlier steps' outputs and the
 * person's answers. A step whose agent is gone, or that reads material while a document the goal
 * refers to or an asset it carries was deleted, fails with the reason.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { researchDepth, writerFor, AGENT_MODE_TEXTS, type StepKind } from '../../../../src/contract/agent-mode';
import { findAgent, type AgentDefinition } from '../../agents/index';
import type { DbExecutor } from '../../db/database';
import { kbDocuments } from '../../db/schema/index';
import type { AnalyticsSnapshot, GroundingPassage } from '../../llm/offline/types';
import { LlmError } from '../../llm/types';
import type { AnalyticsLoader } from '../agents/analytics';
import { allowedDocumentIds } from '../agents/documents.service';
import { searchKnowledge } from '../knowledge/search';
import { attachedAssetPassages } from '../assets/asset-context';
import type { SemanticIndex } from '../knowledge/semantic-index';
import { getBrandVoice } from '../settings/brand-voice.service';
import type { RunRow, StepRow } from './serializers';

/** Steps that read the knowledge base and the attached assets (and so need the documents and assets the goal names). */
const READS_MATERIAL: readonly StepKind[] = ['research', 'brief', 'draft'];
/** Steps that use the figures when their agent may read them. */
const USES_FIGURES: readonly StepKind[] = ['analytics', 'brief', 'draft'];
/** An earlier step's output given to a later one is cut here (a model's context is not free). */
export const PREVIOUS_OUTPUT_MAX_CHARS = 6_000;

export interface StepContext {
  agent: AgentDefinition;
  writer: AgentDefinition;
  /** Searches the knowledge base the way this step may (its agent's documents, referenced ones first). */
  search: (query: string) => Promise<GroundingPassage[]>;
  /** The assets the goal carries, as material (a text asset's words, else what the asset is); empty for other steps. */
  assets: GroundingPassage[];
  brandVoice: string;
  analytics: AnalyticsSnapshot | null;
  analyticsUnavailable: boolean;
  previous: { kind: StepKind; title: string; output: string }[];
  answers: string[];
}

export interface StepContextDeps {
  db: DbExecutor;
  analytics: AnalyticsLoader;
  semanticIndex: SemanticIndex | null;
}

/** A step that cannot run whatever the retries: it fails, refunded, with this reason. */
export class StepCannotRun extends LlmError {
  constructor(message: string) {
    super(message, false);
  }
}

async function missingDocument(db: DbExecutor, run: RunRow): Promise<string | null> {
  const referenced = run.referencedDocuments;
  if (referenced.length === 0) return null;
  const rows = await db
    .select({ id: kbDocuments.id })
    .from(kbDocuments)
    .where(and(eq(kbDocuments.spaceId, run.spaceId), inArray(kbDocuments.id, referenced.map((doc) => doc.id))));
  const present = new Set(rows.map((row) => row.id));
  return referenced.find((doc) => !present.has(doc.id))?.filename ?? null;
}

/** The carried assets for a step that reads them; a deleted one stops the step with its name. */
async function carriedAssets(db: DbExecutor, run: RunRow): Promise<GroundingPassage[]> {
  if (run.attachedAssets.length === 0) return [];
  const passages = await attachedAssetPassages(db, run.spaceId, run.attachedAssets.map((asset) => asset.id));
  const present = new Set(passages.map((passage) => passage.document_id));
  const gone = run.attachedAssets.find((asset) => !present.has(asset.id));
  if (gone) throw new StepCannotRun(AGENT_MODE_TEXTS.assetGone(gone.name));
  return passages;
}

export async function stepContext(deps: StepContextDeps, run: RunRow, step: StepRow, steps: readonly StepRow[]): Promise<StepContext> {
  const agent = findAgent(step.agentSlug);
  if (!agent) throw new StepCannotRun(AGENT_MODE_TEXTS.agentGone(step.agentSlug));
  const readsMaterial = READS_MATERIAL.includes(step.kind);
  if (readsMaterial) {
    const gone = await missingDocument(deps.db, run);
    if (gone) throw new StepCannotRun(AGENT_MODE_TEXTS.documentGone(gone));
  }
  const assets = readsMaterial ? await carriedAssets(deps.db, run) : [];
  const writer = findAgent(writerFor(run.goal, run.agents)) ?? agent;
  const k = researchDepth(run.mode);
  const usesKnowledge = agent.tools.includes('knowledge_search');
  const allowed = usesKnowledge ? await allowedDocumentIds(deps.db, run.spaceId, agent.slug) : [];
  const referenced = run.referencedDocuments.map((doc) => doc.id);
  const searchIn = (query: string, documentIds: string[]) =>
    documentIds.length === 0 ? Promise.resolve([]) : searchKnowledge(deps.db, { spaceId: run.spaceId, query, k, documentIds }, deps.semanticIndex);
  const search = async (query: string): Promise<GroundingPassage[]> => {
    // Documents the person pointed at come first; then the rest the agent may use, without repeats.
    const [pointed, general] = await Promise.all([searchIn(query, referenced), searchIn(query, allowed.filter((id) => !referenced.includes(id)))]);
    return [...pointed, ...general].slice(0, k + referenced.length).map(({ passage, document_id, ordinal, filename, score }) => ({ passage, document_id, ordinal, filename, score }));
  };
  const readsFigures = USES_FIGURES.includes(step.kind) && agent.tools.includes('analytics_report');
  const [brandVoice, figures] = await Promise.all([
    getBrandVoice(deps.db, run.orgId).then((voice) => voice.content),
    readsFigures ? deps.analytics.lookup(run.spaceId) : Promise.resolve({ status: 'not-connected' as const }),
  ]);
  const before = steps.filter((other) => other.position < step.position);
  return {
    agent,
    writer,
    search,
    assets,
    brandVoice,
    analytics: figures.status === 'ready' ? figures.snapshot : null,
    analyticsUnavailable: figures.status === 'unavailable',
    previous: before
      .filter((other) => other.status === 'succeeded')
      .map((other) => ({ kind: other.kind, title: other.title, output: other.output.slice(0, PREVIOUS_OUTPUT_MAX_CHARS) })),
    answers: [...before, step].map((other) => other.answer).filter((answer): answer is string => Boolean(answer)),
  };
}
