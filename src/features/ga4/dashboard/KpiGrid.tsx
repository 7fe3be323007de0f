import { Card, Grid, Skeleton, Text } from '@radix-ui/themes';
import type { DashboardMetrics } from '../../../contract/ga4';
import { KPI_CARDS } from '../../../contract/kpi-format';

/** The seven KPIs as cards; grey placeholders while the first figures load. */
export function KpiGrid({ kpis }: { kpis: DashboardMetrics['kpis'] | null }) {
  return (
    <Grid columns={{ initial: '2', sm: '3', md: '4' }} gap="3" aria-label="Key metrics" role="list">
      {KPI_CARDS.map((card) => (
        <Card key={card.key} role="listitem" className="kpi-card" aria-label={card.label}>
          <Text as="p" size="1" color="gray" weight="medium">
            {card.label}
          </Text>
          <Skeleton loading={!kpis}>
            <Text as="p" size="6" weight="bold" className="kpi-card__value" data-testid={`kpi-${card.key}`}>
              {kpis ? card.format(kpis[card.key]) : '00,000'}
            </Text>
          </Skeleton>
        </Card>
      ))}
    </Grid>
  );
}
