import { useState, type KeyboardEvent, type PointerEvent } from 'react';
import { Text } from '@radix-ui/themes';
import { curveMonotoneX } from '@visx/curve';
import { Group } from '@visx/group';
import { useParentSize } from '@visx/responsive';
import { scaleLinear, scaleTime } from '@visx/scale';
import { AreaClosed, Line, LinePath } from '@visx/shape';
import type { DashboardMetrics } from '../../../contract/ga4';
import { formatDay, parseIsoDate } from '../../../contract/dashboard-range';
import { formatCount } from '../../../contract/kpi-format';
import { formatDayMonth } from '../../../contract/format';

type Point = DashboardMetrics['sessionsSeries'][number];

const HEIGHT = 240;
const MARGIN = { top: 12, right: 16, bottom: 28, left: 48 };
/** Before the first measurement (and in tests, where nothing is laid out). */
const INITIAL_WIDTH = 640;

/** One sentence a screen reader (or anyone) can take in instead of the picture. */
export function seriesSummary(series: readonly Point[]): string {
  const first = series[0];
  const last = series.at(-1);
  if (!first || !last) return 'No sessions recorded in this range.';
  const total = series.reduce((sum, point) => sum + point.sessions, 0);
  const peak = series.reduce((best, point) => (point.sessions > best.sessions ? point : best), first);
  return `${formatCount(total)} sessions from ${formatDay(first.date)} to ${formatDay(last.date)}; busiest day ${formatDay(peak.date)} with ${formatCount(peak.sessions)}.`;
}

const TOOLTIP_WIDTH = 140;

/** Beside the point (right of it in the left half, left of it in the right half), never over it. */
function tooltipLeft(pointX: number, width: number): number {
  const left = pointX < width / 2 ? pointX + 12 : pointX - TOOLTIP_WIDTH - 12;
  return Math.min(width - TOOLTIP_WIDTH, Math.max(0, left));
}

const dateOf = (point: Point) => parseIsoDate(point.date) ?? new Date(point.date);

/** Sessions per day as an area with a line, axes, and a tooltip on hover or arrow keys. */
export function SessionsChart({ series }: { series: readonly Point[] }) {
  const { parentRef, width } = useParentSize({ initialSize: { width: INITIAL_WIDTH, height: HEIGHT }, debounceTime: 50 });
  const [active, setActive] = useState<number | null>(null);
  const summary = seriesSummary(series);
  const measured = width || INITIAL_WIDTH;
  const innerWidth = Math.max(40, measured - MARGIN.left - MARGIN.right);
  const innerHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const dates = series.map(dateOf);
  const first = dates[0] ?? new Date();
  const last = dates.at(-1) ?? first;
  const x = scaleTime<number>({ domain: [first, last.getTime() === first.getTime() ? new Date(first.getTime() + 86_400_000) : last], range: [0, innerWidth] });
  const maxSessions = Math.max(1, ...series.map((point) => point.sessions));
  const y = scaleLinear<number>({ domain: [0, maxSessions], range: [innerHeight, 0], nice: true });
  const xTicks = x.ticks(measured < 480 ? 3 : 6);
  const yTicks = y.ticks(4);
  const point = active === null ? undefined : series[active];

  const nearest = (clientX: number, box: DOMRect) => {
    const at = x.invert(clientX - box.left - MARGIN.left).getTime();
    let best = 0;
    dates.forEach((date, index) => {
      if (Math.abs(date.getTime() - at) < Math.abs((dates[best] ?? date).getTime() - at)) best = index;
    });
    return best;
  };
  const onPointerMove = (event: PointerEvent<SVGSVGElement>) => {
    if (series.length > 0) setActive(nearest(event.clientX, event.currentTarget.getBoundingClientRect()));
  };
  const onKeyDown = (event: KeyboardEvent<SVGSVGElement>) => {
    if (series.length === 0) return;
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    setActive((index) => Math.min(series.length - 1, Math.max(0, (index ?? (step > 0 ? -1 : series.length)) + step)));
  };

  return (
    <div ref={parentRef} className="sessions-chart">
      <Text as="p" size="2" color="gray" className="sessions-chart__summary" id="sessions-chart-summary">
        {summary}
      </Text>
      <svg
        width="100%"
        height={HEIGHT}
        role="img"
        aria-label="Sessions over time"
        aria-describedby="sessions-chart-summary"
        tabIndex={0}
        onPointerMove={onPointerMove}
        onPointerLeave={() => setActive(null)}
        onBlur={() => setActive(null)}
        onKeyDown={onKeyDown}
      >
        <Group left={MARGIN.left} top={MARGIN.top}>
          {yTicks.map((tick) => (
            <g key={`y-${tick}`}>
              <Line from={{ x: 0, y: y(tick) }} to={{ x: innerWidth, y: y(tick) }} className="sessions-chart__grid" />
              <text x={-8} y={y(tick)} textAnchor="end" dominantBaseline="middle" className="sessions-chart__tick">
                {formatCount(tick)}
              </text>
            </g>
          ))}
          {xTicks.map((tick) => (
            <text key={`x-${tick.getTime()}`} x={x(tick)} y={innerHeight + 18} textAnchor="middle" className="sessions-chart__tick">
              {formatDayMonth(tick)}
            </text>
          ))}
          <AreaClosed<Point> data={[...series]} x={(d) => x(dateOf(d))} y={(d) => y(d.sessions)} yScale={y} curve={curveMonotoneX} className="sessions-chart__area" />
          <LinePath<Point> data={[...series]} x={(d) => x(dateOf(d))} y={(d) => y(d.sessions)} curve={curveMonotoneX} className="sessions-chart__line" />
          {point ? (
            <g className="sessions-chart__focus">
              <Line from={{ x: x(dateOf(point)), y: 0 }} to={{ x: x(dateOf(point)), y: innerHeight }} />
              <circle cx={x(dateOf(point))} cy={y(point.sessions)} r={4} />
            </g>
          ) : null}
        </Group>
      </svg>
      {point ? (
        <div
          className="sessions-chart__tooltip"
          role="status"
          style={{ left: tooltipLeft(MARGIN.left + x(dateOf(point)), measured), top: MARGIN.top }}
        >
          <strong>{formatCount(point.sessions)}</strong> sessions
          <br />
          {formatDay(point.date)}
        </div>
      ) : null}
    </div>
  );
}
