import { describe, expect, it } from 'vitest';
import type { Ga4ReportResponse } from '../../../src/contract/ga4';
import { dashboardReports, toDashboardMetrics } from '../../../src/contract/dashboard-metrics';

const report = (rows: Ga4ReportResponse['rows'], totals: Record<string, number> = {}): Ga4ReportResponse => ({
  property_id: '123',
  property_name: 'Shop',
  row_count: rows.length,
  totals,
  rows,
});

const kpiReport = report(
  [],
  { sessions: 1000, activeUsers: 800, conversions: 25, bounceRate: 0.42, averageSessionDuration: 125.4, screenPageViews: 3100, engagedSessions: 580 },
);

describe('dashboard reports', () => {
  it('takes the previous period from the KPI report, and none when the server gave none', () => {
    const previous = { sessions: 900, activeUsers: 700, conversions: 20, bounceRate: 0.5, averageSessionDuration: 100, screenPageViews: 2000, engagedSessions: 400 };
    expect(toDashboardMetrics({ ...kpiReport, compare_totals: previous }, report([]), report([])).previousKpis).toEqual(previous);
    expect(toDashboardMetrics(kpiReport, report([]), report([])).previousKpis).toBeNull();
  });

  it('asks for KPIs (with the previous 28 days to compare), top 10 channels by sessions and sessions by date ascending', () => {
    const reports = dashboardReports('123', { start_date: '2026-03-01', end_date: '2026-03-28' });
    expect(reports.kpis).toEqual({
      property_id: '123',
      start_date: '2026-03-01',
      end_date: '2026-03-28',
      metrics: ['sessions', 'activeUsers', 'conversions', 'bounceRate', 'averageSessionDuration', 'screenPageViews', 'engagedSessions'],
      dimensions: [],
      compare_start_date: '2026-02-01',
      compare_end_date: '2026-02-28',
    });
    expect(reports.channels).toMatchObject({
      metrics: ['sessions'],
      dimensions: ['sessionDefaultChannelGroup'],
      order_bys: [{ metric: 'sessions', desc: true }],
      limit: 10,
    });
    expect(reports.series).toMatchObject({ metrics: ['sessions'], dimensions: ['date'], order_bys: [{ dimension: 'date', desc: false }], limit: 100 });
  });
});

describe('dashboard metrics', () => {
  it('takes the KPIs from the totals, numeric strings included', () => {
    const metrics = toDashboardMetrics({ ...kpiReport, totals: { ...kpiReport.totals, sessions: '1000' as unknown as number } }, report([]), report([]));
    expect(metrics.kpis).toEqual({
      sessions: 1000,
      activeUsers: 800,
      conversions: 25,
      bounceRate: 0.42,
      averageSessionDuration: 125.4,
      screenPageViews: 3100,
      engagedSessions: 580,
    });
  });

  it('falls back to the first row when a report has no totals, and 0 for what is missing', () => {
    const metrics = toDashboardMetrics(report([{ sessions: 12, activeUsers: '9' }]), report([]), report([]));
    expect(metrics.kpis.sessions).toBe(12);
    expect(metrics.kpis.activeUsers).toBe(9);
    expect(metrics.kpis.conversions).toBe(0);
  });

  it('ranks channels by sessions and gives each its share of all sessions', () => {
    const channels = report(
      [
        { sessionDefaultChannelGroup: 'Direct', sessions: 250 },
        { sessionDefaultChannelGroup: 'Organic Search', sessions: 500 },
        { sessionDefaultChannelGroup: '(other)', sessions: 50 },
      ],
      { sessions: 1000 },
    );
    const metrics = toDashboardMetrics(kpiReport, channels, report([]));
    expect(metrics.topChannels).toEqual([
      { channel: 'Organic Search', sessions: 500, percentage: 50 },
      { channel: 'Direct', sessions: 250, percentage: 25 },
      { channel: '(other)', sessions: 50, percentage: 5 },
    ]);
  });

  it('uses the KPI sessions as the whole when the channel report has no totals', () => {
    const channels = report([{ sessionDefaultChannelGroup: 'Email', sessions: 333 }]);
    expect(toDashboardMetrics(kpiReport, channels, report([])).topChannels[0]!.percentage).toBe(33.3);
  });

  it('turns GA4 dates (YYYYMMDD) into an ascending series of YYYY-MM-DD', () => {
    const series = report([
      { date: '20260302', sessions: 40 },
      { date: '20260301', sessions: '30' },
    ]);
    expect(toDashboardMetrics(kpiReport, report([]), series).sessionsSeries).toEqual([
      { date: '2026-03-01', sessions: 30 },
      { date: '2026-03-02', sessions: 40 },
    ]);
  });
});
