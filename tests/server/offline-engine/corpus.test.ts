/**
 * The offline engine on a corpus of real marketer requests (tests/server/offline-engine/corpus.ts),
 * each answered bare (no passages, no brand voice) and grounded (passages and a brand voice): the
 * reply never copies the request back, never carries setup text, has the parts its task needs, and a
 * regeneration reads substantially differently.
 */
import { describe, expect, it } from 'vitest';
import { findAgent, type AgentSlug } from '../../../server/src/agents/index';
import { composeOfflineAnswer, type GroundingPassage } from '../../../server/src/llm/offline/engine';
import { CORPUS, type CorpusPrompt } from './corpus';

const PASSAGES: GroundingPassage[] = [
  { passage: 'Our spring range launches on 4 March with a 20% discount for subscribers. Every bag is roasted to order in Bristol and ships within two days.', document_id: 'd1', ordinal: 0, filename: 'launch-brief.md', score: 1 },
  { passage: 'Customers tell us they value freshness and free delivery above price. Trial sign-ups grew 12% after we added a free first bag.', document_id: 'd2', ordinal: 0, filename: 'customer-research.md', score: 0.8 },
];
const VOICE = 'Warm and plain.\nWe say "coffee lovers", never "consumers".\nNo exclamation marks.';

/** Text that belongs in settings, not in an answer. */
const SETUP_TEXT = [
  'No brand voice is set',
  'Workspace Settings',
  'Connect Google Analytics',
  'under Connections',
  'Agent Configuration',
  'LLM_PROVIDER',
  'API_KEY',
  'docs/',
  'Knowledge Base',
  'You asked',
  'Offline engine',
  'no supporting document',
];

const PARTS: Record<AgentSlug, readonly string[]> = {
  email: ['**Subject line:**', '**Preheader:**', '**Body**', '**Call to action:**', '### Goal and audience'],
  seo: ['### Search intent', '**Primary keyword:**', '**Secondary keywords:**', '**Title tag**', '**Meta description**', '### Page outline'],
  'strategy-review': ['### Summary', '**Goal:**', '**Strengths**', '**Gaps**', '**Risks', '### Recommended decisions'],
  cmo: ['### Executive summary', '### Options and trade-offs', '| Option | Impact | Cost | Time to result |', '### Priorities for the next 90 days'],
  creative: ['### Core insight', '### Concepts', '**Concept 1:', '**Concept 2:', '**Concept 3:', '### How to test'],
  'brand-voice': ['### Verdict', '### Voice rules that apply', '### Rewrite', '### Next steps'],
};

const words = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}\s'-]/gu, ' ').split(/\s+/).filter(Boolean);

/** The longest run of consecutive words of `source` that appears in `text`. */
function longestCopiedRun(source: string, text: string): string {
  const from = words(source);
  const haystack = ` ${words(text).join(' ')} `;
  let longest = '';
  for (let start = 0; start < from.length; start += 1) {
    for (let end = start + longest.split(' ').filter(Boolean).length + 1; end <= from.length; end += 1) {
      const run = from.slice(start, end).join(' ');
      if (!haystack.includes(` ${run} `)) break;
      longest = run;
    }
  }
  return longest;
}

/** The reply's own prose: quoted passages are the documents' words, not the engine's. */
const prose = (reply: string) => reply.split('\n').filter((line) => !line.startsWith('>')).join('\n');

function trigrams(text: string): Set<string> {
  const list = words(text);
  return new Set(list.slice(2).map((word, index) => `${list[index]} ${list[index + 1]} ${word}`));
}

/** Shared word trigrams over all of either: 1 is the same text, 0 nothing in common. */
function similarity(a: string, b: string): number {
  const one = trigrams(a);
  const two = trigrams(b);
  const shared = [...one].filter((gram) => two.has(gram)).length;
  return shared / (one.size + two.size - shared);
}

function answer(prompt: CorpusPrompt, grounded: boolean, variant: number): string {
  return composeOfflineAnswer({
    agent: findAgent(prompt.slug)!,
    message: prompt.message,
    passages: grounded ? PASSAGES : [],
    brandVoice: grounded ? VOICE : '',
    analytics: null,
    variant,
  });
}

describe('the offline engine on a corpus of marketer requests', () => {
  it('covers at least 30 requests across all six agents', () => {
    expect(CORPUS.length).toBeGreaterThanOrEqual(30);
    expect(new Set(CORPUS.map((prompt) => prompt.slug)).size).toBe(6);
  });

  describe.each([
    ['bare', false],
    ['grounded', true],
  ] as const)('%s', (_, grounded) => {
    it.each(CORPUS.map((prompt) => [`${prompt.slug}: ${prompt.message}`, prompt] as const))('%s', (_name, prompt) => {
      const first = answer(prompt, grounded, 0);
      const second = answer(prompt, grounded, 1);
      for (const reply of [first, second]) {
        // The request's own words (the copy it gives to review aside) are never handed back as a run of six or more.
        const instruction = prompt.copy ? prompt.message.replace(prompt.copy, ' … ') : prompt.message;
        expect(longestCopiedRun(instruction, reply).split(' ').length, `copied: "${longestCopiedRun(instruction, reply)}"`).toBeLessThan(6);
        for (const text of SETUP_TEXT) expect(reply).not.toContain(text);
        for (const part of PARTS[prompt.slug]) expect(reply).toContain(part);
        // No section is left with a heading and nothing under it.
        expect(reply).not.toMatch(/^###? [^\n]*\n\n(?=###? |$)/m);
        expect(reply).not.toMatch(/\{(?!first name\})[a-z^]+\}/);
        if (grounded) {
          expect(reply).toMatch(/\[[12]\]/);
          // The brand voice shows wherever the answer has copy to shape (a review's shape has none).
          if (prompt.slug !== 'strategy-review') expect(reply).toContain('coffee lovers');
        }
      }
      // Deterministic: the same request and variant give the same answer.
      expect(answer(prompt, grounded, 0)).toBe(first);
      // A regeneration reads substantially differently.
      expect(similarity(prose(first), prose(second))).toBeLessThan(0.6);
    });
  });

  it('rewrites copy it is given instead of repeating it', () => {
    for (const prompt of CORPUS.filter((entry) => entry.copy && /rewrite|review/i.test(entry.message))) {
      const rewrite = answer(prompt, false, 0).split('### Rewrite\n\n')[1]!.split('\n\n')[0]!;
      expect(rewrite).not.toBe(prompt.copy);
      expect(rewrite).not.toMatch(/leverage|utili[sz]e|best-in-class|world-class|!/i);
    }
  });

  it('keeps what the business sells and where it is in the keywords of a local business', () => {
    const brief = answer({ slug: 'seo', message: 'Keywords for a bakery in Porto that sells sourdough' }, false, 0);
    expect(brief).toContain('**Local intent.**');
    expect(brief).toContain('**Primary keyword:** sourdough bakery porto');
    expect(brief).toMatch(/\*\*Title tag\*\* \(\d+ characters\): Sourdough bakery in Porto/);
    // A month is a time, not a place.
    expect(answer({ slug: 'seo', message: 'Keywords for our cold brew launch in March' }, false, 0)).not.toContain('Local intent');
  });

  it('leaves out what it has nothing for: no passages, no figures', () => {
    const seo = answer({ slug: 'seo', message: 'Write an SEO brief for our pricing page' }, false, 0);
    expect(seo).not.toContain('### Supporting material');
    expect(seo).not.toContain('### Organic performance');
    const review = answer({ slug: 'strategy-review', message: 'Review our Q3 strategy to grow trial sign-ups' }, false, 0);
    expect(review).not.toContain('### Evidence from your documents');
    expect(review).not.toContain('### Performance context');
  });
});
