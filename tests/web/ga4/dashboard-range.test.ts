import { describe, expect, it } from 'vitest';
import {
  customDates,
  DEFAULT_RANGE_DAYS,
  presetDates,
  RANGE_MESSAGES,
  rangeDays,
  rangeKey,
  rangeToDates,
} from '../../../src/contract/dashboard-range';

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
