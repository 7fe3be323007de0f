/**
 * Plain prose of about `bytes` bytes for the large-upload scenarios (the tenant-isolation fault
 * scenario, bench:footprint's hostile inputs). Its vocabulary is as varied as real copy's: a few
 * thousand distinct words, common ones often and rare ones seldom, so indexing its passages for
 * full-text search costs what a real document's does (a text of twenty words repeated indexes in
 * a fraction of the time, and would hide the cost these scenarios are about).
 */
const SYLLABLES = ['bra', 'lan', 'cam', 'pai', 'gn', 'au', 'di', 'en', 'ce', 'spr', 'ing', 'of', 'fer', 'ne', 'ws', 'let', 'ter', 're', 'ten', 'tion', 'lo', 'yal', 'cus', 'to', 'mer', 'cha', 'nel', 'bud', 'get', 'gro', 'wth', 'sto', 'ry', 'voi', 'ton', 'so', 'cial', 'sea', 'rch', 'con', 'tent', 'pla', 'mar', 'ket', 'val', 'ue', 'pro', 'duct'];

/** The n-th word of the vocabulary: two to four syllables picked by n's digits in base SYLLABLES.length. */
function word(n: number): string {
  let text = '';
  let rest = n + SYLLABLES.length;
  while (rest > 0) {
    text += SYLLABLES[rest % SYLLABLES.length];
    rest = Math.floor(rest / SYLLABLES.length);
  }
  return text;
}

export function marketingText(bytes: number): Buffer {
  // A small deterministic generator, so every run indexes the same text.
  let seed = 20_261_128;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
  const vocabulary = 6_000;
  const parts: string[] = [];
  let size = 0;
  for (let sentence = 0; size < bytes; sentence += 1) {
    // Rank by a power law: word 0 is the commonest, word 5,999 rare.
    const words = Array.from({ length: 10 + (sentence % 9) }, () => word(Math.floor(vocabulary * random() ** 3)));
    const text = `${words.join(' ')}.${sentence % 6 === 5 ? '\n\n' : ' '}`;
    parts.push(text);
    size += text.length;
  }
  return Buffer.from(parts.join('').slice(0, bytes));
}
