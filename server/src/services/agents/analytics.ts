/**
 * The space's Google Analytics figures for agents that use them (tool 'analytics_report'): the
 * first linked property (the one the dashboard auto-selects, spec 001 §3), the last 28 days
 * (spec 001 §9), the dashboard's own three reports (spec 001 §7) read through the GA4 report
 * service with the account that linked the property. A failure never fails the run: it is logged
 * and the answer says analytics could not be read.
 */
import type { Ga4ReportResponse } from '../../../../src/contract/ga4';
import { dashboardReports, toDashboardMetrics } from '../../../../src/contract/dashboard-metrics';
import { DEFAULT_RANGE, DEFAULT_RANGE_DAYS, formatDay, presetDates } from '../../../../src/contract/dashboard-range';
import { KPI_CARDS } from '../../../../src/contract/kpi-format';
import { AppError } from '../../errors';
import { ProviderError } from '../../ga4/types';
import type { AnalyticsSnapshot } from '../../llm/offline/types';
import type { Ga4Context } from '../ga4/ga4-context';
import { listLinkedProperties } from '../ga4/links.service';
import { runReport } from '../ga4/reports.service';

/** What a run learns about the space's analytics. */
export type AnalyticsLookup =
  | { status: 'ready'; snapshot: AnalyticsSnapshot }
  /** No property is linked to the space. */
  | { status: 'not-connected' }
  /** A property is linked but could not be read now (token, quota, Google down). */
  | { status: 'unavailable' };

export interface AnalyticsLoader {
  lookup(spaceId: string): Promise<AnalyticsLookup>;
}

/**
 * Several runs in a space within minutes ask the same question; GA4 figures for 28 days barely
 * move in that time and every report costs Google quota, so a snapshot is kept this long.
 */
export const ANALYTICS_CACHE_MS = 5 * 60_000;
/** Bounds the cache's memory in a process serving many spaces; expired entries go first. */
const CACHE_MAX_ENTRIES = 500;

export interface AnalyticsLoaderOptions {
  log: { warn(object: object, message: string): void };
  cacheMs?: number;
  now?: () => Date;
}

export function createAnalyticsLoader(ctx: Ga4Context, options: AnalyticsLoaderOptions): AnalyticsLoader {
  const cacheMs = options.cacheMs ?? ANALYTICS_CACHE_MS;
  const now = options.now ?? (() => new Date());
  // Promises, so concurrent runs of one space share one set of reports; failures are not kept.
  const cache = new Map<string, { expiresAt: number; snapshot: Promise<AnalyticsSnapshot> }>();

  const remember = (key: string, snapshot: Promise<AnalyticsSnapshot>, at: number) => {
    if (cache.size >= CACHE_MAX_ENTRIES) {
      for (const [oldKey, entry] of cache) if (entry.expiresAt <= at) cache.delete(oldKey);
      // Still full: drop the oldest (Map keeps insertion order).
      if (cache.size >= CACHE_MAX_ENTRIES) cache.delete(cache.keys().next().value!);
    }
    cache.set(key, { expiresAt: at + cacheMs, snapshot });
  };

  return {
    async lookup(spaceId) {
      let propertyId: string | undefined;
      try {
        const [first] = await listLinkedProperties(ctx.db, spaceId);
        if (!first) return { status: 'not-connected' };
        propertyId = first.ga4_property_id;
        const today = now();
        const dates = presetDates(DEFAULT_RANGE, today);
        const key = `${spaceId}:${propertyId}:${dates.start_date}`;
        const at = today.getTime();
        const cached = cache.get(key);
        if (cached && cached.expiresAt > at) return { status: 'ready', snapshot: await cached.snapshot };
        const snapshot = readSnapshot(ctx, spaceId, propertyId, dates);
        remember(key, snapshot, at);
        snapshot.catch(() => {
          if (cache.get(key)?.snapshot === snapshot) cache.delete(key);
        });
        return { status: 'ready', snapshot: await snapshot };
      } catch (error) {
        // Only codes and the service's own texts: never the account's tokens or the raw error object.
        options.log.warn({ spaceId, propertyId, ...describeFailure(error) }, 'Analytics could not be read for an agent run; answering without them');
        return { status: 'unavailable' };
      }
    },
  };
}

async function readSnapshot(ctx: Ga4Context, spaceId: string, propertyId: string, dates: { start_date: string; end_date: string }): Promise<AnalyticsSnapshot> {
  const reports = dashboardReports(propertyId, dates);
  const [kpiReport, channelReport, seriesReport] = await Promise.all([
    runReport(ctx, spaceId, reports.kpis),
    runReport(ctx, spaceId, reports.channels),
    runReport(ctx, spaceId, reports.series),
  ]);
  return toSnapshot(kpiReport, channelReport, seriesReport, dates);
}

function toSnapshot(
  kpiReport: Ga4ReportResponse,
  channelReport: Ga4ReportResponse,
  seriesReport: Ga4ReportResponse,
  dates: { start_date: string; end_date: string },
): AnalyticsSnapshot {
  const metrics = toDashboardMetrics(kpiReport, channelReport, seriesReport);
  return {
    propertyName: kpiReport.property_name,
    rangeLabel: `last ${DEFAULT_RANGE_DAYS} days (${formatDay(dates.start_date)} – ${formatDay(dates.end_date)})`,
    // Labelled and written as the dashboard's KPI cards, so the answer and the screen agree.
    kpis: KPI_CARDS.map((card) => ({ label: card.label, value: card.format(metrics.kpis[card.key]) })),
    topChannels: metrics.topChannels,
    sessionsSeries: metrics.sessionsSeries,
  };
}

function describeFailure(error: unknown): { code: string; reason: string } {
  if (error instanceof AppError) return { code: error.code, reason: error.detail };
  if (error instanceof ProviderError) return { code: error.kind, reason: error.message };
  return { code: 'INTERNAL', reason: error instanceof Error ? error.name : 'unknown' };
}
