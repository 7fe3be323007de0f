/** Reports from the Analytics Data API (properties/{id}:runReport), mapped to and from our shapes. */
import { DATE_DIMENSION } from '../../../../src/contract/ga4';
import type { ReportQuery, ReportResult } from '../types';
import { apiError, fetchGoogle } from './google-errors';

interface AnswerRow {
  dimensionValues?: { value?: string }[];
  metricValues?: { value?: string }[];
}

interface RunReportAnswer {
  dimensionHeaders?: { name: string }[];
  metricHeaders?: { name: string; type?: string }[];
  rows?: AnswerRow[];
  totals?: AnswerRow[];
  rowCount?: number;
}

/**
 * With two `dateRanges` GA4 adds a `dateRange` dimension to the answer: each row and each totals
 * row says which range it belongs to, by the range's name.
 */
const DATE_RANGE_DIMENSION = 'dateRange';
const MAIN_RANGE = 'current';
const COMPARE_RANGE = 'previous';

export function toRunReportRequest(query: ReportQuery) {
  const main = { startDate: query.startDate, endDate: query.endDate };
  return {
    dateRanges: query.compare
      ? [
          { ...main, name: MAIN_RANGE },
          { startDate: query.compare.startDate, endDate: query.compare.endDate, name: COMPARE_RANGE },
        ]
      : [main],
    metrics: query.metrics.map((name) => ({ name })),
    dimensions: query.dimensions.map((name) => ({ name })),
    orderBys: query.orderBys.map((order) =>
      order.metric !== undefined
        ? { metric: { metricName: order.metric }, desc: order.desc }
        : { dimension: { dimensionName: order.dimension }, desc: order.desc },
    ),
    limit: String(query.limit),
    // Totals over every matching row, not only the ones within `limit`.
    metricAggregations: ['TOTAL'],
  };
}

/** GA4 writes dates as YYYYMMDD; our wire format (and the request) uses YYYY-MM-DD. */
function dimensionValue(name: string, value: string): string {
  return name === DATE_DIMENSION && /^\d{8}$/.test(value) ? `${value.slice(0, 4)}-${value.slice(4, 6)}-${value.slice(6)}` : value;
}

/** Which range a row is of: its `dateRange` value, or (one range asked) the main one. */
const rangeOf = (row: AnswerRow, rangeIndex: number) => (rangeIndex < 0 ? MAIN_RANGE : row.dimensionValues?.[rangeIndex]?.value);

export function fromRunReportAnswer(query: ReportQuery, answer: RunReportAnswer): ReportResult {
  const dimensionNames = answer.dimensionHeaders?.map((header) => header.name) ?? query.dimensions;
  const metricNames = answer.metricHeaders?.map((header) => header.name) ?? query.metrics;
  const rangeIndex = query.compare ? dimensionNames.indexOf(DATE_RANGE_DIMENSION) : -1;
  const mainRows = (answer.rows ?? []).filter((row) => rangeOf(row, rangeIndex) === MAIN_RANGE);
  const rows = mainRows.map((row) => {
    const record: Record<string, string | number> = {};
    dimensionNames.forEach((name, index) => {
      // The range is said by where the figures land (totals or compare_totals), not in every row.
      if (index !== rangeIndex) record[name] = dimensionValue(name, row.dimensionValues?.[index]?.value ?? '');
    });
    metricNames.forEach((name, index) => {
      record[name] = Number(row.metricValues?.[index]?.value ?? 0);
    });
    return record;
  });
  const totalsOf = (range: string) => {
    // Without a `dateRange` column the totals come in the order the ranges were asked.
    const row = rangeIndex < 0 ? answer.totals?.[range === MAIN_RANGE ? 0 : 1] : answer.totals?.find((total) => rangeOf(total, rangeIndex) === range);
    const values = row?.metricValues;
    return Object.fromEntries(metricNames.map((name, index) => [name, Number(values?.[index]?.value ?? 0)]));
  };
  // Two ranges: GA4's rowCount counts the rows of both; the main range's are the ones returned.
  const rowCount = query.compare ? mainRows.length : (answer.rowCount ?? rows.length);
  return { rows, rowCount, totals: totalsOf(MAIN_RANGE), ...(query.compare ? { compareTotals: totalsOf(COMPARE_RANGE) } : {}) };
}

export async function runGoogleReport(baseUrl: string, accessToken: string, query: ReportQuery, timeoutMs: number): Promise<ReportResult> {
  const response = await fetchGoogle(
    `${baseUrl}/properties/${encodeURIComponent(query.propertyId)}:runReport`,
    {
      method: 'POST',
      headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify(toRunReportRequest(query)),
    },
    timeoutMs,
  );
  const text = await response.text();
  if (!response.ok) throw apiError(response.status, text);
  return fromRunReportAnswer(query, JSON.parse(text) as RunReportAnswer);
}
