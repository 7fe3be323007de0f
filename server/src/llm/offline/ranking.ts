/** The passages' sentences ranked by relevance, and the brand voice read as rules. */
import { asQuotedMarkdown, balanceInlineMarks, overlap, sentences } from './text';
import type { GroundingPassage } from './types';

export interface RankedSentence {
  text: string;
  /** The passage's citation number ([n]: its place in the passages, plus one). */
  n: number;
  score: number;
}

/** The sentences of passages ranked by how many of the topics they mention (Agent Mode uses it too). */
export function rankPassageSentences(passages: readonly GroundingPassage[], topics: string[]): RankedSentence[] {
  const ranked: RankedSentence[] = [];
  passages.forEach((passage, passageIndex) => {
    // Each sentence keeps the passage's emphasis; one cut out of a bold span drops the lone mark.
    for (const text of sentences(asQuotedMarkdown(passage.passage)).map(balanceInlineMarks)) {
      // Relevance to the question first; the search engine's own order breaks ties.
      ranked.push({ text, n: passageIndex + 1, score: overlap(text, topics) * 100 - passageIndex });
    }
  });
  return ranked.sort((a, b) => b.score - a.score);
}

/** The brand voice's rules: its lines or sentences, list marks removed (at most six). */
export function voiceRules(brandVoice: string): string[] {
  return brandVoice
    .split(/\n+|(?<=[.!?])\s+/)
    .map((line) => line.replace(/^[-*•\d.)\s]+/, '').trim())
    .filter((line) => line.length > 3)
    .slice(0, 6);
}
