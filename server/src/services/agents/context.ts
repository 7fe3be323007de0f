/**
 * Assembles what an agent answers from: brand voice, the documents the user referenced, brand
 * documents, knowledge passages (k by mode, spec 001 §9: normal 5, medium 10, max 15) restricted to
 * the documents the agent may use, and, for agents with the analytics tool, the space's analytics
 * snapshot (analytics.ts).
 */
import type { AgentDefinition } from '../../agents/types';
import type { DbExecutor } from '../../db/database';
import type { AgentRunRequest } from '../../db/schema/index';
import type { AnalyticsSnapshot, GroundingPassage } from '../../llm/offline/engine';
import { searchKnowledge } from '../knowledge/search';
import type { SemanticIndex } from '../knowledge/semantic-index';
import { getBrandVoice } from '../settings/brand-voice.service';
import type { AnalyticsLoader, AnalyticsLookup } from './analytics';
import { allowedDocumentIds } from './documents.service';

export interface AgentContext {
  brandVoice: string;
  brandPassages: GroundingPassage[];
  referencedPassages: GroundingPassage[];
  knowledgePassages: GroundingPassage[];
  analytics: AnalyticsSnapshot | null;
  /** A property is linked but its figures could not be read for this run (the answer says so). */
  analyticsUnavailable: boolean;
}

/** Brand documents are consulted for tone, so a few passages are enough whatever the mode. */
const BRAND_PASSAGES = 3;

export async function assembleContext(
  db: DbExecutor,
  input: {
    spaceId: string;
    orgId: string;
    agent: AgentDefinition;
    message: string;
    request: AgentRunRequest;
    analytics: AnalyticsLoader;
    /** Hybrid search when set up at start; null → full-text. */
    semanticIndex: SemanticIndex | null;
  },
): Promise<AgentContext> {
  const { agent, message, request, spaceId } = input;
  const search = (query: string, k: number, documentIds: string[]) => searchPassages(db, input.semanticIndex, { spaceId, query, k, documentIds });
  // One snapshot per run, read alongside the rest; never a reason for the run to fail (the loader says 'unavailable').
  const analyticsLookup: Promise<AnalyticsLookup> = agent.tools.includes('analytics_report')
    ? input.analytics.lookup(spaceId)
    : Promise.resolve({ status: 'not-connected' });
  const usesKnowledge = agent.tools.includes('knowledge_search');
  const allowed = usesKnowledge ? await allowedDocumentIds(db, spaceId, agent.slug) : [];
  const allowedSet = new Set(allowed);
  // Documents the user pointed at explicitly are honoured only if the agent may use them.
  const referenced = request.referencedDocumentIds.filter((id) => allowedSet.has(id));
  const brandDocs = request.brandDocumentIds.filter((id) => allowedSet.has(id));

  const [referencedPassages, brandPassages, knowledgePassages, brandVoice, analytics] = await Promise.all([
    referenced.length > 0 ? search(message, request.kRefDocs, referenced) : [],
    brandDocs.length > 0 ? search(`brand voice tone style ${message}`, BRAND_PASSAGES, brandDocs) : [],
    usesKnowledge && allowed.length > 0 ? search(message, request.kKnowledge, allowed) : [],
    // A brand voice sent with the message wins (spec 001 §7 payload); otherwise the organisation's.
    request.brandVoice?.trim() || getBrandVoice(db, input.orgId).then((voice) => voice.content),
    analyticsLookup,
  ]);

  const seen = new Set(referencedPassages.map(passageKey));
  return {
    brandVoice,
    brandPassages,
    referencedPassages,
    // A passage already shown as a referenced document is not repeated.
    knowledgePassages: knowledgePassages.filter((passage) => !seen.has(passageKey(passage))),
    analytics: analytics.status === 'ready' ? analytics.snapshot : null,
    analyticsUnavailable: analytics.status === 'unavailable',
  };
}

async function searchPassages(
  db: DbExecutor,
  semanticIndex: SemanticIndex | null,
  input: { spaceId: string; query: string; k: number; documentIds: string[] },
): Promise<GroundingPassage[]> {
  const contexts = await searchKnowledge(db, input, semanticIndex);
  return contexts.map(({ passage, document_id, filename, score }) => ({ passage, document_id, filename, score }));
}

function passageKey(passage: GroundingPassage): string {
  return `${passage.document_id}:${passage.passage.slice(0, 80)}`;
}
