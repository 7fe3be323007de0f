/**
 * The built-in offline engine: answers without a language model, as a competent marketer would,
 * from the request (read by request-reading.ts), the space's knowledge passages (cited [n]), the
 * brand voice and the analytics, in the agent's answer shape. Each agent's writer (writers/) fills
 * the sections from its phrase banks (phrases/). Deterministic: the same input gives the same
 * answer; a regeneration's variant moves every choice on, so it reads differently.
 *
 * The reply is only the answer. It never repeats the request, never lists the words it searched
 * for, and never tells anyone how to set things up: a section with nothing to draw on (no
 * passages, no figures) is left out, and the voice section falls back on good practice. That no
 * model wrote it is shown by the client beside the chat, from the reply's `engine`.
 */
import type { TemplateSection } from '../../agents/types';
import { analyticsSection } from './analytics-section';
import { rankPassageSentences, voiceRules } from './ranking';
import { readRequest, type RequestReading } from './request-reading';
import { asPlainText, asQuotedMarkdown, capitalise, clip, keywords, quote, rotate } from './text';
import type { OfflineInput } from './types';
import { WRITERS, type AgentWriter } from './writers/index';
import { makeKit, type WritingKit } from './writing-kit';

export type { AnalyticsSnapshot, GroundingPassage, OfflineInput } from './types';
export { rankPassageSentences, voiceRules, type RankedSentence } from './ranking';

/** The writing kit for one answer: the reading, the facts (rotated by the variant) and the choices. */
export function writingKitFor(input: OfflineInput, reading: RequestReading = readRequest(input.message)): WritingKit {
  const topics = [...new Set([...keywords(`${reading.topic} ${reading.purpose ?? ''} ${reading.audience ?? ''}`), ...keywords(input.message)])];
  const ranked = rankPassageSentences(input.passages, topics);
  // The best facts lead; a regeneration leads with another of the relevant few (never with an unrelated one).
  const relevant = ranked.filter((fact) => fact.score > 0).length;
  const lead = Math.min(4, relevant >= 2 ? relevant : ranked.length > 0 && relevant === 0 ? Math.min(ranked.length, 4) : 1);
  const facts = [...rotate(ranked.slice(0, lead), input.variant), ...ranked.slice(lead)];
  return makeKit(
    {
      agent: input.agent,
      message: input.message,
      reading,
      facts,
      passages: input.passages,
      rules: voiceRules(input.brandVoice),
      analytics: input.analytics,
      variant: input.variant,
    },
    WRITERS[input.agent.slug].audienceFallback,
  );
}

function evidence(kit: WritingKit): string {
  const numbered = kit.passages.slice(0, 3).map((passage, index) => ({ passage, n: index + 1 }));
  return rotate(numbered, kit.variant)
    .map(({ passage, n }) => `${quote(clip(asQuotedMarkdown(passage.passage), 400))}\n>\n> — **${asPlainText(passage.filename)}** [${n}]`)
    .join('\n\n');
}

function voice(kit: WritingKit, writer: AgentWriter): string {
  if (kit.rules.length > 0) return kit.rules.map((rule) => `- ${capitalise(rule)}`).join('\n');
  return writer.voicePractice.length > 0 ? kit.pickSome(writer.voicePractice, 3, 'practice').map((line) => `- ${line}`).join('\n') : '';
}

function actions(kit: WritingKit, writer: AgentWriter): string {
  const leading = writer.leadingActions?.(kit) ?? [];
  const checklist = rotate(kit.agent.checklist, kit.variant).map((step) => kit.fill(step));
  const steps = [...leading, ...checklist.filter((step) => !leading.includes(step))].slice(0, 4);
  return steps.map((step, index) => `${index + 1}. ${step}`).join('\n');
}

/** One section's body; empty when the section has nothing to say (it is then left out). */
export function renderSection(spec: TemplateSection, kit: WritingKit, analyticsUnavailable = false): string {
  const writer = WRITERS[kit.agent.slug];
  switch (spec.offline) {
    case 'summary':
      return writer.summary(kit);
    case 'evidence':
      return kit.passages.length > 0 ? evidence(kit) : '';
    case 'voice':
      return voice(kit, writer);
    case 'analytics':
      // Without figures the answer does without them; the client tells admins how to link a property.
      return kit.analytics ? analyticsSection(kit.analytics, analyticsUnavailable) : '';
    case 'actions':
      return actions(kit, writer);
    case 'draft':
      return writer.draft?.(kit) ?? '';
    case 'assessment':
      return writer.assessment?.(kit) ?? '';
    case 'options':
      return writer.options?.(kit) ?? '';
    case 'outline':
      return writer.outline?.(kit) ?? '';
  }
}

/**
 * Composes the whole reply as Markdown. Passages are cited by number ([n]); the sources list
 * under the reply comes from its recorded citations (docs/agents.md "Sources"), not from the text.
 */
export function composeOfflineAnswer(input: OfflineInput): string {
  const kit = writingKitFor(input);
  return input.agent.outputTemplate
    .map((spec) => ({ heading: spec.heading, body: renderSection(spec, kit, input.analyticsUnavailable ?? false).trim() }))
    .filter((section) => section.body !== '')
    .map((section) => `### ${section.heading}\n\n${section.body}`)
    .join('\n\n');
}
