/**
 * Display formatting shared by screens: the one way Mosaic writes sizes, dates, times and numbers
 * for people (British English). Every screen formats through this module, so a date never reads
 * "Nov 23, 2026" on one screen and "23/11/2026" on the next. Dates: "23 Nov 2026" (always with
 * the year); times on the 24-hour clock ("14:05"); recent moments relative ("just now", "5 minutes
 * ago", "yesterday", "3 days ago") and anything a week or more old absolute with the year.
 * Numbers: "12,345".
 *
 * Formatters are made on first use: building an Intl formatter costs far more than using one.
 */
import { onFirstUse } from './on-first-use';

const BYTE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/**
 * File sizes in B, KB, MB, GB, TB with base 1024 (spec 000 §9, spec 001 §9), e.g. 1536 → '1.5 KB'.
 * Sizes beyond TB stay in TB. A negative or non-numeric size is shown as '0 B' rather than
 * breaking the screen that displays it.
 */
export function formatBytes(bytes: number, decimals = 2): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 B';
  const exponent = Math.min(Math.max(0, Math.floor(Math.log(bytes) / Math.log(1024))), BYTE_UNITS.length - 1);
  const value = bytes / 1024 ** exponent;
  const places = Math.max(0, Math.floor(decimals));
  return `${parseFloat(value.toFixed(places))} ${BYTE_UNITS[exponent]}`;
}

const LOCALE = 'en-GB';
const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
/** From this age on a moment is shown as a date, not "… ago". */
export const RELATIVE_LIMIT_MS = 7 * DAY_MS;

const DATE = onFirstUse(() => new Intl.DateTimeFormat(LOCALE, { day: 'numeric', month: 'short', year: 'numeric' }));
const DAY_MONTH = onFirstUse(() => new Intl.DateTimeFormat(LOCALE, { day: 'numeric', month: 'short' }));
const TIME = onFirstUse(() => new Intl.DateTimeFormat(LOCALE, { hour: '2-digit', minute: '2-digit', hour12: false }));
const MONTH = onFirstUse(() => new Intl.DateTimeFormat(LOCALE, { month: 'long', year: 'numeric' }));
const RELATIVE = onFirstUse(() => new Intl.RelativeTimeFormat(LOCALE, { numeric: 'auto' }));
const INTEGER = onFirstUse(() => new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 0 }));

type Moment = string | number | Date | null | undefined;

/** Epoch ms of an ISO string, epoch ms or Date; NaN when missing or unreadable. */
function toTime(moment: Moment): number {
  if (moment === null || moment === undefined || moment === '') return Number.NaN;
  if (moment instanceof Date) return moment.getTime();
  return typeof moment === 'number' ? moment : Date.parse(moment);
}

/** "23 Nov 2026"; '—' for a missing or unreadable date. */
export function formatDate(moment: Moment): string {
  const time = toTime(moment);
  return Number.isNaN(time) ? '—' : DATE().format(time);
}

/** "23 Nov" — only where the year is shown next to it (a chart's axis, a range whose end has it). */
export function formatDayMonth(moment: Moment): string {
  const time = toTime(moment);
  return Number.isNaN(time) ? '—' : DAY_MONTH().format(time);
}

/** "23 Nov" within the year of `now` (epoch ms), "23 Nov 2025" before it: a list's dates under a heading that gives the period. */
export function formatDateInYear(moment: Moment, now: number): string {
  const time = toTime(moment);
  if (Number.isNaN(time)) return '—';
  return new Date(time).getFullYear() === new Date(now).getFullYear() ? DAY_MONTH().format(time) : DATE().format(time);
}

/** "November 2026". */
export function formatMonth(moment: Moment): string {
  const time = toTime(moment);
  return Number.isNaN(time) ? '—' : MONTH().format(time);
}

/** "14:05". */
export function formatTime(moment: Moment): string {
  const time = toTime(moment);
  return Number.isNaN(time) ? '—' : TIME().format(time);
}

/** "23 Nov 2026, 14:05". */
export function formatDateTime(moment: Moment): string {
  const time = toTime(moment);
  return Number.isNaN(time) ? '—' : `${DATE().format(time)}, ${TIME().format(time)}`;
}

/** How long ago `then` was, seen from `now` (epoch ms): 'just now', '5 minutes ago', 'yesterday', '3 weeks ago'. */
export function timeAgo(then: number, now: number): string {
  const elapsed = Math.max(0, now - then);
  const units: ReadonlyArray<[Intl.RelativeTimeFormatUnit, number]> = [
    ['year', 365 * DAY_MS],
    ['month', 30 * DAY_MS],
    ['week', 7 * DAY_MS],
    ['day', DAY_MS],
    ['hour', HOUR_MS],
    ['minute', MINUTE_MS],
  ];
  for (const [unit, size] of units) {
    if (elapsed >= size) return RELATIVE().format(-Math.floor(elapsed / size), unit);
  }
  // Under a minute the exact seconds would only flicker.
  return 'just now';
}

/**
 * A moment in a list or a line of text: relative while recent ("5 minutes ago", "yesterday"),
 * the date with its year once a week or more old ("23 Nov 2026"). A moment ahead of `now` (a
 * device clock behind the server's) reads "just now" rather than "in 2 minutes".
 */
export function formatWhen(moment: Moment, now: number): string {
  const time = toTime(moment);
  if (Number.isNaN(time)) return '—';
  return now - time < RELATIVE_LIMIT_MS ? timeAgo(time, Math.max(now, time)) : DATE().format(time);
}

/**
 * Whole numbers that British English writes as their plain digits: no group separator below a
 * thousand. They skip Intl, so a screen whose first paint shows only small counts (the plan card's
 * "12 days left") does not load the locale data in the middle of its start-up render (onFirstUse).
 */
function isPlainDigits(value: number): boolean {
  return Number.isInteger(value) && Math.abs(value) < 1000 && !Object.is(value, -0);
}

/** "12,345" (whole numbers; fractions are rounded). */
export function formatNumber(value: number): string {
  return isPlainDigits(value) ? String(value) : INTEGER().format(value);
}

const PLURAL = onFirstUse(() => new Intl.PluralRules(LOCALE));

/** British English's cardinal rule for whole numbers: "one" for 1 (and -1) only; Intl for the rest. */
function pluralCategory(count: number): Intl.LDMLPluralRule {
  if (Number.isInteger(count)) return Math.abs(count) === 1 ? 'one' : 'other';
  return PLURAL().select(count);
}

/**
 * The noun that goes with a count: `plural(1, 'member')` is "member", `plural(2, 'member')`
 * "members". The plural is the singular with an s unless given ("activity", "activities").
 */
export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return pluralCategory(count) === 'one' ? singular : pluralForm;
}

/**
 * A count with its noun, the one way Mosaic writes one: "1 platform admin", "2 platform admins",
 * "12,345 credits". `formatValue` writes the number when it is not a plain count (credits in K).
 */
export function formatCount(count: number, singular: string, pluralForm?: string, formatValue: (value: number) => string = formatNumber): string {
  return `${formatValue(count)} ${plural(count, singular, pluralForm)}`;
}
