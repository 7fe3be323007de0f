/**
 * The passage a history search shows under a chat: about SNIPPET_CHARS of the message, centred on
 * the first word the search matched (as the database's stemmer matched it), cut at word boundaries
 * with "…" where text was left out. Plain text: the client highlights the words itself.
 */

/** Marks ts_headline puts around each matched word; code points no message keeps (the query strips them first). */
export const MATCH_START = '\uE000';
export const MATCH_END = '\uE001';
/** About as long as the history rail shows on two lines (the offline search uses the same length). */
export const SNIPPET_CHARS = 160;

/** `text` with every match marked → the snippet around the first match, without the marks. */
export function centredSnippet(marked: string, size = SNIPPET_CHARS): string {
  const flatMarked = marked.replace(/\s+/g, ' ').trim();
  const flat = flatMarked.replaceAll(MATCH_START, '').replaceAll(MATCH_END, '');
  if (flat.length <= size) return flat;
  // No mark comes before the first, so the match starts at the same place once they are gone.
  const first = flatMarked.indexOf(MATCH_START);
  const at = Math.max(0, first);
  const matchLength = first < 0 ? 0 : Math.max(0, flatMarked.indexOf(MATCH_END, first) - first - 1);
  // Centred: as much text before the word as after it, kept inside the text.
  const start = Math.max(0, Math.min(Math.round(at - (size - matchLength) / 2), flat.length - size));
  const from = startOfWordAt(flat, start, at);
  const limit = from + size;
  const lastSpace = flat.lastIndexOf(' ', limit);
  const to = limit >= flat.length ? flat.length : lastSpace > at + matchLength ? lastSpace : limit;
  return `${from > 0 ? '…' : ''}${flat.slice(from, to).trim()}${to < flat.length ? '…' : ''}`;
}

/** `index` if a word starts there, else the next word's start, but never past the match at `at`. */
function startOfWordAt(text: string, index: number, at: number): number {
  if (index === 0 || text[index - 1] === ' ') return index;
  const space = text.indexOf(' ', index);
  return space >= 0 && space < at ? space + 1 : at;
}
