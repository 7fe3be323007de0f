/**
 * The built-in offline engine: answers without a language model, from the space's knowledge
 * passages, the brand voice and the analytics, shaped by the agent's output template. It is
 * deterministic (same input → same answer; a regeneration's variant changes the selection). The
 * reply is only the answer: that no model wrote it is shown by the client beside the chat, from the
 * reply's `engine` (src/contract/agents.ts `isOfflineEngine`), never as text inside every answer.
 */
import type { TemplateSection } from '../../agents/types';
import { analyticsSection } from './analytics-section';
import { buildDraft } from './drafts';
import { asPlainText, asQuotedMarkdown, balanceInlineMarks, capitalise, clip, keywords, overlap, quote, rotate, sentences } from './text';
import type { GroundingPassage, OfflineInput } from './types';

export type { AnalyticsSnapshot, GroundingPassage, OfflineInput } from './types';

export interface RankedSentence {
  text: string;
  /** The passage's citation number ([n]: its place in input.passages, plus one). */
  n: number;
  score: number;
}

/** Supporting sentences across passages, most relevant first (stable order on ties). */
function rankSentences(input: OfflineInput, topics: string[]): RankedSentence[] {
  return rankPassageSentences(input.passages, topics);
}

/** The sentences of passages ranked by how many of the topics they mention (Agent Mode uses it too). */
export function rankPassageSentences(passages: readonly GroundingPassage[], topics: string[]): RankedSentence[] {
  const ranked: RankedSentence[] = [];
  passages.forEach((passage, passageIndex) => {
    // Each sentence keeps the passage's emphasis; one cut out of a bold span drops the lone mark.
    for (const text of sentences(asQuotedMarkdown(passage.passage)).map(balanceInlineMarks)) {
      // Relevance to the question first; the search engine's own order breaks ties.
      ranked.push({ text, n: passageIndex + 1, score: overlap(text, topics) * 100 - passageIndex });
    }
  });
  return ranked.sort((a, b) => b.score - a.score);
}

/** The brand voice's rules: its lines or sentences, list marks removed (at most six). */
export function voiceRules(brandVoice: string): string[] {
  return brandVoice
    .split(/\n+|(?<=[.!?])\s+/)
    .map((line) => line.replace(/^[-*•\d.)\s]+/, '').trim())
    .filter((line) => line.length > 3)
    .slice(0, 6);
}

function section(heading: string, body: string): string {
  return `### ${heading}\n\n${body.trim()}`;
}

export function renderSection(spec: TemplateSection, input: OfflineInput, topics: string[], facts: RankedSentence[]): string {
  const hasPassages = input.passages.length > 0;
  switch (spec.offline) {
    case 'summary': {
      const subject = topics.length > 0 ? topics.slice(0, 4).join(', ') : 'your request';
      if (!hasPassages) {
        return `You asked ${input.agent.name} about **${subject}**. I found nothing in this space's knowledge base on that yet, so this answer rests on ${input.agent.name}'s general checklist. Upload briefs, plans or past campaigns to the Knowledge Base and ask again for an answer grounded in your own material.`;
      }
      const lead = facts.slice(0, 2).map((fact) => `${fact.text} [${fact.n}]`);
      return `You asked ${input.agent.name} about **${subject}**. The most relevant points in your documents:\n\n${lead.map((line) => `- ${line}`).join('\n')}`;
    }
    case 'evidence': {
      if (!hasPassages) return 'No passages matched. Documents this agent may use are chosen under Agent Configuration.';
      const numbered = input.passages.slice(0, 3).map((passage, index) => ({ passage, n: index + 1 }));
      return rotate(numbered, input.variant)
        .map(({ passage, n }) => `${quote(clip(asQuotedMarkdown(passage.passage), 400))}\n>\n> — **${asPlainText(passage.filename)}** [${n}]`)
        .join('\n\n');
    }
    case 'voice': {
      const rules = voiceRules(input.brandVoice);
      if (rules.length === 0) {
        return 'No brand voice is set for this organisation yet, so no voice rules were applied. Add it under Workspace Settings to have every answer follow it.';
      }
      return rules.map((rule) => `- ${capitalise(rule)}`).join('\n');
    }
    case 'analytics':
      return analyticsSection(input.analytics, input.analyticsUnavailable ?? false);
    case 'actions':
      return rotate(input.agent.checklist, input.variant)
        .slice(0, 4)
        .map((step, index) => `${index + 1}. ${step}`)
        .join('\n');
    case 'draft':
      return buildDraft({
        slug: input.agent.slug,
        message: input.message,
        topics,
        facts: facts.slice(0, 3).map((fact) => fact.text),
        variant: input.variant,
      });
  }
}

/**
 * Composes the whole reply as Markdown. Passages are cited by number ([n]); the sources list
 * under the reply comes from its recorded citations (docs/agents.md "Sources"), not from the text.
 */
export function composeOfflineAnswer(input: OfflineInput): string {
  const topics = keywords(input.message);
  const facts = rankSentences(input, topics);
  const body = input.agent.outputTemplate.map((spec) => section(spec.heading, renderSection(spec, input, topics, facts)));
  return body.join('\n\n');
}
