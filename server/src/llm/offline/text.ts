/** Small, deterministic text helpers for the offline engine. */

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
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[,;:.\s]+$/, '')}…`;
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
