/** Reports from the Analytics Data API (properties/{id}:runReport), mapped to and from our shapes. */
import { DATE_DIMENSION } from '../../../../src/contract/ga4';
import type { ReportQuery, ReportResult } from '../types';
import { apiError, fetchGoogle } from './google-errors';

interface RunReportAnswer {
  dimensionHeaders?: { name: string }[];
  metricHeaders?: { name: string; type?: string }[];
  rows?: { dimensionValues?: { value?: string }[]; metricValues?: { value?: string }[] }[];
  totals?: { metricValues?: { value?: string }[] }[];
  rowCount?: number;
}

export function toRunReportRequest(query: ReportQuery) {
  return {
    dateRanges: [{ startDate: query.startDate, endDate: query.endDate }],
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

export function fromRunReportAnswer(query: ReportQuery, answer: RunReportAnswer): ReportResult {
  const dimensionNames = answer.dimensionHeaders?.map((header) => header.name) ?? query.dimensions;
  const metricNames = answer.metricHeaders?.map((header) => header.name) ?? query.metrics;
  const rows = (answer.rows ?? []).map((row) => {
    const record: Record<string, string | number> = {};
    dimensionNames.forEach((name, index) => {
      record[name] = dimensionValue(name, row.dimensionValues?.[index]?.value ?? '');
    });
    metricNames.forEach((name, index) => {
      record[name] = Number(row.metricValues?.[index]?.value ?? 0);
    });
    return record;
  });
  const totalValues = answer.totals?.[0]?.metricValues;
  const totals = Object.fromEntries(metricNames.map((name, index) => [name, Number(totalValues?.[index]?.value ?? 0)]));
  return { rows, rowCount: answer.rowCount ?? rows.length, totals };
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
