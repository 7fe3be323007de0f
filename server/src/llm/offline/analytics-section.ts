/** The offline engine's analytics section: the space's figures, or why there are none. */
import { asPlainText } from './text';
import type { AnalyticsSnapshot } from './types';

/** Said only where figures are the whole point (Agent Mode's analytics step); a chat answer leaves the section out. */
export const NO_ANALYTICS_TEXT = 'No performance figures were available for this goal, so the plan rests on your documents and answers.';
export const ANALYTICS_UNAVAILABLE_TEXT = 'The performance figures could not be read just now, so this step goes on without them.';

/** Days compared at each end of the series: a week evens out weekday and weekend swings. */
const TREND_WINDOW_DAYS = 7;

/** 'Sessions in the last 7 days: 1,234, up 5.2% on the first 7 days of the range.' (null when too short). */
export function sessionsTrend(series: readonly { sessions: number }[] | undefined): string | null {
  if (!series || series.length < TREND_WINDOW_DAYS * 2) return null;
  const sum = (rows: readonly { sessions: number }[]) => rows.reduce((total, row) => total + row.sessions, 0);
  const first = sum(series.slice(0, TREND_WINDOW_DAYS));
  const last = sum(series.slice(-TREND_WINDOW_DAYS));
  const lastText = `Sessions in the last ${TREND_WINDOW_DAYS} days: ${last.toLocaleString('en-US')}`;
  if (first === 0) return `${lastText}.`;
  const change = ((last - first) / first) * 100;
  const direction = Math.abs(change) < 0.05 ? 'level with' : change > 0 ? `up ${change.toFixed(1)}% on` : `down ${Math.abs(change).toFixed(1)}% on`;
  return `${lastText}, ${direction} the first ${TREND_WINDOW_DAYS} days of the range (${first.toLocaleString('en-US')}).`;
}

export function analyticsSection(analytics: AnalyticsSnapshot | null, unavailable: boolean): string {
  if (!analytics) return unavailable ? ANALYTICS_UNAVAILABLE_TEXT : NO_ANALYTICS_TEXT;
  const kpis = analytics.kpis.map((kpi) => `| ${kpi.label} | ${kpi.value} |`).join('\n');
  const channels = analytics.topChannels
    .slice(0, 5)
    .map((row) => `- ${asPlainText(row.channel)}: ${row.sessions.toLocaleString('en-US')} sessions (${row.percentage.toFixed(1)}%)`)
    .join('\n');
  const trend = sessionsTrend(analytics.sessionsSeries);
  return [
    // Names come from the property's owner (display name, channel labels): shown as text, never as Markdown.
    `**${asPlainText(analytics.propertyName)}**, ${analytics.rangeLabel}`,
    `| Metric | Value |\n|---|---|\n${kpis}`,
    ...(trend ? [trend] : []),
    `**Top channels**\n\n${channels || 'No channel data in this range.'}`,
  ].join('\n\n');
}
