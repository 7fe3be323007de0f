/** The Brand Voice agent's offline writing: a verdict on the copy, the rules, and a rewrite (never the request itself). */
import { ADVICE, COPY_REWRITES, EXAMPLES, ON_BRAND_LINES, SUMMARY_LEADS, VERDICTS_CLEAN, VERDICTS_CLOSE, VERDICTS_FAR, VOICE_PRACTICE, VOICE_STEPS, WRITE_LEADS } from '../phrases/brand-voice';
import { capitalise, clip, sentences } from '../text';
import type { WritingKit } from '../writing-kit';
import { numbered, type AgentWriter } from './shared';

/** Sentences longer than this read as hard work in marketing copy. */
const LONG_SENTENCE_WORDS = 20;

/** The copy to judge: what the request quoted, or the whole message when it is copy rather than an instruction. */
function copyOf(kit: WritingKit): string | null {
  return kit.reading.copy ?? (kit.reading.instructed ? null : kit.message.trim());
}

function keepCase(original: string, replacement: string): string {
  return replacement && /^[A-Z]/.test(original) ? capitalise(replacement) : replacement;
}

/** The copy rewritten by the editor's rules: plain words, no filler, full stops for exclamation marks. */
export function rewriteCopy(text: string): string {
  let result = text.trim();
  for (const [pattern, replacement] of COPY_REWRITES) result = result.replace(pattern, (match) => keepCase(match, replacement));
  result = result.replace(/!+/g, '.').replace(/\s{2,}/g, ' ').replace(/\s+([,.!?])/g, '$1');
  return capitalise(result);
}

/** The words of the copy that are off-brand, each with its plain alternative. */
function offBrandWords(copy: string): string[] {
  const found: string[] = [];
  for (const [pattern, replacement] of COPY_REWRITES) {
    const match = copy.match(new RegExp(pattern.source, pattern.flags))?.[0]?.trim();
    if (match) found.push(replacement ? `"${match}" → "${replacement}"` : `"${match}" → cut it`);
  }
  if (/!/.test(copy)) found.push('"!" → a full stop');
  const long = sentences(copy).find((sentence) => sentence.split(/\s+/).length > LONG_SENTENCE_WORDS);
  if (long) found.push(`a ${long.split(/\s+/).length}-word sentence → split it in two`);
  return found;
}

export const brandVoiceWriter: AgentWriter = {
  audienceFallback: 'customers',
  summary(kit) {
    const copy = copyOf(kit);
    if (copy) {
      const issues = offBrandWords(copy);
      const verdict = kit.pick(issues.length === 0 ? VERDICTS_CLEAN : issues.length <= 2 ? VERDICTS_CLOSE : VERDICTS_FAR, 'verdict');
      return issues.length === 0 ? verdict : `${verdict}\n\n${issues.map((issue) => `- ${issue}`).join('\n')}`;
    }
    if (kit.reading.task === 'summarise') return kit.pick(SUMMARY_LEADS, 'lead');
    if (kit.reading.task === 'question') return kit.pick(ADVICE, 'advice');
    return kit.pick(WRITE_LEADS, 'lead');
  },
  draft(kit) {
    const copy = copyOf(kit);
    if (copy) {
      const rewritten = rewriteCopy(copy);
      const first = sentences(rewritten)[0] ?? rewritten;
      const shorter = clip(first.split(/,|;| - | – /)[0]!.trim(), 90).replace(/[.…]*$/, '.');
      return shorter.replace(/\.$/, '') === rewritten.replace(/\.$/, '') ? rewritten : `${rewritten}\n\n**Shorter:** ${shorter}`;
    }
    if (kit.reading.task === 'summarise') {
      const own = kit.rules.length > 0 ? kit.rules.map(capitalise) : kit.facts.slice(0, 5).map((fact) => `${clip(fact.text, 160)} [${fact.n}]`);
      const rules = [...own, ...kit.pickSome(VOICE_PRACTICE, 6, 'rules')].slice(0, kit.reading.count ?? 5);
      return numbered(rules);
    }
    if (kit.reading.task === 'question') return kit.pick(EXAMPLES, 'example');
    return numbered(kit.pickSome(ON_BRAND_LINES, kit.reading.count ?? 3, 'lines'));
  },
  voicePractice: VOICE_PRACTICE,
  leadingActions: (kit) => kit.pickSome(VOICE_STEPS, 2, 'steps'),
};
