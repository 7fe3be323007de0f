import { describe, expect, it } from 'vitest';
import {
  creditsUsedPercent,
  daysLeftText,
  formatCredits,
  isNearLimit,
  isOverLimit,
  planStatus,
  usageBarPercent,
} from '../../../src/features/billing/billing.status';

const NOW = Date.parse('2026-06-15T12:00:00Z');
const past = '2026-06-15T11:59:59Z';
const future = '2026-07-15T12:00:00Z';

describe('plan status (spec 001 §4)', () => {
  it.each([
    // type, days_left, is_active, reset date, expected
    ['free', 10, true, future, 'active'],
    ['free', 4, true, future, 'active'],
    ['free', 3, true, future, 'expiring_soon'],
    ['free', 0, true, future, 'expiring_soon'],
    ['free', 10, true, past, 'expired'],
    ['free', 5, false, future, 'expired'],
    ['pro', 2, true, future, 'active'],
    ['pro', 30, false, future, 'expired'],
    ['pro', 30, true, past, 'expired'],
    ['starter', 1, true, null, 'active'],
  ] as const)('%s plan, %i days left, active %s, reset %s → %s', (type, days, active, reset, expected) => {
    expect(planStatus({ type, days_left: days, is_active: active }, reset, NOW)).toBe(expected);
  });

  it('describes the countdown', () => {
    expect(daysLeftText({ type: 'free', days_left: 1, is_active: true }, 'expiring_soon')).toBe('1 day left');
    expect(daysLeftText({ type: 'free', days_left: 9, is_active: true }, 'active')).toBe('9 days left');
    expect(daysLeftText({ type: 'pro', days_left: 20, is_active: true }, 'active')).toBe('Renews in 20 days');
    // A plan paid for 30 days at a time ends unless paid again.
    expect(daysLeftText({ type: 'pro', days_left: 20, is_active: true, expires_at: '2099-01-01T00:00:00.000Z' }, 'active')).toBe('20 days left');
    expect(daysLeftText({ type: 'free', days_left: 0, is_active: false }, 'expired')).toBe('Expired');
  });
});

describe('credit limits (spec 001 §4, §9)', () => {
  it.each([
    [0, 3000, false, false],
    [2399, 3000, false, false],
    [2400, 3000, true, false],
    [2999, 3000, true, false],
    [3000, 3000, true, true],
    [5, 0, true, true],
  ])('%i of %i used → near %s, over %s', (used, total, near, over) => {
    expect(isNearLimit({ used, total })).toBe(near);
    expect(isOverLimit({ used, total })).toBe(over);
  });

  it('keeps the bar at least 2% wide and at most 100%', () => {
    expect(usageBarPercent({ used: 0, total: 3000 })).toBe(2);
    expect(usageBarPercent({ used: 30, total: 3000 })).toBe(2);
    expect(usageBarPercent({ used: 1200, total: 3000 })).toBe(40);
    expect(usageBarPercent({ used: 4000, total: 3000 })).toBe(100);
    expect(creditsUsedPercent({ used: 1500, total: 3000 })).toBe(50);
  });
});

describe('credit display (spec 001 §9)', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [1000, '1.0K'],
    [1500, '1.5K'],
    [3000, '3.0K'],
    [12_345, '12.3K'],
    [999_999, '999.9K'],
    [1_000_000, '1.0M'],
    [2_345_678, '2.3M'],
    [150_000_000, '150.0M'],
    [-1500, '-1.5K'],
  ])('%i → %s', (value, shown) => {
    expect(formatCredits(value)).toBe(shown);
  });
});
