/**
 * The chat history bench's corpus and query mix (npm run bench:history), shared by its Node part
 * (tests/bench/history-search.bench.ts) and its Chromium page (history-search-page.ts), so every
 * figure searches the same text with the same queries.
 */

export const PER_CHAT = 50;

const VOCABULARY = (
  'campaign audience brand voice newsletter launch budget channel organic search keyword landing page conversion ' +
  'retention churn pricing offer discount workshop bakery coffee houseplants terracotta sourdough lisbon instagram ' +
  'tiktok linkedin email subject preview headline tagline persona segment funnel awareness consideration loyalty ' +
  'referral partnership influencer content calendar blog video podcast webinar survey review testimonial analytics ' +
  'sessions bounce engagement revenue margin forecast quarter roadmap priority experiment variant test hypothesis'
).split(' ');

/** A deterministic pseudo-random stream, so every run searches the same corpus. */
function rng(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

export interface BenchChat {
  title: string;
  messages: string[];
}

/**
 * Chat text stand-in: words drawn with Zipf's law (frequency ∝ 1/rank, as in natural language) from
 * the marketing words above (the most frequent ranks) followed by 5,000 generated words, so a
 * common word ("campaign") is in a good share of messages and a rare one in a few.
 */
export function corpus(count: number, seed: number): BenchChat[] {
  const next = rng(seed);
  const syllables = ['ka', 'lo', 'mi', 'ne', 'ru', 'sa', 'ti', 'vo', 'be', 'da', 'fi', 'go', 'pu', 'ze'];
  const generated = Array.from({ length: 5_000 }, (_, i) => syllables[i % 14]! + syllables[Math.floor(i / 14) % 14]! + syllables[Math.floor(i / 196) % 14]! + (i >= 2_744 ? 'x' : ''));
  const words = [...VOCABULARY, ...generated];
  const harmonic = words.reduce((sum, _, rank) => sum + 1 / (rank + 1), 0);
  const cumulative: number[] = [];
  words.reduce((sum, _, rank) => (cumulative.push(sum + 1 / (rank + 1) / harmonic), sum + 1 / (rank + 1) / harmonic), 0);
  const word = () => {
    const r = next();
    let low = 0;
    let high = cumulative.length - 1;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (cumulative[mid]! < r) low = mid + 1;
      else high = mid;
    }
    return words[low]!;
  };
  const sentence = (length: number) => Array.from({ length }, word).join(' ');
  const chats: BenchChat[] = [];
  for (let i = 0; i < count / PER_CHAT; i += 1) {
    chats.push({ title: `${sentence(4)} ${i}`, messages: Array.from({ length: PER_CHAT }, (_, n) => `${sentence(n % 2 === 0 ? 18 : 90)}.`) });
  }
  return chats;
}

/** Words in a good share of the messages (ranks 1–12 of the Zipf draw), as typed: whole, two words, prefixes. */
export const COMMON = ['campaign', 'brand voice', 'audi', 'newsletter launch', 'organic'];
/** Words in a few messages (ranks 40–90) and combinations of them. */
export const RARE = ['terracotta', 'sourdough lisbon', 'webinar', 'churn forecast', 'influ', 'revenue margin quarter'];

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

/** Warms up once over `queries`, then times `rounds` rounds of them. */
export async function timeSearches(queries: string[], rounds: number, run: (query: string) => Promise<unknown>): Promise<number[]> {
  for (const query of queries) await run(query);
  const times: number[] = [];
  for (let round = 0; round < rounds; round += 1) {
    for (const query of queries) {
      const started = performance.now();
      await run(query);
      times.push(performance.now() - started);
    }
  }
  return times;
}

export function summarise(times: number[]): string {
  const sorted = [...times].sort((a, b) => a - b);
  return `p50 ${percentile(sorted, 50).toFixed(1)} ms, p95 ${percentile(sorted, 95).toFixed(1)} ms, max ${sorted.at(-1)!.toFixed(1)} ms (${sorted.length} searches)`;
}

/** The device's copy of the corpus: one session row per chat, its messages a minute apart. */
export function deviceRows(chats: BenchChat[], spaceId: string) {
  const createdAt = (i: number) => new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString();
  const sessions = chats.map((chat, i) => ({ id: `s${i}`, spaceId, agentSlug: 'seo', title: chat.title, createdAt: createdAt(i), updatedAt: createdAt(i) }));
  const messagesOf = (i: number) =>
    chats[i]!.messages.map((content, n) => ({
      id: `m${i}-${n}`,
      spaceId,
      sessionId: `s${i}`,
      role: n % 2 === 0 ? ('user' as const) : ('assistant' as const),
      content,
      createdAt: createdAt(i * PER_CHAT + n),
      rating: null,
      feedbackCategories: [],
      feedbackText: null,
      pending: false,
    }));
  return { sessions, messagesOf };
}
