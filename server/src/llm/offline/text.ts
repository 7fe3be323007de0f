/** Small, deterministic text helpers for the offline engine. */
import { CITATION_MARKER } from '../../../../src/contract/citations';

const STOPWORDS = new Set(
  (
    'a an and are as at be but by can could do does for from has have how i in into is it its me my of on or our ' +
    'please should so than that the their them then there these this those to us was we what when where which who ' +
    'why will with would you your about give write make help tell need want some more most any all also just very ' +
    'really get got let lets review improve draft create keyword keywords suggest suggestion ideas idea ' +
    'thanks thank now which target'
  ).split(' '),
);

/** Lower-case content words of a text, in first-seen order, without duplicates. */
export function keywords(text: string, limit = 8): string[] {
  const seen = new Set<string>();
  for (const raw of text.toLowerCase().match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu) ?? []) {
    const word = raw.replace(/['’]s$/, '');
    if (word.length < 3 || STOPWORDS.has(word) || /^\d+$/.test(word)) continue;
    seen.add(word);
    if (seen.size >= limit) break;
  }
  return [...seen];
}

/** Sentences of a passage, trimmed, without fragments too short to say anything. */
export function sentences(text: string): string[] {
  return text
    .replace(/\s+/g, ' ')
    .split(/(?<=[.!?])\s+(?=[A-Z0-9“"'])/u)
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence.split(' ').length >= 4);
}

/** How many of the keywords a sentence mentions (whole-word, case-insensitive). */
export function overlap(sentence: string, words: string[]): number {
  const lower = sentence.toLowerCase();
  return words.reduce((score, word) => (lower.includes(word) ? score + 1 : score), 0);
}

export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  // A cut can fall inside **bold** or `code`: the opener left alone would show as a literal mark.
  return `${balanceInlineMarks((space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[,;:.\s]+$/, ''))}…`;
}

/** Inline marks an unpaired opener of which shows literally; longest first so ** is not read as two *. */
const INLINE_MARKS = ['**', '__', '`', '*', '_'];

/** Drops the last unescaped opener of any inline mark that has no partner (e.g. a sentence cut mid-bold). */
export function balanceInlineMarks(text: string): string {
  let result = text;
  for (const mark of INLINE_MARKS) {
    const escaped = mark.replace(/[*`]/g, '\\$&');
    // Unescaped, and for single marks not part of a double one (those were balanced first).
    const single = mark.length === 1 ? `(?<!${escaped})${escaped}(?!${escaped})` : escaped;
    const pattern = new RegExp(`(?<!\\\\)${single}`, 'g');
    const positions = [...result.matchAll(pattern)].map((match) => match.index);
    // Underscores inside words (snake_case) are not emphasis in GFM; only count those at word edges.
    const counted = mark.startsWith('_') ? positions.filter((at) => !(/\w/.test(result[at - 1] ?? '') && /\w/.test(result[at + mark.length] ?? ''))) : positions;
    if (counted.length % 2 === 1) {
      const at = counted[counted.length - 1]!;
      result = result.slice(0, at) + result.slice(at + mark.length);
    }
  }
  return result;
}

export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Quotes a passage as Markdown, escaping nothing but keeping it on quoted lines. */
export function quote(text: string): string {
  return text
    .split('\n')
    .map((line) => `> ${line}`)
    .join('\n');
}

/** A stable rotation of a list (regenerating a reply varies the order, deterministically). */
export function rotate<T>(items: readonly T[], by: number): T[] {
  if (items.length === 0) return [];
  const shift = ((by % items.length) + items.length) % items.length;
  return [...items.slice(shift), ...items.slice(0, shift)];
}

/**
 * Passage text quoted in an answer, keeping its inline Markdown (bold, italics, code, links) so it
 * renders as the document showed it; what would change the answer's structure is neutralised: a
 * heading becomes a sentence, line breaks collapse (no list, table or quote can start), and raw
 * HTML, table pipes and a leading list or quote mark are escaped.
 */
export function asQuotedMarkdown(text: string): string {
  const flat = text
    .replace(/^\s{0,3}#{1,6}\s+(.*?)\s*#*$/gm, (_, title: string) => (/[.!?:]$/.test(title) ? title : `${title}.`))
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/([<>|#~])/g, '\\$1')
    .replace(/^([-+*]|\d+[.)])(\s)/, '\\$1$2')
    // A document's own "[3]" (a footnote) must not read as one of the answer's citation markers.
    .replace(CITATION_MARKER, (marker) => `\\${marker.slice(0, -1)}\\]`);
  return balanceInlineMarks(flat);
}

/**
 * Passage text shown inside an answer: Markdown syntax from the source document (headings, emphasis,
 * links, HTML) is shown as plain text, so a quoted "# Title" does not turn the quote into a heading.
 */
export function asPlainText(text: string): string {
  return text
    // A heading ends like a sentence, so it is not run into the paragraph under it.
    .replace(/^\s{0,3}#{1,6}\s+(.*?)\s*#*$/gm, (_, title: string) => (/[.!?:]$/.test(title) ? title : `${title}.`))
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/([\\`*_[\]<>#|~])/g, '\\$1');
}

/** Words that name the task rather than its subject ("plan the … email sequence"). */
const TASK_WORDS = new Set(
  'plan plans planning write writing draft drafts email emails e-mail sequence series post posts blog article articles copy brief strategy prepare outline ideas concepts two three four five six'.split(' '),
);

/** Verbs a goal starts with ("Plan the …", "Write a …"): the task, not its subject. */
const LEADING_TASK = /^(please\s+)?(plan|write|draft|create|prepare|make|design|build|outline|develop|produce|put together|come up with|give me|get)\s+/i;

/**
 * What a goal is about, as a phrase: its first sentence without the leading task verb
 * ("Plan the spring launch email sequence for small business owners" → "the spring launch email
 * sequence for small business owners"), at most `max` characters.
 */
export function goalPhrase(goal: string, max = 120): string {
  const first = goal.trim().split(/(?<=[.!?])\s|\n/)[0]!.replace(/[.!?]+$/, '').replace(LEADING_TASK, '').trim();
  const phrase = first.charAt(0).toLowerCase() + first.slice(1);
  return phrase.length > max ? `${phrase.slice(0, max - 1).replace(/\s+\S*$/, '')}…` : phrase;
}

/**
 * The subject of a goal in a few words, for subject lines and search summaries: the content words
 * before "for …" (the audience), without the task's words ("spring launch").
 */
export function goalSubject(goal: string, words = 3): string {
  const before = goalPhrase(goal, 400).split(/\s+for\s+/i)[0] ?? '';
  const subject = contentTopics(before, words);
  return (subject.length > 0 ? subject : contentTopics(goal, words)).join(' ');
}

/** The subject of a goal: its content words without the words that name the task. */
export function contentTopics(text: string, limit = 8): string[] {
  const topics = keywords(text, limit + TASK_WORDS.size).filter((word) => !TASK_WORDS.has(word));
  return topics.slice(0, limit);
}
