/** Turns an agent definition and its context into the model's system prompt and turns. */
import { CITATION_MARKER, type NumberedSource } from '../../../../src/contract/citations';
import type { AgentDefinition } from '../../agents/types';
import type { GroundingPassage } from '../../llm/offline/engine';
import type { ChatTurn } from '../../llm/types';
import type { AgentContext } from './context';

/** Recent turns given to the model; older ones rarely change the answer and cost tokens. */
const HISTORY_TURNS = 20;
const TURN_MAX_CHARS = 6000;

/**
 * One block of passages, each under the number it is cited by ([n], numbered across all blocks:
 * context.sources), so the reply's markers can be linked to the passage (docs/agents.md "Sources").
 */
function passages(title: string, list: GroundingPassage[], sources: readonly NumberedSource[]): string {
  if (list.length === 0) return '';
  const numberOf = (passage: GroundingPassage) =>
    sources.find((source) => source.document_id === passage.document_id && source.passage === passage.ordinal)?.n ?? '?';
  const items = list.map((passage) => `[${numberOf(passage)}] (${passage.filename})\n${passage.passage.trim()}`);
  return `## ${title}\n${items.join('\n\n')}`;
}

/** The creative assets attached to the message: the user's own material, given whole and not numbered (nothing to cite). */
function attachedAssets(list: GroundingPassage[]): string {
  if (list.length === 0) return '';
  return `## Assets the user attached\n${list.map((passage) => `(${passage.filename})\n${passage.passage.trim()}`).join('\n\n')}`;
}

export const PROMPT_GROUNDING =
  '## Grounding\nUse only the material below and the conversation for facts about the organisation. Each passage below has a number in square brackets: when a sentence of your answer rests on a passage, end the sentence with that number, like [2] (several: [2][5]). Cite only numbers given below, never a file name in brackets. If the material does not cover something, say so.';

/** Replies hold only the answer: how to set things up is the client's to say (to admins), never the reply's. */
const NO_SETUP_TEXT = 'Never tell the reader how to connect, configure or set anything up.';
export const PROMPT_NO_ANALYTICS = `## Analytics\nNo analytics property is connected to this space. Answer without figures; where they would matter, name the figure that would confirm the advice. ${NO_SETUP_TEXT}`;
export const PROMPT_ANALYTICS_UNAVAILABLE = `## Analytics\nAnalytics could not be read: a property is linked to this space, but its figures could not be fetched just now. Answer without figures and do not guess them. ${NO_SETUP_TEXT}`;

/** The figures as a model reads them (Agent Mode's read_analytics tool answers with it too). */
export function analyticsBlock(context: Pick<AgentContext, 'analytics' | 'analyticsUnavailable'>): string {
  const snapshot = context.analytics;
  if (!snapshot) return context.analyticsUnavailable ? PROMPT_ANALYTICS_UNAVAILABLE : PROMPT_NO_ANALYTICS;
  const kpis = snapshot.kpis.map((kpi) => `- ${kpi.label}: ${kpi.value}`).join('\n');
  const channels = snapshot.topChannels.map((row) => `${row.channel} ${row.sessions} (${row.percentage.toFixed(1)}%)`).join(', ');
  // Daily figures let the model speak about the trend; 28 short entries cost few tokens.
  const series = snapshot.sessionsSeries?.length
    ? `\nSessions per day (oldest first): ${snapshot.sessionsSeries.map((day) => `${day.date} ${day.sessions}`).join(', ')}`
    : '';
  return `## Analytics (${snapshot.propertyName}, ${snapshot.rangeLabel})\n${kpis}\nTop channels by sessions: ${channels || 'none in this range'}${series}`;
}

export function buildSystemPrompt(agent: AgentDefinition, context: AgentContext, customInstructions: string): string {
  const template = agent.outputTemplate.map((section) => `### ${section.heading}\n${section.guidance}`).join('\n');
  const analytics = agent.tools.includes('analytics_report') ? analyticsBlock(context) : '';
  return [
    agent.persona,
    `## How you work\n${agent.instructions.map((rule) => `- ${rule}`).join('\n')}`,
    customInstructions.trim() ? `## Team instructions\n${customInstructions.trim()}` : '',
    `## Answer format\nWrite Markdown with these sections, in this order, each as a level-3 heading:\n${template}`,
    PROMPT_GROUNDING,
    context.brandVoice ? `## Brand voice\n${context.brandVoice}` : `## Brand voice\nNo brand voice text is set for this organisation: write in a clear, plain, friendly voice, without remarking that none is set. ${NO_SETUP_TEXT}`,
    attachedAssets(context.attachedPassages),
    passages('Documents the user referenced', context.referencedPassages, context.sources),
    passages('Brand documents', context.brandPassages, context.sources),
    passages('Knowledge base passages', context.knowledgePassages, context.sources),
    analytics,
  ]
    .filter(Boolean)
    .join('\n\n');
}

/**
 * Earlier replies' [n] markers pointed at that turn's passages, not this one's: they are left out
 * so the model does not cite a number from an old reply.
 */
export function conversationTurns(history: { role: 'user' | 'assistant'; content: string }[]): ChatTurn[] {
  return history.slice(-HISTORY_TURNS).map((turn) => ({
    role: turn.role,
    content: (turn.role === 'assistant' ? turn.content.replace(CITATION_MARKER, '') : turn.content).slice(0, TURN_MAX_CHARS),
  }));
}
