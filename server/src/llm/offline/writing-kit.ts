/**
 * What every agent's offline writer works with: the reading of the request, the ranked facts of the
 * passages, the brand-voice rules, and deterministic choices from phrase banks. A choice depends on
 * the topic and the regeneration's variant only, so the same request gives the same answer and each
 * regeneration moves every choice on by one (a regenerated reply reads differently throughout).
 */
import type { AgentDefinition } from '../../agents/types';
import type { RankedSentence } from './ranking';
import type { RequestReading } from './request-reading';
import { capitalise } from './text';
import type { AnalyticsSnapshot, GroundingPassage } from './types';

export interface WritingKit {
  agent: AgentDefinition;
  /** The request as sent. */
  message: string;
  reading: RequestReading;
  /** The passages' sentences, most relevant first, rotated by the variant. */
  facts: RankedSentence[];
  passages: GroundingPassage[];
  /** The brand voice's rules; empty when none is set. */
  rules: string[];
  analytics: AnalyticsSnapshot | null;
  variant: number;
  /** One entry of a bank, filled ({topic}, {yours}, {ours}, {audience}, …). */
  pick(bank: readonly string[], salt: string): string;
  /** `count` different entries of a bank, in a variant-dependent order, filled. */
  pickSome(bank: readonly string[], count: number, salt: string): string[];
  /** Fills a phrase's placeholders from the reading. */
  fill(phrase: string): string;
}

/** FNV-1a: a small, stable hash, so choices do not depend on the platform. */
export function stableHash(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/** The words a reply uses for the reading's parts, with neutral stand-ins where the request was silent. */
export function placeholders(reading: RequestReading, audienceFallback: string): Record<string, string> {
  const audience = reading.audience ?? audienceFallback;
  // A topic that is only the thing asked for ("a re-engagement sequence") is not something to write about.
  const bare = reading.deliverable !== null && reading.topic.toLowerCase() === reading.deliverable;
  // In prose the topic is named shortly ("our cold brew range"), never as the request put it word for word.
  const short = (phrase: string) => phrase.replace(/^(your|our|the) new /i, '$1 ').split(' ').slice(0, 5).join(' ');
  return {
    topic: reading.topic,
    yours: bare ? 'this campaign' : short(reading.yours),
    ours: bare ? 'what we have been working on' : short(reading.ours),
    audience,
    purpose: reading.purpose ?? `make ${reading.yours} pay off`,
    when: reading.timeframe ?? 'the next quarter',
    deliverable: reading.deliverable ?? 'piece',
  };
}

export function fillPhrase(phrase: string, values: Record<string, string>): string {
  return phrase.replace(/\{(\^?)(\w+)\}/g, (whole, upper: string, key: string) => {
    const value = values[key];
    if (value === undefined) return whole;
    return upper ? capitalise(value) : value;
  });
}

export function makeKit(input: Omit<WritingKit, 'pick' | 'pickSome' | 'fill'>, audienceFallback: string): WritingKit {
  const values = placeholders(input.reading, audienceFallback);
  const seed = input.reading.topic.toLowerCase();
  const fill = (phrase: string) => fillPhrase(phrase, values);
  const start = (bank: readonly unknown[], salt: string) => (stableHash(`${seed}|${salt}`) + input.variant) % bank.length;
  return {
    ...input,
    fill,
    pick: (bank, salt) => fill(bank[start(bank, salt)]!),
    pickSome: (bank, count, salt) => {
      const from = start(bank, salt);
      // Stepping by the variant as well as starting from it changes the set, not only its order.
      const step = bank.length > 2 && input.variant % 2 === 1 ? 2 : 1;
      const picked: string[] = [];
      for (let index = 0; picked.length < Math.min(count, bank.length) && index < bank.length * 2; index += 1) {
        const entry = bank[(from + index * step) % bank.length]!;
        if (!picked.includes(entry)) picked.push(entry);
      }
      for (const entry of bank) if (picked.length < Math.min(count, bank.length) && !picked.includes(entry)) picked.push(entry);
      return picked.map(fill);
    },
  };
}
