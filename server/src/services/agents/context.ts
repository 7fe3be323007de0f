/**
 * Assembles what an agent answers from: brand voice, the documents the user referenced, brand
 * documents, knowledge passages (k by mode, spec 001 §9: normal 5, medium 10, max 15) restricted to
 * the documents the agent may use, and analytics when connected.
 */
import type { AgentDefinition } from '../../agents/types';
import type { DbExecutor } from '../../db/database';
import type { AgentRunRequest } from '../../db/schema/index';
import type { AnalyticsSnapshot, GroundingPassage } from '../../llm/offline/engine';
import { searchKnowledge } from '../knowledge/search';
import { getBrandVoice } from '../settings/brand-voice.service';
import { allowedDocumentIds } from './documents.service';

export interface AgentContext {
  brandVoice: string;
  brandPassages: GroundingPassage[];
  referencedPassages: GroundingPassage[];
  knowledgePassages: GroundingPassage[];
  analytics: AnalyticsSnapshot | null;
}

/** Brand documents are consulted for tone, so a few passages are enough whatever the mode. */
const BRAND_PASSAGES = 3;

export async function assembleContext(
  db: DbExecutor,
  input: { spaceId: string; orgId: string; agent: AgentDefinition; message: string; request: AgentRunRequest },
): Promise<AgentContext> {
  const { agent, message, request, spaceId } = input;
  const usesKnowledge = agent.tools.includes('knowledge_search');
  const allowed = usesKnowledge ? await allowedDocumentIds(db, spaceId, agent.slug) : [];
  const allowedSet = new Set(allowed);
  // Documents the user pointed at explicitly are honoured only if the agent may use them.
  const referenced = request.referencedDocumentIds.filter((id) => allowedSet.has(id));
  const brandDocs = request.brandDocumentIds.filter((id) => allowedSet.has(id));

  const [referencedPassages, brandPassages, knowledgePassages, brandVoice] = await Promise.all([
    referenced.length > 0 ? search(db, spaceId, message, request.kRefDocs, referenced) : [],
    brandDocs.length > 0 ? search(db, spaceId, `brand voice tone style ${message}`, BRAND_PASSAGES, brandDocs) : [],
    usesKnowledge && allowed.length > 0 ? search(db, spaceId, message, request.kKnowledge, allowed) : [],
    // A brand voice sent with the message wins (spec 001 §7 payload); otherwise the organisation's.
    request.brandVoice?.trim() || getBrandVoice(db, input.orgId).then((voice) => voice.content),
  ]);

  const seen = new Set(referencedPassages.map(passageKey));
  return {
    brandVoice,
    brandPassages,
    referencedPassages,
    // A passage already shown as a referenced document is not repeated.
    knowledgePassages: knowledgePassages.filter((passage) => !seen.has(passageKey(passage))),
    analytics: agent.tools.includes('analytics_report') ? await loadAnalytics(spaceId) : null,
  };
}

async function search(db: DbExecutor, spaceId: string, query: string, k: number, documentIds: string[]): Promise<GroundingPassage[]> {
  const contexts = await searchKnowledge(db, { spaceId, query, k, documentIds });
  return contexts.map(({ passage, document_id, filename, score }) => ({ passage, document_id, filename, score }));
}

function passageKey(passage: GroundingPassage): string {
  return `${passage.document_id}:${passage.passage.slice(0, 80)}`;
}

/**
 * Analytics for the agents that use them. The GA4 integration is not built yet, so no space has a
 * connected property; when it lands, this reads its dashboard metrics for the last 28 days.
 */
async function loadAnalytics(_spaceId: string): Promise<AnalyticsSnapshot | null> {
  return null;
}
