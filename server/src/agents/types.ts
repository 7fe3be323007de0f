/**
 * What an agent is: a persona with its own instructions, the shape its answers take, and the tools
 * it may use. The runner (services/agents) turns this into a model prompt; the offline engine
 * (llm/offline) uses the same template to shape its grounded answer, so both paths agree.
 */
import type { AgentSlug } from '../../../src/contract/agent-names';

/** Tools an agent may draw on while answering. */
export type AgentTool =
  /** Passages from the space's knowledge base (full-text search, restricted to allowed documents). */
  | 'knowledge_search'
  /** The space's web-analytics figures, when an analytics property is connected. */
  | 'analytics_report';

/** One section of an agent's answer, in order. */
export interface TemplateSection {
  heading: string;
  /** What belongs in this section; given to the model and used by the offline engine. */
  guidance: string;
  /**
   * How the offline engine fills the section from the material it has:
   * - summary: a short statement grounded in the top passages
   * - evidence: quoted passages with their documents
   * - voice: the brand-voice rules that apply
   * - analytics: the analytics figures (or a note that none are connected)
   * - actions: numbered next steps derived from the agent's checklist
   * - draft: the agent's worked piece (an email, concepts, keywords and titles, a rewrite)
   * - assessment: strengths, gaps and risks (a review)
   * - options: options weighed by impact, cost and time to result
   * - outline: a page outline (SEO)
   * A section with nothing to draw on (no passages, no figures) is left out of the offline answer.
   */
  offline: 'summary' | 'evidence' | 'voice' | 'analytics' | 'actions' | 'draft' | 'assessment' | 'options' | 'outline';
}

export interface AgentDefinition {
  slug: AgentSlug;
  name: string;
  /** One line for the agent list. */
  tagline: string;
  /** Who the agent is, in its own voice (system prompt opening). */
  persona: string;
  /** How it works: rules the model must follow. */
  instructions: string[];
  outputTemplate: TemplateSection[];
  tools: AgentTool[];
  /** Concrete next steps the offline engine offers, in priority order. */
  checklist: string[];
  /** Prompts shown on the agent's landing page to start a chat. */
  starters: string[];
  /** Spec 001 §9: how long the client waits for a reply before giving up. */
  maxWaitMinutes: number;
}

/** The slugs are the contract's: GET /agents answers them (src/contract/agent-names.ts). */
export { AGENT_SLUGS, type AgentSlug } from '../../../src/contract/agent-names';
