/**
 * The offline engine's chat titles (server/src/llm/offline/titles.ts through the session's first
 * name, services/agents/titles.ts): short, natural names of what a request is about, whole words,
 * never the request itself and never cut with dots.
 */
import { describe, expect, it } from 'vitest';
import { cleanModelTitle, sessionTitle } from '../../../server/src/services/agents/titles';
import { CORPUS } from './corpus';

describe('chat titles from the first message', () => {
  it('names what the request is about in a few words', () => {
    expect(sessionTitle('Write a welcome email for new subscribers of our coffee subscription')).toBe('Welcome email for coffee subscribers');
    expect(sessionTitle('Give me three campaign concepts for our spring coffee launch')).toBe('Campaign concepts for spring coffee launch');
    expect(sessionTitle('Write an SEO brief for our pricing page')).toBe('SEO brief for pricing page');
    expect(sessionTitle('Review our Q3 strategy to grow trial sign-ups')).toBe('Q3 strategy review to grow trial sign-ups');
    expect(sessionTitle('Summarise our brand voice in five rules')).toBe('Brand voice summary');
  });

  it.each(CORPUS.map((prompt) => [prompt.message] as const))('"%s" gets a short title, not the request', (message) => {
    const title = sessionTitle(message);
    expect(title.length).toBeGreaterThan(2);
    expect(title.split(' ').length).toBeLessThanOrEqual(8);
    expect(title).not.toMatch(/\.\.\.|…/);
    expect(title).not.toBe(message);
    expect(title.charAt(0)).toBe(title.charAt(0).toUpperCase());
  });

  it('falls back to the opening words, whole, for a message it cannot read', () => {
    expect(sessionTitle('hi')).toBe('Hi');
    const long = `${'word '.repeat(60)}end`;
    const title = sessionTitle(long);
    expect(title.length).toBeLessThanOrEqual(80);
    expect(title).not.toMatch(/\.\.\.|…|\s$/);
  });
});

describe("a model's title", () => {
  it('is cleaned of quotes, a label and a full stop; an empty or rambling answer is refused', () => {
    expect(cleanModelTitle('"Spring coffee launch concepts."')).toBe('Spring coffee launch concepts');
    expect(cleanModelTitle('Title: Welcome email plan')).toBe('Welcome email plan');
    expect(cleanModelTitle('## Pricing page brief\nMore text')).toBe('Pricing page brief');
    expect(cleanModelTitle('')).toBeNull();
    expect(cleanModelTitle('This is a very long answer that goes on and on without being anything like a title at all')).toBeNull();
  });
});
