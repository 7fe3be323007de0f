/**
 * Passages of about CHUNK_SIZE characters: big enough to carry a thought with its context for
 * an agent's prompt (15 passages at k=15 stay near 4k tokens), small enough that a search hit
 * points at the relevant part. Consecutive passages share CHUNK_OVERLAP characters so a sentence
 * cut at a boundary is still found whole in one of them.
 *
 * Pieces keep what separated them in the text (a blank line between paragraphs, a line break, a
 * space between sentences or words), so the passages put back together (joinPassages) read as the
 * document did: the brand voice can start from a document's text.
 */
export const CHUNK_SIZE = 1_000;
export const CHUNK_OVERLAP = 150;

const PARAGRAPH_BREAK = '\n\n';

interface Piece {
  text: string;
  /** What stood between this piece and the one before it. */
  before: string;
}

/** Paragraphs, then sentences (or lines), then words: the largest pieces that fit. */
function pieces(text: string, size: number): Piece[] {
  const result: Piece[] = [];
  const add = (piece: string, before: string) => {
    const trimmed = piece.trim();
    if (trimmed) result.push({ text: trimmed, before: result.length === 0 ? '' : before });
  };
  for (const paragraph of text.split(/\n{2,}/)) {
    if (paragraph.length <= size) {
      add(paragraph, PARAGRAPH_BREAK);
      continue;
    }
    let before = PARAGRAPH_BREAK;
    // The separators are kept (odd entries) to know whether a sentence follows a space or a line break.
    const parts = paragraph.split(/(?<=[.!?;:])(\s+)|(\n)/).filter((part) => part !== undefined);
    for (let index = 0; index < parts.length; index += 1) {
      const part = parts[index]!;
      if (index % 2 === 1) {
        before = before === PARAGRAPH_BREAK ? before : part.includes('\n') ? '\n' : ' ';
        continue;
      }
      if (part.length <= size) {
        add(part, before);
      } else {
        // A run-on "sentence" (a table row, a minified line): cut at spaces, or hard when there are none.
        let rest = part;
        let cutBefore = before;
        while (rest.length > size) {
          const cut = rest.lastIndexOf(' ', size);
          const at = cut > size / 2 ? cut : size;
          add(rest.slice(0, at), cutBefore);
          cutBefore = cut > size / 2 ? ' ' : '';
          rest = rest.slice(at).trimStart();
        }
        add(rest, cutBefore);
      }
      before = '';
    }
  }
  return result;
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
    const candidate = current ? `${current}${piece.before}${piece.text}` : piece.text;
    if (candidate.length <= size || !current) {
      current = candidate;
      hasNewContent = true;
      continue;
    }
    passages.push(current);
    // The next passage starts with the end of this one, then what separated the two in the text.
    current = `${tailOf(current, overlap)}${piece.before}${piece.text}`;
    hasNewContent = true;
  }
  if (current && hasNewContent) passages.push(current);
  return passages;
}

/**
 * The text back from its passages (chunkText's output, in order): each passage after the first
 * starts with the end of the one before it, which is dropped. Passages of documents processed
 * before pieces kept their separators read with a line break between sentences instead.
 */
export function joinPassages(passages: readonly string[], overlap = CHUNK_OVERLAP): string {
  let text = '';
  let previous: string | null = null;
  for (const passage of passages) {
    if (previous === null) text = passage;
    else {
      const repeated = tailOf(previous, overlap);
      text += passage.startsWith(repeated) ? passage.slice(repeated.length) : `\n${passage}`;
    }
    previous = passage;
  }
  return text;
}
