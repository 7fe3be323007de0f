import { Link as RouterLink } from 'react-router-dom';
import { Button, Card } from '@radix-ui/themes';
import { BarChartIcon, GearIcon, Link2Icon, QuestionMarkCircledIcon } from '@radix-ui/react-icons';
import { EmptyState } from '../../../ui/EmptyState';
import { useCurrentSpace } from '../../spaces/useCurrentSpace';
import { ConnectGa4Button } from '../connections/ConnectGa4Button';
import { useConnectBlockedReason } from '../connections/analytics-permissions';
import { describeAnalyticsStatus } from '../connections/AnalyticsStatusText';
import type { SpaceAnalyticsStatus } from '../connections/space-analytics-status';

export const NO_ANALYTICS_TITLE = 'No analytics connected yet';

/**
 * The Dashboard without a linked property: the same status and sentence as Connections, and the
 * button that does the next step (connect, link a property, reconnect). Members, who cannot
 * connect, read who can and may look at Connections.
 */
export function NoAnalyticsYet({ status }: { status: Extract<SpaceAnalyticsStatus, { kind: 'not-connected' | 'account-not-linked' | 'reconnect' }> }) {
  const space = useCurrentSpace()?.name ?? 'this space';
  const canConnect = useConnectBlockedReason() === null;
  const howItWorks = (
    <Button asChild variant="soft" color="gray">
      <RouterLink to="/ga4-setup">
        <QuestionMarkCircledIcon /> How it works
      </RouterLink>
    </Button>
  );
  const actions = !canConnect ? (
    <Button asChild variant="soft">
      <RouterLink to="/connections">
        <Link2Icon /> View Connections
      </RouterLink>
    </Button>
  ) : status.kind === 'account-not-linked' ? (
    <>
      <Button asChild>
        <RouterLink to="/connections/ga4/manage">
          <GearIcon /> Link a property
        </RouterLink>
      </Button>
      {howItWorks}
    </>
  ) : (
    <>
      <ConnectGa4Button label={status.kind === 'reconnect' ? 'Reconnect Google Analytics' : undefined} />
      {howItWorks}
    </>
  );
  return (
    <Card size="3" className="surface-card">
      <EmptyState
        icon={<BarChartIcon width={22} height={22} />}
        title={NO_ANALYTICS_TITLE}
        description={`${describeAnalyticsStatus(status, space, canConnect) ?? ''} Sessions, users, conversions and top channels appear here once a property is linked.`}
        actions={actions}
      />
    </Card>
  );
}
