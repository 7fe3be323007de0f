/**
 * The dashboard's date range (spec 001 §5): presets such as '7d' or a custom start and end.
 * Pure: every function takes "today" so the rules can be checked without a clock.
 */
import { formatDate } from './format';

/** Spec 001 §9: the dashboard opens on the last 28 days. */
export const DEFAULT_RANGE_DAYS = 28;
export const DEFAULT_RANGE = '28d';
export const RANGE_PRESETS = ['7d', '28d', '90d'] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];

export const RANGE_MESSAGES = {
  invalidStart: 'Enter a valid start date.',
  invalidEnd: 'Enter a valid end date.',
} as const;

/** What the user picked: a range string like '7d', or two calendar dates (YYYY-MM-DD). */
export type DashboardRange = { kind: 'preset'; range: string } | { kind: 'custom'; start: string; end: string };

/** The dates a report asks for, both inclusive (GA4 Data API format). */
export interface ReportDates {
  start_date: string;
  end_date: string;
}

const RANGE_PATTERN = /^(\d{1,4})d$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Days in a range string: '7d' → 7. Anything else (junk, '0d', '7w') falls back to 28 days. */
export function rangeDays(range: string): number {
  const match = RANGE_PATTERN.exec(range.trim());
  const days = match ? Number(match[1]) : 0;
  return days >= 1 ? days : DEFAULT_RANGE_DAYS;
}

/** A local calendar date as YYYY-MM-DD (the user's own day, not UTC's). */
export function toIsoDate(date: Date): string {
  const month = String(date.getMonth() + 1).padStart(2, '0');
  const day = String(date.getDate()).padStart(2, '0');
  return `${date.getFullYear()}-${month}-${day}`;
}

/** Parses YYYY-MM-DD as a real calendar date; null for anything else (including 2026-02-30). */
export function parseIsoDate(text: string): Date | null {
  const match = ISO_DATE.exec(text.trim());
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(year, month - 1, day);
  const real = date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day;
  return real ? date : null;
}

/** The last N days ending today, today included: '7d' on 10 March → 4 March … 10 March. */
export function presetDates(range: string, today: Date): ReportDates {
  const days = rangeDays(range);
  const start = new Date(today.getFullYear(), today.getMonth(), today.getDate() - (days - 1));
  return { start_date: toIsoDate(start), end_date: toIsoDate(today) };
}

export type CustomRangeResult = { ok: true; dates: ReportDates } | { ok: false; error: string; field: 'start' | 'end' };

/** Checks a custom range: both dates must be real; a start after the end is swapped, not refused. */
export function customDates(start: string, end: string): CustomRangeResult {
  const startDate = parseIsoDate(start);
  if (!startDate) return { ok: false, error: RANGE_MESSAGES.invalidStart, field: 'start' };
  const endDate = parseIsoDate(end);
  if (!endDate) return { ok: false, error: RANGE_MESSAGES.invalidEnd, field: 'end' };
  const [first, last] = startDate <= endDate ? [startDate, endDate] : [endDate, startDate];
  return { ok: true, dates: { start_date: toIsoDate(first), end_date: toIsoDate(last) } };
}

/** Report dates for any range; an invalid custom range falls back to the default 28 days. */
export function rangeToDates(range: DashboardRange, today: Date): ReportDates {
  if (range.kind === 'preset') return presetDates(range.range, today);
  const custom = customDates(range.start, range.end);
  return custom.ok ? custom.dates : presetDates(DEFAULT_RANGE, today);
}

const DAY_MS = 86_400_000;

/** Days from start to end, both included: 1 Mar … 28 Mar → 28. */
export function daysIn(dates: ReportDates): number {
  const start = parseIsoDate(dates.start_date);
  const end = parseIsoDate(dates.end_date);
  if (!start || !end) return 0;
  // Rounded: a daylight-saving change makes one day 23 or 25 hours long.
  return Math.round((end.getTime() - start.getTime()) / DAY_MS) + 1;
}

/**
 * The period of equal length just before: 1 Mar … 28 Mar → 1 Feb … 28 Feb (28 days each). What a
 * key figure's change is measured against.
 */
export function previousPeriod(dates: ReportDates): ReportDates {
  const days = daysIn(dates);
  const start = parseIsoDate(dates.start_date);
  if (!start || days < 1) return dates;
  const end = new Date(start.getFullYear(), start.getMonth(), start.getDate() - 1);
  const first = new Date(end.getFullYear(), end.getMonth(), end.getDate() - (days - 1));
  return { start_date: toIsoDate(first), end_date: toIsoDate(end) };
}

/** A stable name for a range, used to keep one saved copy of the metrics per range. */
export function rangeKey(range: DashboardRange): string {
  if (range.kind === 'preset') return `${rangeDays(range.range)}d`;
  const custom = customDates(range.start, range.end);
  return custom.ok ? `${custom.dates.start_date}..${custom.dates.end_date}` : DEFAULT_RANGE;
}

/** Days a saved range key covers ('28d' → 28, '2026-03-01..2026-03-07' → 7); 0 for anything else. */
export function rangeKeyDays(key: string): number {
  const preset = RANGE_PATTERN.exec(key);
  if (preset) return Number(preset[1]);
  const [start, end] = key.split('..');
  return start && end ? daysIn({ start_date: start, end_date: end }) : 0;
}

/** 'the previous 28 days', 'the previous day': what a key figure's change is measured against. */
export function describePreviousPeriod(days: number): string {
  return days === 1 ? 'the previous day' : `the previous ${days} days`;
}

/** 'Last 7 days' or '1 Mar 2026 – 31 Mar 2026', for headings and the chart's summary. */
export function describeRange(range: DashboardRange, today: Date): string {
  if (range.kind === 'preset') return `Last ${rangeDays(range.range)} days`;
  const dates = rangeToDates(range, today);
  return `${formatDay(dates.start_date)} – ${formatDay(dates.end_date)}`;
}

/** '2026-03-01' → '1 Mar 2026'; text that is not a date is shown as it is. */
export function formatDay(isoDate: string): string {
  const date = parseIsoDate(isoDate);
  return date ? formatDate(date) : isoDate;
}
