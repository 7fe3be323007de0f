/**
 * Assembles what an agent answers from: brand voice, the documents the user referenced, brand
 * documents, knowledge passages (k by mode, spec 001 §9: normal 5, medium 10, max 15) restricted to
 * the documents the agent may use, and, for agents with the analytics tool, the space's analytics
 * snapshot (analytics.ts).
 */
import { and, asc, eq, inArray, lt } from 'drizzle-orm';
import type { NumberedSource } from '../../../../src/contract/citations';
import type { AgentDefinition } from '../../agents/types';
import type { DbExecutor } from '../../db/database';
import { kbDocuments, kbPassages, type AgentRunRequest } from '../../db/schema/index';
import type { AnalyticsSnapshot, GroundingPassage } from '../../llm/offline/engine';
import { attachedAssetPassages } from '../assets/asset-context';
import { searchKnowledge } from '../knowledge/search';
import type { SemanticIndex } from '../knowledge/semantic-index';
import { getBrandVoice } from '../settings/brand-voice.service';
import type { AnalyticsLoader, AnalyticsLookup } from './analytics';
import { allowedDocumentIds } from './documents.service';

export interface AgentContext {
  brandVoice: string;
  /** Creative assets the user attached to the message (their text, or what they are). */
  attachedPassages: GroundingPassage[];
  brandPassages: GroundingPassage[];
  referencedPassages: GroundingPassage[];
  knowledgePassages: GroundingPassage[];
  /**
   * Every passage above, numbered in the order the answer sees them (referenced, brand, then
   * knowledge): [n] in the prompt, in the offline answer and in the reply's citations.
   */
  sources: NumberedSource[];
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

  const [attachedPassages, referencedPassages, brandPassages, knowledgePassages, brandVoice, analytics] = await Promise.all([
    // An asset deleted since the message was sent is simply left out.
    attachedAssetPassages(db, spaceId, request.assetIds ?? []).catch(() => []),
    referenced.length > 0 ? search(message, request.kRefDocs, referenced).then((found) => withEveryDocument(db, found, referenced, request.kRefDocs)) : [],
    brandDocs.length > 0
      ? search(`brand voice tone style ${message}`, BRAND_PASSAGES, brandDocs).then((found) => withEveryDocument(db, found, brandDocs, BRAND_PASSAGES))
      : [],
    usesKnowledge && allowed.length > 0 ? search(message, request.kKnowledge, allowed) : [],
    // A brand voice sent with the message wins (spec 001 §7 payload); otherwise the organisation's.
    request.brandVoice?.trim() || getBrandVoice(db, input.orgId).then((voice) => voice.content),
    analyticsLookup,
  ]);

  // A passage already given as a referenced or brand document is not repeated.
  const seen = new Set([...referencedPassages, ...brandPassages].map(passageKey));
  const freshKnowledge = knowledgePassages.filter((passage) => !seen.has(passageKey(passage)));
  return {
    brandVoice,
    attachedPassages,
    brandPassages,
    referencedPassages,
    knowledgePassages: freshKnowledge,
    sources: numberSources([...referencedPassages, ...brandPassages, ...freshKnowledge]),
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
  return contexts.map(({ passage, document_id, ordinal, filename, score }) => ({ passage, document_id, ordinal, filename, score }));
}

/** How many opening passages stand in for a chosen document the search found nothing in. */
const OPENING_PASSAGES = 2;

/**
 * A document the user chose is read even when the question shares no words with it ("summarise
 * this", "is this on brand?"): each chosen document the search found nothing in contributes its
 * opening passages, within the same overall budget.
 */
async function withEveryDocument(db: DbExecutor, found: GroundingPassage[], documentIds: string[], budget: number): Promise<GroundingPassage[]> {
  const covered = new Set(found.map((passage) => passage.document_id));
  const missing = documentIds.filter((id) => !covered.has(id));
  if (missing.length === 0) return found;
  const room = Math.max(budget - found.length, missing.length);
  const perDocument = Math.max(1, Math.min(OPENING_PASSAGES, Math.floor(room / missing.length)));
  const rows = await db
    .select({ document_id: kbPassages.documentId, ordinal: kbPassages.ordinal, passage: kbPassages.content, filename: kbDocuments.filename })
    .from(kbPassages)
    .innerJoin(kbDocuments, eq(kbDocuments.id, kbPassages.documentId))
    // A document still being processed has some of its passages written already: not yet readable.
    .where(and(inArray(kbPassages.documentId, missing), eq(kbDocuments.status, 'ready'), lt(kbPassages.ordinal, perDocument)))
    .orderBy(asc(kbPassages.documentId), asc(kbPassages.ordinal));
  // Keep the order the user chose the documents in.
  const opening = rows.sort((a, b) => documentIds.indexOf(a.document_id) - documentIds.indexOf(b.document_id) || a.ordinal - b.ordinal);
  return [...found, ...opening.map((row) => ({ ...row, score: 0 }))];
}

function numberSources(passages: GroundingPassage[]): NumberedSource[] {
  return passages.map((passage, index) => ({
    n: index + 1,
    document_id: passage.document_id,
    filename: passage.filename,
    passage: passage.ordinal,
    text: passage.passage,
  }));
}

function passageKey(passage: GroundingPassage): string {
  return `${passage.document_id}:${passage.ordinal}`;
}
