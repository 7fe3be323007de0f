/**
 * A document's text rebuilt from its passages (chunk-text.ts): consecutive passages share an
 * overlap (the tail of one starts the next, followed by a line break), which is kept once. Each
 * passage's place in the rebuilt text is recorded, so the preview can highlight exactly what an
 * agent was given. Reading the passages rather than the original file means the preview shows
 * the text as Mosaic read it, for every document processed so far, without storing it twice.
 */
import type { PassageRange } from '../../../../src/contract/document-preview';

/** Longest overlap looked for: well above CHUNK_OVERLAP, so passages cut with older settings still join. */
const MAX_OVERLAP = 2_000;

/**
 * How many leading characters of `next` repeat the end of `previous`: the largest k where
 * `next` continues with a line break after k characters and `previous` ends with those k.
 */
export function overlapLength(previous: string, next: string): number {
  const limit = Math.min(previous.length, next.length - 1, MAX_OVERLAP);
  for (let k = limit; k > 0; k -= 1) {
    if (next.charCodeAt(k) === 10 && previous.endsWith(next.slice(0, k))) return k;
  }
  return 0;
}

export function mergePassages(passages: readonly { ordinal: number; content: string }[]): { text: string; ranges: PassageRange[] } {
  let text = '';
  const ranges: PassageRange[] = [];
  let previous: { ordinal: number; content: string } | undefined;
  for (const passage of passages) {
    let start: number;
    if (!previous) {
      start = 0;
      text = passage.content;
    } else {
      // A gap in the ordinals (a window's edge never has one) or no overlap: a blank line between.
      const k = passage.ordinal === previous.ordinal + 1 ? overlapLength(previous.content, passage.content) : 0;
      if (k > 0) {
        start = text.length - k;
        text += passage.content.slice(k);
      } else {
        text += '\n\n';
        start = text.length;
        text += passage.content;
      }
    }
    ranges.push({ ordinal: passage.ordinal, start, end: start + passage.content.length });
    previous = passage;
  }
  return { text, ranges };
}
