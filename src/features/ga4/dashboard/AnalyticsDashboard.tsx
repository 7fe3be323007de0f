import { useEffect, type ComponentProps, type ReactNode } from 'react';
import { Card, Flex, Grid, Heading, IconButton, Skeleton, Text, Tooltip } from '@radix-ui/themes';
import { ReloadIcon } from '@radix-ui/react-icons';
import { Page } from '../../../ui/Page';
import { PageHeader } from '../../../ui/PageHeader';
import { NetworkRequiredTooltip, timeAgo } from '../../../pwa';
import { useNow } from '../../../pwa/use-now';
import { spacesState } from '../../../session';
import { DemoBadge } from '../connections/DemoBadge';
import { Ga4ErrorCallout } from '../connections/Ga4ErrorCallout';
import { KpiGrid } from './KpiGrid';
import { PropertySelector } from '../connections/PropertySelector';
import { RangeControl } from './RangeControl';
import { TopChannels } from './TopChannels';
import { describePreviousPeriod, describeRange, rangeKeyDays } from '../../../contract/dashboard-range';
import { dashboardState, loadDashboard, setRange } from './dashboard.store';
import { ga4State, loadAccounts, loadLinkedProperties } from '../connections/ga4.store';
import { spaceAnalyticsStatus, useSpaceAnalyticsLoads } from '../connections/space-analytics-status';
import { SpaceAnalyticsBadge } from '../connections/SpaceAnalyticsBadge';
import { GetStartedChecklist } from '../../onboarding/components/GetStartedChecklist';
import { NoAnalyticsYet } from './NoAnalyticsYet';
import { lazyScreen } from '../../../ui/lazy-screen';
import { useSnapshotInTransition } from '../../../ui/use-snapshot-in-transition';
import type { SessionsChart as SessionsChartComponent } from './SessionsChart';
import '../ga4.css';

const CHART_HEIGHT = '240px';

/**
 * The chart (visx and d3, about a third of this screen's code) loads only for a space with a linked
 * property: an organisation without analytics sees the empty state without paying for it.
 */
const SessionsChart = lazyScreen<ComponentProps<typeof SessionsChartComponent>>(
  () => import('./SessionsChart').then((module) => ({ default: module.SessionsChart })),
  <Skeleton height={CHART_HEIGHT} />,
);

/** The analytics dashboard: property, range, KPIs, sessions over time and top channels. */
export function AnalyticsDashboard() {
  // The whole screen re-renders when these change: in a transition, not in one blocking task.
  const { currentSpaceId } = useSnapshotInTransition(spacesState);
  const ga4 = useSnapshotInTransition(ga4State);
  const dashboard = useSnapshotInTransition(dashboardState);
  const now = useNow();
  // The same status Connections shows, from the same loads (linked properties, accounts, auth status).
  useSpaceAnalyticsLoads(currentSpaceId);
  const status = spaceAnalyticsStatus(ga4);

  // A new space or property loads here; a new range loads from setRange, the control's action.
  useEffect(() => {
    if (!ga4.selectedPropertyId) return;
    void SessionsChart.preload().catch(() => undefined);
    void loadDashboard();
  }, [currentSpaceId, ga4.selectedPropertyId]);

  // Every state renders through this one shape, so the header and the checklist stay mounted
  // (and keep what they loaded) when the state changes below them.
  const dashboardScreen = (actions: ReactNode, body: ReactNode) => (
    <Page wide>
      <PageHeader title="Dashboard" description="Key metrics for your space." actions={actions} />
      <GetStartedChecklist />
      {body}
    </Page>
  );

  if (status.kind === 'not-connected' || status.kind === 'account-not-linked' || status.kind === 'reconnect') {
    return dashboardScreen(<SpaceAnalyticsBadge status={status} />, <NoAnalyticsYet status={status} />);
  }

  if (status.kind === 'unavailable') {
    const retry = () => {
      void loadLinkedProperties();
      void loadAccounts();
    };
    return dashboardScreen(null, <Ga4ErrorCallout failure={status.failure} onRetry={retry} />);
  }

  // Until the space's status is known, the header alone: a skeleton of the whole dashboard would
  // vanish again for a space without analytics, moving everything under it (layout shift).
  if (status.kind === 'loading') return dashboardScreen(<SpaceAnalyticsBadge status={status} />, null);

  const shown = dashboard.shown;
  const metrics = shown && shown.propertyId === ga4.selectedPropertyId ? shown.metrics : null;
  const waiting = !metrics && dashboard.loading;

  return dashboardScreen(
    <Flex gap="2" align="center">
      {shown?.isDemo && metrics ? <DemoBadge /> : null}
      <SpaceAnalyticsBadge status={status} />
    </Flex>,
    <>
      <Flex className="dashboard-toolbar" justify="between" align="start" wrap="wrap" mb="4">
        <Flex direction="column" gap="1">
          <PropertySelector />
        </Flex>
        <RangeControl range={dashboard.range} onChange={(range) => void setRange(range)} />
      </Flex>

      <Flex align="center" gap="2" mb="3" minHeight="24px">
        {shown && metrics ? (
          <Text as="p" size="1" color="gray" className="last-updated">
            Last updated {timeAgo(shown.savedAt, Math.max(now, shown.savedAt))}
            {dashboard.fromDevice ? ' · showing figures saved on this device' : ''}
          </Text>
        ) : null}
        <NetworkRequiredTooltip>
          {({ disabled }) => (
            <Tooltip content="Refresh">
              <IconButton size="1" variant="ghost" aria-label="Refresh" disabled={disabled || dashboard.loading} onClick={() => void loadDashboard()}>
                <ReloadIcon />
              </IconButton>
            </Tooltip>
          )}
        </NetworkRequiredTooltip>
      </Flex>

      {dashboard.error ? (
        <Flex direction="column" mb="4">
          <Ga4ErrorCallout failure={dashboard.error} onRetry={() => void loadDashboard()} />
        </Flex>
      ) : null}

      {metrics || waiting ? (
        <Flex direction="column" gap="4">
          <KpiGrid kpis={metrics?.kpis ?? null} previous={metrics?.previousKpis} previousPeriod={describePreviousPeriod(rangeKeyDays(shown?.rangeKey ?? ''))} />
          <Grid columns={{ initial: '1', md: '3' }} gap="4">
            <Card size="2" className="surface-card dashboard-card--wide" aria-label="Sessions over time">
              <Heading as="h2" size="3" mb="1">
                Sessions over time
              </Heading>
              <Text as="p" size="1" color="gray" mb="2">
                {describeRange(dashboard.range, new Date(now))}
              </Text>
              {metrics ? <SessionsChart series={metrics.sessionsSeries} /> : <Skeleton height={CHART_HEIGHT} />}
            </Card>
            <Card size="2" className="surface-card" aria-label="Top channels">
              <Heading as="h2" size="3" mb="3">
                Top channels
              </Heading>
              {metrics ? <TopChannels channels={metrics.topChannels} /> : <Skeleton height="240px" />}
            </Card>
          </Grid>
        </Flex>
      ) : null}
    </>,
  );
}
