/**
 * Passages of about CHUNK_SIZE characters: big enough to carry a thought with its context for
 * an agent's prompt (15 passages at k=15 stay near 4k tokens), small enough that a search hit
 * points at the relevant part. Consecutive passages share CHUNK_OVERLAP characters so a sentence
 * cut at a boundary is still found whole in one of them.
 */
export const CHUNK_SIZE = 1_000;
export const CHUNK_OVERLAP = 150;

/** Paragraphs, then sentences, then words: the largest pieces that fit. */
function pieces(text: string, size: number): string[] {
  const result: string[] = [];
  for (const paragraph of text.split(/\n{2,}/)) {
    if (paragraph.length <= size) {
      result.push(paragraph);
      continue;
    }
    for (const sentence of paragraph.split(/(?<=[.!?;:])\s+|\n/)) {
      if (sentence.length <= size) {
        result.push(sentence);
        continue;
      }
      // A run-on "sentence" (a table row, a minified line): cut at spaces, or hard when there are none.
      let rest = sentence;
      while (rest.length > size) {
        const cut = rest.lastIndexOf(' ', size);
        const at = cut > size / 2 ? cut : size;
        result.push(rest.slice(0, at));
        rest = rest.slice(at).trimStart();
      }
      if (rest) result.push(rest);
    }
  }
  return result.map((piece) => piece.trim()).filter(Boolean);
}

/** The last `overlap` characters of a passage, starting at a word boundary. */
function tailOf(passage: string, overlap: number): string {
  if (passage.length <= overlap) return passage;
  const start = passage.length - overlap;
  const space = passage.indexOf(' ', start);
  return space === -1 ? passage.slice(start) : passage.slice(space + 1);
}

export function chunkText(text: string, size = CHUNK_SIZE, overlap = CHUNK_OVERLAP): string[] {
  const passages: string[] = [];
  let current = '';
  let hasNewContent = false;
  for (const piece of pieces(text, size - overlap)) {
    const candidate = current ? `${current}\n${piece}` : piece;
    if (candidate.length <= size || !current) {
      current = candidate;
      hasNewContent = true;
      continue;
    }
    passages.push(current);
    const tail = tailOf(current, overlap);
    current = tail ? `${tail}\n${piece}` : piece;
    hasNewContent = true;
  }
  if (current && hasNewContent) passages.push(current);
  return passages;
}
