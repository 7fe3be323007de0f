/**
 * The offline engine's writing steps in Agent Mode: the draft (the writer agent's answer shape,
 * filled from the run's material, as a document), the brand-voice check of that draft, and the
 * revision that applies the check's changes. Deterministic like the rest of the engine.
 */
import type { StepActivity } from '../../../../src/contract/agent-mode';
import { answerPassages, audienceOf, type OfflineStepInput, type OfflineStepResult } from './agent-mode-step-input';
import { assetsFooter, rankWithAssets } from './agent-mode-assets';
import { renderSection, voiceRules, writingKitFor } from './engine';
import { COPY_REWRITES as PLAIN_WORDS } from './phrases/brand-voice';
import { readRequest } from './request-reading';
import { asPlainText, capitalise, clip, keywords } from './text';
import { titleFromReading } from './titles';

/** What a draft is checked against when the organisation has no brand voice of its own. */
const PLAIN_LANGUAGE_RULES = ['Plain words over jargon', 'Sentences under 30 words', 'One idea per paragraph'];

/** A sentence longer than this reads as hard work in marketing copy. */
const LONG_SENTENCE_WORDS = 30;

/** How many emails a goal asks for: "three emails", "a 4-email sequence"; a sequence without a number is 3. */
export function emailCount(goal: string): number {
  const words: Record<string, number> = { two: 2, three: 3, four: 4, five: 5, six: 6 };
  const match = /\b(\d|two|three|four|five|six)[\s-]+(?:part\s+)?(?:e-?mails?|messages|parts?|steps?)\b/i.exec(goal);
  if (match) return Math.min(6, Math.max(1, words[match[1]!.toLowerCase()] ?? Number(match[1])));
  return /\b(sequence|series|drip|nurture)\b/i.test(goal) ? 3 : 1;
}

/** Citation markers belong to chat replies (their sources list); a deliverable names its sources below instead. */
const withoutMarkers = (text: string) => text.replace(/ \[\d+\]/g, '');

export function composeDraft(input: OfflineStepInput): string {
  const topics = keywords(`${input.goal} ${input.instruction}`);
  // The attached assets lead the facts, so the draft visibly builds on what the person chose.
  const { material, facts } = rankWithAssets(answerPassages(input.answers), input.assets, input.passages, topics);
  const audience = audienceOf(input.goal);
  const reading = readRequest(input.goal);
  const count = input.writer.slug === 'email' ? emailCount(input.goal) : null;
  const kit = {
    ...writingKitFor(
      { agent: input.writer, message: input.goal, passages: material, brandVoice: input.brandVoice, analytics: input.analytics, analyticsUnavailable: input.analyticsUnavailable, variant: 0 },
      { ...reading, count: count && count > 1 ? count : reading.count },
    ),
    facts,
  };
  const head = [`# ${asPlainText(titleFromReading(reading))}`, audience ? `**For:** ${asPlainText(audience)}` : null].filter(Boolean).join('\n\n');
  const sections = input.writer.outputTemplate.map((spec) => {
    let body = renderSection(spec, kit, input.analyticsUnavailable);
    if (spec.offline === 'summary' && facts.length > 0) {
      // The draft shows the material it rests on, named by document.
      const points = facts.slice(0, 3).map((fact) => `- ${fact.text} _(${asPlainText(material[fact.n - 1]?.filename ?? '')})_`).join('\n');
      body = `${body}\n\n**Key points from your material**\n\n${points}`;
    }
    return body.trim() === '' ? null : `## ${spec.heading}\n\n${withoutMarkers(body.trim())}`;
  });
  const sources = [...new Set(input.passages.map((passage) => asPlainText(passage.filename)))];
  const credits = [sources.length > 0 ? `_Sources: ${sources.join(', ')}_` : '', assetsFooter(input.assets)].filter(Boolean);
  const footer = credits.length > 0 ? `\n\n---\n${credits.join('  \n')}` : '';
  return `${head}\n\n${sections.filter(Boolean).join('\n\n')}${footer}`;
}

/** Lines of the deliverable that are its own words (not headings, quoted sources or tables). */
const isProse = (line: string) => line.trim() !== '' && !/^\s*(#|>|\||---)/.test(line);

const mentions = (rules: string[], pattern: RegExp) => rules.some((rule) => pattern.test(rule));

interface Finding {
  change: string;
  count: number;
}

function jargonFindings(text: string): Finding[] {
  const prose = text.split('\n').filter(isProse).join('\n');
  const findings: Finding[] = [];
  for (const [pattern, replacement] of PLAIN_WORDS) {
    const hits = prose.match(new RegExp(pattern.source, pattern.flags)) ?? [];
    if (hits.length === 0) continue;
    const word = hits[0]!.trim().toLowerCase();
    findings.push({ change: replacement ? `Replace "${word}" with "${replacement}"` : `Drop the filler "${word}"`, count: hits.length });
  }
  return findings;
}

function longSentences(text: string): string[] {
  return text
    .split('\n')
    .filter(isProse)
    .flatMap((line) => line.split(/(?<=[.!?])\s+/))
    .filter((sentence) => sentence.split(/\s+/).length > LONG_SENTENCE_WORDS);
}

export function checkAgainstVoice(input: OfflineStepInput): OfflineStepResult {
  const rules = voiceRules(input.brandVoice);
  const text = input.deliverable;
  const findings = jargonFindings(text);
  const exclamations = (text.split('\n').filter(isProse).join('\n').match(/!/g) ?? []).length;
  if (exclamations > 0 && mentions(rules, /exclamation|calm|understated|no hype/i)) findings.push({ change: 'Use full stops instead of exclamation marks', count: exclamations });
  const long = longSentences(text);
  const changes = [
    ...findings.map((finding) => `- ${finding.change}${finding.count > 1 ? ` (${finding.count} times)` : ''}.`),
    ...long.slice(0, 3).map((sentence) => `- Split this ${sentence.split(/\s+/).length}-word sentence: "${clip(sentence, 140)}"`),
  ];
  const verdict = changes.length === 0 ? 'On voice: no changes needed.' : `${changes.length} ${changes.length === 1 ? 'change' : 'changes'} needed before this goes out.`;
  const checked = rules.length > 0 ? rules : PLAIN_LANGUAGE_RULES;
  const ruleList = checked.map((rule) => `- ${capitalise(rule)}`).join('\n');
  const activity: StepActivity[] = [{ tool: 'brand_voice', summary: rules.length > 0 ? `Read ${rules.length} brand-voice rules` : 'Checked against plain-language rules' }];
  return {
    text: `### Verdict\n\n${verdict}\n\n### Rules checked\n\n${ruleList}\n\n### Changes to make\n\n${changes.join('\n') || '- None.'}`,
    question: null,
    activity,
  };
}

function keepCase(original: string, replacement: string): string {
  return replacement && /^[A-Z]/.test(original) ? capitalise(replacement) : replacement;
}

function plainLine(line: string, dropExclamations: boolean): string {
  const indent = /^\s*/.exec(line)![0];
  let result = line.slice(indent.length);
  for (const [pattern, replacement] of PLAIN_WORDS) result = result.replace(pattern, (match) => keepCase(match, replacement));
  if (dropExclamations) result = result.replace(/!+/g, '.');
  return indent + result.replace(/ {2,}(?=\S)/g, ' ').replace(/\s+([,.!?])/g, '$1');
}

export function reviseDeliverable(input: OfflineStepInput): OfflineStepResult {
  const rules = voiceRules(input.brandVoice);
  const dropExclamations = mentions(rules, /exclamation|calm|understated|no hype/i);
  let changed = 0;
  const lines = input.deliverable.split('\n').map((line) => {
    if (!isProse(line)) return line;
    const revised = plainLine(line, dropExclamations);
    if (revised !== line) changed += 1;
    return revised;
  });
  const summary = changed === 0 ? 'No changes were needed' : `Applied the brand-voice changes to ${changed} ${changed === 1 ? 'line' : 'lines'}`;
  return { text: lines.join('\n'), question: null, activity: [{ tool: 'brand_voice', summary }] };
}
