/**
 * The creative assets a goal carries, as the offline engine's Agent Mode steps use them: the
 * research quotes each one, and the brief and the draft lead with them. The person attached them on
 * purpose, so their words must show in the work even when the goal's keywords match the knowledge
 * base better; ranking alone would leave them out.
 */
import { rankPassageSentences, type RankedSentence } from './engine';
import { asPlainText, asQuotedMarkdown, clip, quote } from './text';
import type { GroundingPassage } from './types';

/** Sentences of the carried assets that lead the facts, before the ranking decides the rest. */
const ASSET_LEADS = 2;
const QUOTE_CHARS = 300;

export interface RankedMaterial {
  /** The person's answers, then the assets, then the knowledge passages: a fact's `n` points into it. */
  material: GroundingPassage[];
  facts: RankedSentence[];
}

/** The material's sentences ranked by the topics, with the best sentence of the first assets moved to the front. */
export function rankWithAssets(answers: readonly GroundingPassage[], assets: readonly GroundingPassage[], passages: readonly GroundingPassage[], topics: string[]): RankedMaterial {
  const material = [...answers, ...assets, ...passages];
  const ranked = rankPassageSentences(material, topics);
  const first = answers.length + 1;
  const leads: RankedSentence[] = [];
  for (let n = first; n < first + assets.length && leads.length < ASSET_LEADS; n += 1) {
    const best = ranked.find((fact) => fact.n === n);
    if (best) leads.push(best);
  }
  return { material, facts: [...leads, ...ranked.filter((fact) => !leads.includes(fact))] };
}

/** Each asset's sentence that best fits the topics (its first on a tie; a short text whole), quoted under its name. */
export function assetQuotes(assets: readonly GroundingPassage[], topics: string[]): string {
  return assets
    .map((asset) => {
      const best = rankPassageSentences([asset], topics)[0];
      const text = clip(best ? best.text : asQuotedMarkdown(asset.passage), QUOTE_CHARS);
      return `${quote(text)}\n>\n> — **${asPlainText(asset.filename)}**`;
    })
    .join('\n\n');
}

/** The line under the draft naming the assets it drew on; empty without any. */
export function assetsFooter(assets: readonly GroundingPassage[]): string {
  return assets.length === 0 ? '' : `_Attached assets: ${assets.map((asset) => asPlainText(asset.filename)).join(', ')}_`;
}
