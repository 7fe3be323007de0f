/** Spec 001 §4, §5, §9 rules: cost, title, polling phases, maximum waits, temporary-message matching. */
import { describe, expect, it } from 'vitest';
import { chatCost, K_BY_MODE } from '../../../src/contract/chat';
import {
  chatTitle,
  delayBeforeNextPoll,
  matchTemporaryMessage,
  maxWaitMinutes,
  pollPhaseAt,
} from '../../../src/features/agents/lib/chat-rules';

const MIN = 60_000;

describe('cost (spec 001 §5)', () => {
  it('is 20 credits times the mode multiplier, rounded up', () => {
    expect([chatCost('normal'), chatCost('medium'), chatCost('max')]).toEqual([20, 30, 40]);
    expect(chatCost('medium', 15)).toBe(23);
    expect(chatCost('max', 0.4)).toBe(1);
  });

  it('retrieves 5, 10 or 15 passages by mode (spec 001 §9)', () => {
    expect(K_BY_MODE).toEqual({ normal: 5, medium: 10, max: 15 });
  });
});

describe('chat title (spec 001 §4)', () => {
  it('keeps a message of up to 50 characters whole', () => {
    const fifty = 'x'.repeat(50);
    expect(chatTitle(fifty)).toBe(fifty);
    expect(chatTitle('  Plan our   launch  ')).toBe('Plan our launch');
  });

  it('cuts a longer message to 47 characters plus dots', () => {
    const title = chatTitle('y'.repeat(51));
    expect(title).toBe(`${'y'.repeat(47)}...`);
    expect(title).toHaveLength(50);
  });
});

describe('reply polling phases (spec 001 §9)', () => {
  it.each([
    [0, 'quick', 15_000],
    [3 * MIN - 1, 'quick', 15_000],
    [3 * MIN, 'normal', 30_000],
    [8 * MIN, 'complex', 45_000],
    [15 * MIN, 'patient', 60_000],
    [25 * MIN, 'extended', 90_000],
    [35 * MIN - 1, 'extended', 90_000],
    [35 * MIN, 'marathon', 120_000],
    [300 * MIN, 'marathon', 120_000],
  ])('at %i ms after sending: %s, every %i ms', (elapsed, name, interval) => {
    expect(pollPhaseAt(elapsed)).toMatchObject({ name, intervalMs: interval });
  });

  it('counts the time a long poll was held against the interval', () => {
    expect(delayBeforeNextPoll(10_000, 2_000)).toBe(13_000);
    expect(delayBeforeNextPoll(10_000, 25_000)).toBe(0);
    expect(delayBeforeNextPoll(4 * MIN, 10_000)).toBe(20_000);
  });
});

describe('maximum waits (spec 001 §9)', () => {
  it.each([
    ['brand-voice', 35],
    ['strategy-review', 35],
    ['seo', 35],
    ['cmo', 40],
    ['email', 30],
    ['creative', 30],
    ['some-new-agent', 35],
  ])('%s waits %i minutes', (slug, minutes) => {
    expect(maxWaitMinutes(slug)).toBe(minutes);
  });
});

describe('temporary message matching (spec 001 §9: within 30 s)', () => {
  const temp = { id: 'temp-1', role: 'user' as const, content: 'Hello agent', createdAt: '2026-01-01T10:00:00.000Z' };
  const real = (id: string, at: string, content = 'Hello agent', role: 'user' | 'assistant' = 'user') => ({ id, role, content, createdAt: at });

  it('matches the confirmed message with the same text stamped within 30 s', () => {
    expect(matchTemporaryMessage(temp, [real('m1', '2026-01-01T10:00:29.000Z')])?.id).toBe('m1');
    expect(matchTemporaryMessage(temp, [real('m1', '2026-01-01T09:59:31.000Z')])?.id).toBe('m1');
  });

  it('does not match after 30 s, other text, replies, or a message already claimed', () => {
    expect(matchTemporaryMessage(temp, [real('m1', '2026-01-01T10:00:31.000Z')])).toBeNull();
    expect(matchTemporaryMessage(temp, [real('m1', '2026-01-01T10:00:01.000Z', 'Hello')])).toBeNull();
    expect(matchTemporaryMessage(temp, [real('m1', '2026-01-01T10:00:01.000Z', 'Hello agent', 'assistant')])).toBeNull();
    expect(matchTemporaryMessage(temp, [real('m1', '2026-01-01T10:00:01.000Z')], new Set(['m1']))).toBeNull();
  });

  it('picks the closest in time when the same text was sent twice', () => {
    const match = matchTemporaryMessage(temp, [real('early', '2026-01-01T09:59:50.000Z'), real('close', '2026-01-01T10:00:02.000Z')]);
    expect(match?.id).toBe('close');
  });
});
