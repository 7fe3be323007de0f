/**
 * The built-in offline engine: answers without a language model, from the space's knowledge
 * passages, the brand voice and the analytics, shaped by the agent's output template. It is
 * deterministic (same input → same answer; a regeneration's variant changes the selection) and
 * says plainly what it is and how to connect a model.
 */
import type { TemplateSection } from '../../agents/types';
import { analyticsSection } from './analytics-section';
import { buildDraft } from './drafts';
import { asPlainText, capitalise, clip, keywords, overlap, quote, rotate, sentences } from './text';
import type { OfflineInput } from './types';

export type { AnalyticsSnapshot, GroundingPassage, OfflineInput } from './types';

export const OFFLINE_NOTICE =
  "**Offline engine.** This answer was composed by Mosaic's built-in offline engine from your knowledge base, " +
  'brand voice and analytics, without a language model. To have a model write the answers, set `LLM_PROVIDER` ' +
  'and its key on the server (`OPENAI_API_KEY`, `ANTHROPIC_API_KEY` or `GOOGLE_GENERATIVE_AI_API_KEY`, or ' +
  '`OPENAI_COMPATIBLE_BASE_URL` for Ollama, vLLM or LM Studio) and restart it.';

interface RankedSentence {
  text: string;
  filename: string;
  score: number;
}

/** Supporting sentences across passages, most relevant first (stable order on ties). */
function rankSentences(input: OfflineInput, topics: string[]): RankedSentence[] {
  const ranked: RankedSentence[] = [];
  input.passages.forEach((passage, passageIndex) => {
    for (const text of sentences(asPlainText(passage.passage))) {
      // Relevance to the question first; the search engine's own order breaks ties.
      ranked.push({ text, filename: passage.filename, score: overlap(text, topics) * 100 - passageIndex });
    }
  });
  return ranked.sort((a, b) => b.score - a.score);
}

function voiceRules(brandVoice: string): string[] {
  return brandVoice
    .split(/\n+|(?<=[.!?])\s+/)
    .map((line) => line.replace(/^[-*•\d.)\s]+/, '').trim())
    .filter((line) => line.length > 3)
    .slice(0, 6);
}

function section(heading: string, body: string): string {
  return `### ${heading}\n\n${body.trim()}`;
}

function renderSection(spec: TemplateSection, input: OfflineInput, topics: string[], facts: RankedSentence[]): string {
  const hasPassages = input.passages.length > 0;
  switch (spec.offline) {
    case 'summary': {
      const subject = topics.length > 0 ? topics.slice(0, 4).join(', ') : 'your request';
      if (!hasPassages) {
        return `You asked ${input.agent.name} about **${subject}**. I found nothing in this space's knowledge base on that yet, so this answer rests on ${input.agent.name}'s general checklist. Upload briefs, plans or past campaigns to the Knowledge Base and ask again for an answer grounded in your own material.`;
      }
      const lead = facts.slice(0, 2).map((fact) => `${fact.text} _(${asPlainText(fact.filename)})_`);
      return `You asked ${input.agent.name} about **${subject}**. The most relevant points in your documents:\n\n${lead.map((line) => `- ${line}`).join('\n')}`;
    }
    case 'evidence': {
      if (!hasPassages) return 'No passages matched. Documents this agent may use are chosen under Agent Configuration.';
      return rotate(input.passages.slice(0, 3), input.variant)
        .map((passage) => `${quote(clip(asPlainText(passage.passage), 400))}\n>\n> — **${asPlainText(passage.filename)}**`)
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

/** Composes the whole reply as Markdown. */
export function composeOfflineAnswer(input: OfflineInput): string {
  const topics = keywords(input.message);
  const facts = rankSentences(input, topics);
  const sources = [...new Set(input.passages.map((passage) => passage.filename))];
  const body = input.agent.outputTemplate.map((spec) => section(spec.heading, renderSection(spec, input, topics, facts)));
  const footer = sources.length > 0 ? `\n\n---\n_Sources: ${sources.join(', ')}_` : '';
  return `${OFFLINE_NOTICE}\n\n${body.join('\n\n')}${footer}`;
}
