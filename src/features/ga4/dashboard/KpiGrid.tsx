import { Card, Grid, Skeleton, Text, VisuallyHidden } from '@radix-ui/themes';
import type { DashboardMetrics } from '../../../contract/ga4';
import { KPI_CARDS, kpiChange, type KpiChange } from '../../../contract/kpi-format';

interface KpiGridProps {
  kpis: DashboardMetrics['kpis'] | null;
  /** The same figures over the previous period of equal length, when known. */
  previous?: DashboardMetrics['previousKpis'];
  /** 'the previous 28 days': what the changes are measured against. */
  previousPeriod: string;
}

const CHANGE_COLOURS = { good: 'green', bad: 'red', flat: 'gray' } as const;

/** '▲ 12%' in green (good news) or red, read out as 'up 12% on the previous 28 days'. */
function Change({ change }: { change: KpiChange }) {
  const colour = CHANGE_COLOURS[change.good === null ? 'flat' : change.good ? 'good' : 'bad'];
  return (
    <Text as="p" size="1" color={colour} weight="medium" className="kpi-card__change" title={change.spoken}>
      <span aria-hidden="true">{change.shown}</span>
      <VisuallyHidden>{change.spoken}</VisuallyHidden>
    </Text>
  );
}

/** The seven KPIs as cards, each with its change on the previous period; grey placeholders while the first figures load. */
export function KpiGrid({ kpis, previous, previousPeriod }: KpiGridProps) {
  return (
    <Grid columns={{ initial: '2', sm: '3', md: '4' }} gap="3" aria-label="Key metrics" role="list">
      {KPI_CARDS.map((card) => {
        const change = kpis && previous ? kpiChange(card.key, kpis[card.key], previous[card.key], previousPeriod) : null;
        return (
          <Card key={card.key} role="listitem" className="kpi-card" aria-label={card.label}>
            <Text as="p" size="1" color="gray" weight="medium">
              {card.label}
            </Text>
            <Skeleton loading={!kpis}>
              <Text as="p" size="6" weight="bold" className="kpi-card__value" data-testid={`kpi-${card.key}`}>
                {kpis ? card.format(kpis[card.key]) : '00,000'}
              </Text>
            </Skeleton>
            {change ? <Change change={change} /> : null}
          </Card>
        );
      })}
    </Grid>
  );
}
