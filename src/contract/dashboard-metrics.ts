/**
 * The dashboard's three GA4 reports (spec 001 §7) and how their answers become Dashboard metrics
 * (spec 001 §3). Pure: no requests here.
 */
import {
  CHANNEL_DIMENSION,
  DASHBOARD_KPI_METRICS,
  DATE_DIMENSION,
  type DashboardKpi,
  type DashboardMetrics,
  type Ga4ReportRequest,
  type Ga4ReportResponse,
  type Ga4ReportRow,
} from './ga4';
import { previousPeriod, type ReportDates } from './dashboard-range';

/** Spec 001 §7: top 10 channels by sessions. */
export const TOP_CHANNELS_LIMIT = 10;
/** Spec 001 §7: the sessions series asks for up to 100 days. */
export const SERIES_LIMIT = 100;
/** Spec 001 §9: GA4's catch-all channel, flagged on screen. */
export const OTHER_CHANNEL = '(other)';

export interface DashboardReports {
  kpis: Ga4ReportRequest;
  channels: Ga4ReportRequest;
  series: Ga4ReportRequest;
}

/** KPIs; sessions by default channel grouping (top 10 by sessions); sessions by date ascending. */
export function dashboardReports(propertyId: string, dates: ReportDates): DashboardReports {
  const base = { property_id: propertyId, start_date: dates.start_date, end_date: dates.end_date };
  const previous = previousPeriod(dates);
  return {
    // The key figures with their totals over the previous period of equal length, for the change.
    kpis: { ...base, metrics: [...DASHBOARD_KPI_METRICS], dimensions: [], compare_start_date: previous.start_date, compare_end_date: previous.end_date },
    channels: {
      ...base,
      metrics: ['sessions'],
      dimensions: [CHANNEL_DIMENSION],
      order_bys: [{ metric: 'sessions', desc: true }],
      limit: TOP_CHANNELS_LIMIT,
    },
    series: {
      ...base,
      metrics: ['sessions'],
      dimensions: [DATE_DIMENSION],
      order_bys: [{ dimension: DATE_DIMENSION, desc: false }],
      limit: SERIES_LIMIT,
    },
  };
}

/** GA4 sends numbers as numbers or numeric strings; anything unreadable counts as 0. */
function numberOf(value: unknown): number {
  const parsed = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
  return Number.isFinite(parsed) ? parsed : 0;
}

/** GA4's 'date' dimension is YYYYMMDD; the series uses YYYY-MM-DD. */
function normaliseDate(value: unknown): string {
  const text = String(value ?? '');
  return /^\d{8}$/.test(text) ? `${text.slice(0, 4)}-${text.slice(4, 6)}-${text.slice(6, 8)}` : text;
}

/** A KPI from the totals; a report without totals falls back to its first row. */
function kpiValue(report: Ga4ReportResponse, metric: DashboardKpi): number {
  const total = report.totals?.[metric];
  if (total !== undefined) return numberOf(total);
  const first: Ga4ReportRow | undefined = report.rows?.[0];
  return numberOf(first?.[metric]);
}

/** One decimal, so shares of small channels do not all read 0%. */
function share(part: number, whole: number): number {
  return whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0;
}

export function toDashboardMetrics(kpiReport: Ga4ReportResponse, channelReport: Ga4ReportResponse, seriesReport: Ga4ReportResponse): DashboardMetrics {
  const kpis = Object.fromEntries(DASHBOARD_KPI_METRICS.map((metric) => [metric, kpiValue(kpiReport, metric)])) as Record<DashboardKpi, number>;
  const compared = kpiReport.compare_totals;
  const previousKpis = compared
    ? (Object.fromEntries(DASHBOARD_KPI_METRICS.map((metric) => [metric, numberOf(compared[metric])])) as Record<DashboardKpi, number>)
    : null;

  const channels = (channelReport.rows ?? []).map((row) => ({
    channel: String(row[CHANNEL_DIMENSION] ?? OTHER_CHANNEL) || OTHER_CHANNEL,
    sessions: numberOf(row.sessions),
  }));
  // Shares are of all sessions in the range, not only the top 10 shown: the totals cover every
  // row whatever the limit. Without totals, the KPI sessions, else the rows themselves.
  const rowSum = channels.reduce((sum, channel) => sum + channel.sessions, 0);
  const whole = numberOf(channelReport.totals?.sessions) || kpis.sessions || rowSum;
  const topChannels = channels
    .sort((a, b) => b.sessions - a.sessions)
    .slice(0, TOP_CHANNELS_LIMIT)
    .map((channel) => ({ ...channel, percentage: share(channel.sessions, Math.max(whole, rowSum)) }));

  const sessionsSeries = (seriesReport.rows ?? [])
    .map((row) => ({ date: normaliseDate(row[DATE_DIMENSION]), sessions: numberOf(row.sessions) }))
    .sort((a, b) => a.date.localeCompare(b.date));

  return { kpis, previousKpis, sessionsSeries, topChannels };
}

export function isOtherChannel(channel: string): boolean {
  return channel === OTHER_CHANNEL;
}
