import { describe, expect, it } from 'vitest';
import {
  customDates,
  daysIn,
  DEFAULT_RANGE_DAYS,
  describePreviousPeriod,
  previousPeriod,
  rangeKeyDays,
  presetDates,
  RANGE_MESSAGES,
  rangeDays,
  rangeKey,
  rangeToDates,
} from '../../../src/contract/dashboard-range';
import { kpiChange } from '../../../src/contract/kpi-format';

const today = new Date(2026, 2, 10); // 10 March 2026, local time

describe('dashboard range', () => {
  it("reads '7d' as seven days ending today", () => {
    expect(rangeDays('7d')).toBe(7);
    expect(presetDates('7d', today)).toEqual({ start_date: '2026-03-04', end_date: '2026-03-10' });
    expect(presetDates('90d', today)).toEqual({ start_date: '2025-12-11', end_date: '2026-03-10' });
  });

  it('falls back to 28 days for anything that does not look like a range', () => {
    for (const junk of ['', 'last week', '7', '7w', '0d', '-3d', 'd', '7d7d']) {
      expect(rangeDays(junk), junk).toBe(DEFAULT_RANGE_DAYS);
    }
    expect(presetDates('soon', today)).toEqual({ start_date: '2026-02-11', end_date: '2026-03-10' });
  });

  it('crosses month and year boundaries on calendar days', () => {
    expect(presetDates('7d', new Date(2026, 0, 3))).toEqual({ start_date: '2025-12-28', end_date: '2026-01-03' });
  });

  it('swaps a custom start that is after the end', () => {
    expect(customDates('2026-03-31', '2026-03-01')).toEqual({ ok: true, dates: { start_date: '2026-03-01', end_date: '2026-03-31' } });
    expect(customDates('2026-03-01', '2026-03-01')).toEqual({ ok: true, dates: { start_date: '2026-03-01', end_date: '2026-03-01' } });
  });

  it('refuses dates that are not real, naming the field', () => {
    expect(customDates('2026-02-30', '2026-03-01')).toEqual({ ok: false, error: RANGE_MESSAGES.invalidStart, field: 'start' });
    expect(customDates('2026-03-01', '')).toEqual({ ok: false, error: RANGE_MESSAGES.invalidEnd, field: 'end' });
    expect(customDates('03/01/2026', '2026-03-05').ok).toBe(false);
  });

  it('gives each range its own key, and an invalid custom range the default', () => {
    expect(rangeKey({ kind: 'preset', range: '7d' })).toBe('7d');
    expect(rangeKey({ kind: 'preset', range: 'junk' })).toBe('28d');
    expect(rangeKey({ kind: 'custom', start: '2026-03-09', end: '2026-03-02' })).toBe('2026-03-02..2026-03-09');
    expect(rangeToDates({ kind: 'custom', start: 'x', end: 'y' }, today)).toEqual(presetDates('28d', today));
  });
});

describe('previousPeriod (what a key figure is compared with)', () => {
  it.each([
    [{ start_date: '2026-03-01', end_date: '2026-03-28' }, { start_date: '2026-02-01', end_date: '2026-02-28' }],
    [{ start_date: '2026-03-10', end_date: '2026-03-10' }, { start_date: '2026-03-09', end_date: '2026-03-09' }],
    // Across the clocks going forward (29 March in Europe) and a leap day.
    [{ start_date: '2026-03-29', end_date: '2026-04-04' }, { start_date: '2026-03-22', end_date: '2026-03-28' }],
    [{ start_date: '2024-03-01', end_date: '2024-03-07' }, { start_date: '2024-02-23', end_date: '2024-02-29' }],
  ])('%o → %o, of equal length', (dates, previous) => {
    expect(previousPeriod(dates)).toEqual(previous);
    expect(daysIn(previousPeriod(dates))).toBe(daysIn(dates));
  });

  it('names it for people, from the saved range key', () => {
    expect(describePreviousPeriod(rangeKeyDays('28d'))).toBe('the previous 28 days');
    expect(describePreviousPeriod(rangeKeyDays('2026-03-10..2026-03-10'))).toBe('the previous day');
  });
});

describe('kpiChange (a key figure against the previous period)', () => {
  const period = 'the previous 28 days';
  it('says up or down by a share of the previous value, whole above 10%, one decimal below', () => {
    expect(kpiChange('sessions', 11_200, 10_000, period)).toEqual({ direction: 'up', good: true, shown: '▲ 12%', spoken: 'up 12% on the previous 28 days' });
    expect(kpiChange('sessions', 9_660, 10_000, period)).toMatchObject({ direction: 'down', good: false, shown: '▼ 3.4%' });
  });

  it('counts a fall in bounce rate as good news', () => {
    expect(kpiChange('bounceRate', 0.4, 0.5, period)).toMatchObject({ direction: 'down', good: true, spoken: 'down 20% on the previous 28 days' });
  });

  it('says no change, a rise from nothing, and nothing when the previous value is unknown', () => {
    expect(kpiChange('sessions', 5, 5, period)).toMatchObject({ direction: 'flat', good: null, shown: 'No change' });
    expect(kpiChange('conversions', 3, 0, period)).toMatchObject({ shown: '▲ from 0', spoken: 'up from 0 on the previous 28 days' });
    expect(kpiChange('sessions', 5, undefined, period)).toBeNull();
  });
});
