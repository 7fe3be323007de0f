import { Group } from '@visx/group';
import { useParentSize } from '@visx/responsive';
import { scaleBand, scaleLinear } from '@visx/scale';
import { Bar } from '@visx/shape';
import type { UsageBreakdownItem } from '../../../contract/billing';
import { formatCredits } from '../billing.status';

const ROW_HEIGHT = 36;
/** Room for the label left of the bars and the figure right of them; narrower on phones. */
const LABEL_WIDTH = 132;
const NARROW_LABEL_WIDTH = 96;
const VALUE_WIDTH = 96;
const NARROW_BELOW = 420;
/** Before the first measurement (and in tests, where nothing is laid out). */
const INITIAL_WIDTH = 480;
/** Radix accent steps, strongest first, so the biggest bar stands out. */
const BAR_COLORS = ['var(--accent-9)', 'var(--accent-8)', 'var(--accent-7)', 'var(--accent-6)'];

/** Cuts long labels so they never run into the bars. */
function shorten(label: string, max = 18): string {
  return label.length > max ? `${label.slice(0, max - 1)}…` : label;
}

/** Horizontal bars of credits per feature or agent; the table under it (UsagePanel) carries the exact numbers. */
export function UsageBreakdownChart({ items, title }: { items: readonly UsageBreakdownItem[]; title: string }) {
  const { parentRef, width } = useParentSize({ initialSize: { width: INITIAL_WIDTH, height: 0 }, debounceTime: 50 });
  const measured = width || INITIAL_WIDTH;
  const labelWidth = measured < NARROW_BELOW ? NARROW_LABEL_WIDTH : LABEL_WIDTH;
  const chartWidth = Math.max(40, measured - labelWidth - VALUE_WIDTH);
  const height = items.length * ROW_HEIGHT;
  const keys = items.map((_, index) => `${index}`);
  const y = scaleBand<string>({ domain: keys, range: [0, height], padding: 0.35 });
  const x = scaleLinear<number>({ domain: [0, Math.max(1, ...items.map((item) => item.credits))], range: [0, chartWidth] });

  return (
    <div ref={parentRef} className="usage-chart">
      <svg width="100%" height={height} role="img" aria-label={title}>
        {items.map((item, index) => {
          const top = y(`${index}`) ?? 0;
          const barHeight = y.bandwidth();
          const barWidth = Math.max(2, x(item.credits));
          return (
            <Group key={`${item.key ?? 'none'}-${index}`} top={top}>
              <text className="usage-chart__label" x={0} y={barHeight / 2} dominantBaseline="middle">
                <title>{item.label}</title>
                {shorten(item.label, labelWidth === LABEL_WIDTH ? 18 : 12)}
              </text>
              <Bar x={labelWidth} y={0} width={barWidth} height={barHeight} rx={4} fill={BAR_COLORS[Math.min(index, BAR_COLORS.length - 1)]} />
              <text className="usage-chart__value" x={labelWidth + barWidth + 8} y={barHeight / 2} dominantBaseline="middle">
                {formatCredits(item.credits)} · {item.percentage}%
              </text>
            </Group>
          );
        })}
      </svg>
    </div>
  );
}
