/** Answers a report query from the synthetic cells: group by the asked dimensions, derive ratios, order, limit. */
import { CHANNEL_DIMENSION, DASHBOARD_KPI_METRICS, DATE_DIMENSION, type Ga4OrderBy } from '../../../../src/contract/ga4';
import { ProviderError, type ReportQuery, type ReportResult } from '../types';
import { demoCells, type DemoCell, type DemoPropertyProfile } from './synthetic-data';

export const DEMO_METRICS: readonly string[] = DASHBOARD_KPI_METRICS;
export const DEMO_DIMENSIONS: readonly string[] = [DATE_DIMENSION, CHANNEL_DIMENSION];
/** Ten years: GA4 itself keeps at most 14 months of detail by default; this only bounds the work. */
const MAX_DAYS = 3660;

type Sums = Omit<DemoCell, 'date' | 'channel'>;

const emptySums = (): Sums => ({
  sessions: 0,
  activeUsers: 0,
  engagedSessions: 0,
  conversions: 0,
  screenPageViews: 0,
  sessionDurationSeconds: 0,
});

function add(into: Sums, cell: DemoCell): void {
  into.sessions += cell.sessions;
  into.activeUsers += cell.activeUsers;
  into.engagedSessions += cell.engagedSessions;
  into.conversions += cell.conversions;
  into.screenPageViews += cell.screenPageViews;
  into.sessionDurationSeconds += cell.sessionDurationSeconds;
}

const round = (value: number, digits: number) => Number(value.toFixed(digits));

/** GA4's definitions: bounce rate = 1 − engagement rate (a fraction), duration in seconds. */
function metricValue(metric: string, sums: Sums): number {
  switch (metric) {
    case 'bounceRate':
      return sums.sessions === 0 ? 0 : round(1 - sums.engagedSessions / sums.sessions, 4);
    case 'averageSessionDuration':
      return sums.sessions === 0 ? 0 : round(sums.sessionDurationSeconds / sums.sessions, 2);
    default:
      return sums[metric as keyof Sums];
  }
}

function checkSupported(query: ReportQuery): void {
  const badMetrics = query.metrics.filter((metric) => !DEMO_METRICS.includes(metric));
  if (badMetrics.length > 0) {
    throw new ProviderError(
      'bad_request',
      `The demo analytics data has no metric ${badMetrics.map((name) => `"${name}"`).join(', ')}. Supported metrics: ${DEMO_METRICS.join(', ')}.`,
    );
  }
  const badDimensions = query.dimensions.filter((dimension) => !DEMO_DIMENSIONS.includes(dimension));
  if (badDimensions.length > 0) {
    throw new ProviderError(
      'bad_request',
      `The demo analytics data has no dimension ${badDimensions.map((name) => `"${name}"`).join(', ')}. Supported dimensions: ${DEMO_DIMENSIONS.join(', ')}.`,
    );
  }
  const days = (Date.parse(query.endDate) - Date.parse(query.startDate)) / 86_400_000;
  if (days > MAX_DAYS) throw new ProviderError('bad_request', 'The demo analytics data answers ranges of at most ten years.');
}

function compareRows(query: ReportQuery): (a: Record<string, string | number>, b: Record<string, string | number>) => number {
  const orders = query.orderBys.length > 0 ? query.orderBys : defaultOrder(query);
  return (a, b) => {
    for (const order of orders) {
      const key = order.metric ?? order.dimension ?? '';
      const left = a[key] ?? '';
      const right = b[key] ?? '';
      const difference = typeof left === 'number' && typeof right === 'number' ? left - right : String(left).localeCompare(String(right));
      if (difference !== 0) return order.desc ? -difference : difference;
    }
    return 0;
  };
}

/** Without order_bys: dates ascending when asked by date, else the first metric descending. */
function defaultOrder(query: ReportQuery): Ga4OrderBy[] {
  if (query.dimensions.includes(DATE_DIMENSION)) return [{ dimension: DATE_DIMENSION, desc: false }];
  return query.metrics[0] ? [{ metric: query.metrics[0], desc: true }] : [];
}

/** The metrics' totals over a range, as GA4 gives them for a second `dateRanges` entry. */
function totalsOver(profile: DemoPropertyProfile, query: ReportQuery, startDate: string, endDate: string, now: Date): Record<string, number> {
  const total = emptySums();
  for (const cell of demoCells(profile, startDate, endDate, now)) add(total, cell);
  return Object.fromEntries(query.metrics.map((metric) => [metric, metricValue(metric, total)]));
}

export function demoReport(profile: DemoPropertyProfile, query: ReportQuery, now = new Date()): ReportResult {
  checkSupported(query);
  if (query.compare) checkSupported({ ...query, startDate: query.compare.startDate, endDate: query.compare.endDate });
  const groups = new Map<string, { dimensions: Record<string, string>; sums: Sums }>();
  const total = emptySums();
  for (const cell of demoCells(profile, query.startDate, query.endDate, now)) {
    add(total, cell);
    const dimensions = Object.fromEntries(
      query.dimensions.map((dimension) => [dimension, dimension === DATE_DIMENSION ? cell.date : cell.channel]),
    );
    const key = JSON.stringify(dimensions);
    const group = groups.get(key) ?? { dimensions, sums: emptySums() };
    add(group.sums, cell);
    groups.set(key, group);
  }
  const allRows = [...groups.values()].map(({ dimensions, sums }) => ({
    ...dimensions,
    ...Object.fromEntries(query.metrics.map((metric) => [metric, metricValue(metric, sums)])),
  }));
  allRows.sort(compareRows(query));
  return {
    rows: allRows.slice(0, query.limit),
    rowCount: allRows.length,
    totals: Object.fromEntries(query.metrics.map((metric) => [metric, metricValue(metric, total)])),
    ...(query.compare ? { compareTotals: totalsOver(profile, query, query.compare.startDate, query.compare.endDate, now) } : {}),
  };
}
