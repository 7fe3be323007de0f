/** Turns an agent definition and its context into the model's system prompt and turns. */
import type { AgentDefinition } from '../../agents/types';
import type { GroundingPassage } from '../../llm/offline/engine';
import type { ChatTurn } from '../../llm/types';
import type { AgentContext } from './context';

/** Recent turns given to the model; older ones rarely change the answer and cost tokens. */
const HISTORY_TURNS = 20;
const TURN_MAX_CHARS = 6000;

function passages(title: string, list: GroundingPassage[]): string {
  if (list.length === 0) return '';
  const items = list.map((passage, index) => `[${index + 1}] (${passage.filename})\n${passage.passage.trim()}`);
  return `## ${title}\n${items.join('\n\n')}`;
}

export const PROMPT_NO_ANALYTICS = '## Analytics\nNo analytics property is connected to this space. Say so if figures would matter.';
export const PROMPT_ANALYTICS_UNAVAILABLE =
  '## Analytics\nAnalytics could not be read: a property is linked to this space, but its figures could not be fetched just now. Say so if figures would matter, and do not guess them.';

function analyticsBlock(context: AgentContext): string {
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
    '## Grounding\nUse only the material below and the conversation for facts about the organisation. Cite a source by its file name in brackets. If the material does not cover something, say so.',
    context.brandVoice ? `## Brand voice\n${context.brandVoice}` : '## Brand voice\nNo brand voice text is set for this organisation.',
    passages('Brand documents', context.brandPassages),
    passages('Documents the user referenced', context.referencedPassages),
    passages('Knowledge base passages', context.knowledgePassages),
    analytics,
  ]
    .filter(Boolean)
    .join('\n\n');
}

export function conversationTurns(history: { role: 'user' | 'assistant'; content: string }[]): ChatTurn[] {
  return history.slice(-HISTORY_TURNS).map((turn) => ({ role: turn.role, content: turn.content.slice(0, TURN_MAX_CHARS) }));
}
