/** The history search's snippet: centred on the first match, cut at word boundaries (no database). */
import { describe, expect, it } from 'vitest';
import { centredSnippet, MATCH_END, MATCH_START, SNIPPET_CHARS } from '../../server/src/services/agents/history-snippet';

const mark = (word: string) => `${MATCH_START}${word}${MATCH_END}`;
const filler = (count: number, word: string) => Array.from({ length: count }, (_, index) => `${word}${index}`).join(' ');

describe('centredSnippet', () => {
  it('keeps a short message whole, without the marks', () => {
    expect(centredSnippet(`Plan the ${mark('houseplants')} launch`)).toBe('Plan the houseplants launch');
  });

  it('centres a long message on the first match, cut at words, with … where text was left out', () => {
    const text = `${filler(60, 'before')} the ${mark('houseplants')} launch ${filler(60, 'after')} and ${mark('houseplants')} again`;
    const snippet = centredSnippet(text);
    expect(snippet.startsWith('…')).toBe(true);
    expect(snippet.endsWith('…')).toBe(true);
    expect(snippet.length).toBeLessThanOrEqual(SNIPPET_CHARS + 2);
    const at = snippet.indexOf('houseplants');
    const before = at;
    const after = snippet.length - (at + 'houseplants'.length);
    // Centred to within a word or two either way.
    expect(Math.abs(before - after)).toBeLessThan(24);
    // Whole words only: no part of a word at either end.
    expect(snippet).toMatch(/^…before\d+ /);
    expect(snippet).toMatch(/ after\d+…$/);
  });

  it('shows the start of the message when the match is near it, and the end when near the end', () => {
    const early = centredSnippet(`Our ${mark('sourdough')} plan ${filler(80, 'word')}`);
    expect(early.startsWith('Our sourdough plan')).toBe(true);
    const late = centredSnippet(`${filler(80, 'word')} ends with ${mark('sourdough')}`);
    expect(late.endsWith('ends with sourdough')).toBe(true);
    expect(late.startsWith('…')).toBe(true);
  });

  it('starts at a match longer than the snippet itself, rather than at the words around it', () => {
    const long = 'x'.repeat(SNIPPET_CHARS + 40);
    expect(centredSnippet(`${filler(30, 'a')} ${mark(long)} ${filler(30, 'b')}`)).toBe(`…${'x'.repeat(SNIPPET_CHARS)}…`);
  });
});
