/** How the dashboard writes its figures (KPI cards, chart, channels). */
import type { DashboardKpi } from './ga4';
import { onFirstUse } from './on-first-use';

const COUNT = onFirstUse(() => new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 }));

/** 12345 → '12,345'. */
export function formatCount(value: number): string {
  return COUNT().format(Number.isFinite(value) ? value : 0);
}

/** GA4's bounceRate is a ratio: 0.4237 → '42.4%'. */
export function formatRate(ratio: number): string {
  const value = Number.isFinite(ratio) ? ratio * 100 : 0;
  return `${value.toFixed(1)}%`;
}

/** Seconds as m:ss: 125.4 → '2:05'; an hour or more stays in minutes (65:00). */
export function formatDuration(seconds: number): string {
  const whole = Math.max(0, Math.round(Number.isFinite(seconds) ? seconds : 0));
  const minutes = Math.floor(whole / 60);
  return `${minutes}:${String(whole % 60).padStart(2, '0')}`;
}

export interface KpiDefinition {
  key: DashboardKpi;
  label: string;
  format: (value: number) => string;
}

/** The seven KPI cards in reading order (spec 001 §3 Dashboard metrics). */
export const KPI_CARDS: readonly KpiDefinition[] = [
  { key: 'sessions', label: 'Sessions', format: formatCount },
  { key: 'activeUsers', label: 'Active users', format: formatCount },
  { key: 'conversions', label: 'Conversions', format: formatCount },
  { key: 'engagedSessions', label: 'Engaged sessions', format: formatCount },
  { key: 'screenPageViews', label: 'Page views', format: formatCount },
  { key: 'bounceRate', label: 'Bounce rate', format: formatRate },
  { key: 'averageSessionDuration', label: 'Avg. session duration', format: formatDuration },
];

/** Key figures where a fall is the good news. */
const LOWER_IS_BETTER: ReadonlySet<DashboardKpi> = new Set(['bounceRate']);

const PERCENT = onFirstUse(() => new Intl.NumberFormat('en-GB', { maximumFractionDigits: 1 }));

export interface KpiChange {
  direction: 'up' | 'down' | 'flat';
  /** Whether the change is good news for this figure (a fall in bounce rate is); null when flat. */
  good: boolean | null;
  /** On the card: '▲ 12%', '▼ 3.4%', '▲ from 0', 'No change'. */
  shown: string;
  /** Read out: 'up 12% on the previous 28 days'. */
  spoken: string;
}

/**
 * A key figure's change against the previous period of equal length, as a percentage of the
 * previous value (whole above 10%, one decimal below). Null when the previous value is unknown.
 */
export function kpiChange(key: DashboardKpi, current: number, previous: number | undefined, previousPeriod: string): KpiChange | null {
  if (previous === undefined || !Number.isFinite(previous) || !Number.isFinite(current)) return null;
  if (current === previous) return { direction: 'flat', good: null, shown: 'No change', spoken: `no change on ${previousPeriod}` };
  const direction = current > previous ? 'up' : 'down';
  const good = (direction === 'up') !== LOWER_IS_BETTER.has(key);
  const arrow = direction === 'up' ? '▲' : '▼';
  if (previous === 0) return { direction, good, shown: `${arrow} from 0`, spoken: `${direction} from 0 on ${previousPeriod}` };
  const percent = Math.abs((current - previous) / previous) * 100;
  const amount = `${PERCENT().format(percent >= 10 ? Math.round(percent) : percent)}%`;
  return { direction, good, shown: `${arrow} ${amount}`, spoken: `${direction} ${amount} on ${previousPeriod}` };
}
