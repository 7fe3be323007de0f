/**
 * Auto-categorisation of knowledge documents by the configured model (issue: "through the LLM
 * when one is configured"). With no provider — the offline engine — there is no model
 * categoriser and the keyword classifier decides; a model answer outside the taxonomy is
 * rejected by the caller, which then falls back to the keyword classifier too.
 */
import { z } from 'zod';
import { callModel } from '../../llm/model-call';
import { chooseModel } from '../../llm/providers';
import type { LlmConfig } from '../../llm/types';
import type { Classification, LlmCategoriser } from './categorise';
import { TAXONOMY } from './taxonomy';

/** Enough of the document for its topic; the file name carries much of the signal. */
const SAMPLE_CHARS = 6_000;

const TAXONOMY_LINES = TAXONOMY.map(
  (category) => `- ${category.id}: ${category.subcategories.map((subcategory) => subcategory.id).join(', ')}`,
).join('\n');

const SYSTEM = [
  'You sort marketing documents into a fixed taxonomy.',
  'Answer with one JSON object and nothing else: {"category": "<id>", "subcategory": "<id>", "confidence": <0..1>}.',
  'Use only these category ids, each followed by its subcategory ids:',
  TAXONOMY_LINES,
].join('\n');

const answerSchema = z.object({
  category: z.string(),
  subcategory: z.string(),
  confidence: z.number().min(0).max(1).default(0.7),
});

/** The first JSON object in the model's reply (models sometimes wrap it in prose or a code fence). */
export function parseClassification(reply: string): Classification | null {
  const match = /\{[\s\S]*?\}/.exec(reply);
  if (!match) return null;
  try {
    const parsed = answerSchema.safeParse(JSON.parse(match[0]));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function llmCategoriserFor(config: LlmConfig): LlmCategoriser | undefined {
  const choice = chooseModel(config);
  if (choice.engine === 'offline') return undefined;
  return async ({ filename, text }) => {
    const reply = await callModel(config, choice, {
      system: SYSTEM,
      turns: [{ role: 'user', content: `File name: ${filename}\n\n${text.slice(0, SAMPLE_CHARS)}` }],
      temperature: 0,
      maxOutputTokens: 100,
    });
    return parseClassification(reply);
  };
}
