import { describe, expect, it } from 'vitest';
import { formatBytes, formatCount, formatNumber, plural } from '../../../src/contract/format';

describe('formatBytes (base 1024, B…TB)', () => {
  it.each([
    [0, '0 B'],
    [1, '1 B'],
    [1023, '1023 B'],
    [1024, '1 KB'],
    [1536, '1.5 KB'],
    [10 * 1024 * 1024, '10 MB'],
    [1.25 * 1024 ** 3, '1.25 GB'],
    [3 * 1024 ** 4, '3 TB'],
    [2048 * 1024 ** 4, '2048 TB'],
    [1234567, '1.18 MB'],
  ])('%d → %s', (bytes, text) => {
    expect(formatBytes(bytes)).toBe(text);
  });

  it('honours the number of decimals', () => {
    expect(formatBytes(1234567, 0)).toBe('1 MB');
    expect(formatBytes(1234567, 3)).toBe('1.177 MB');
  });

  it.each([-5, Number.NaN, Number.POSITIVE_INFINITY])('shows %d as 0 B instead of breaking', (bytes) => {
    expect(formatBytes(bytes)).toBe('0 B');
  });
});

describe('formatCount (a count with its noun, British English plural rules)', () => {
  it.each([
    [0, 'platform admin', undefined, '0 platform admins'],
    [1, 'platform admin', undefined, '1 platform admin'],
    [2, 'platform admin', undefined, '2 platform admins'],
    [1, 'person', 'people', '1 person'],
    [3, 'person', 'people', '3 people'],
    [12345, 'credit', undefined, '12,345 credits'],
  ] as const)('%d %s → %s', (count, singular, pluralForm, text) => {
    expect(formatCount(count, singular, pluralForm)).toBe(text);
  });

  it('writes the number another way when asked, keeping the noun', () => {
    expect(formatCount(1500, 'credit', undefined, (value) => `${value / 1000}K`)).toBe('1.5K credits');
    expect(plural(1, 'linked property', 'linked properties')).toBe('linked property');
  });
});

describe('small whole numbers without Intl (the start-up render loads no locale data for them)', () => {
  const intlNumber = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 0 });
  const intlPlural = new Intl.PluralRules('en-GB');
  const samples = [-1000, -999, -12, -1, -0, 0, 1, 2, 7, 42, 999, 1000, 1001, 12_345, 0.4, 0.5, 1.5, 2.5, 999.5, -1.5, 1e21];

  it.each(samples)('formatNumber(%d) writes what Intl writes', (value) => {
    expect(formatNumber(value)).toBe(intlNumber.format(value));
  });

  it.each(samples)('plural(%d) picks what Intl picks', (value) => {
    expect(plural(value, 'day')).toBe(intlPlural.select(value) === 'one' ? 'day' : 'days');
  });
});
