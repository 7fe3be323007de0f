import { FALLBACK, TAXONOMY } from './taxonomy';

export interface Classification {
  category: string;
  subcategory: string;
  /** 0–1: how clearly the text points at this subcategory rather than another. */
  confidence: number;
}

/**
 * The hook for classifying with a language model when one is configured. It gets the file name
 * and the start of the text and answers a taxonomy pair (or null to fall back to the keyword
 * classifier). Built from the LLM configuration in llm/categorise.ts.
 */
export type LlmCategoriser = (input: { filename: string; text: string }) => Promise<Classification | null>;

/** The classifier reads this much text: enough for the topic, bounded cost for huge files. */
const SAMPLE_CHARS = 20_000;
/** A file name says what a document is about more densely than its body. */
const FILENAME_WEIGHT = 5;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

const MATCHERS = TAXONOMY.flatMap((category) =>
  category.subcategories.map((subcategory) => ({
    category: category.id,
    subcategory: subcategory.id,
    keywords: subcategory.keywords.map((keyword) => ({
      pattern: new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(keyword)}`, 'giu'),
      weight: keyword.includes(' ') ? 2 : 1,
    })),
  })),
);

function score(text: string, keywords: (typeof MATCHERS)[number]['keywords']): number {
  let total = 0;
  for (const { pattern, weight } of keywords) {
    const hits = text.match(pattern)?.length ?? 0;
    // Diminishing returns: one keyword repeated fifty times must not outvote five different ones.
    total += weight * Math.log2(1 + hits);
  }
  return total;
}

/**
 * Deterministic keyword classifier, works offline: scores every subcategory by its keywords in
 * the file name (weighted) and the text, picks the best, and reports its share of the top two as
 * confidence (0.5 = a tie, 1 = no competitor). No signal at all → other/general, confidence 0.
 */
export function categoriseByKeywords(filename: string, text: string): Classification {
  const name = filename.toLowerCase().replace(/[_\-.]+/g, ' ');
  const body = text.slice(0, SAMPLE_CHARS).toLowerCase();
  const ranked = MATCHERS.map((matcher) => ({
    ...matcher,
    score: FILENAME_WEIGHT * score(name, matcher.keywords) + score(body, matcher.keywords),
  })).sort((a, b) => b.score - a.score);
  const [best, second] = ranked;
  if (!best || best.score === 0) return { ...FALLBACK, confidence: 0 };
  const confidence = best.score / (best.score + (second?.score ?? 0));
  return { category: best.category, subcategory: best.subcategory, confidence: Math.round(confidence * 100) / 100 };
}
