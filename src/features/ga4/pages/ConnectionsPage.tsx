import { Link as RouterLink } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { Button, Card, Flex, Heading, Skeleton, Text } from '@radix-ui/themes';
import { BarChartIcon, GearIcon, QuestionMarkCircledIcon } from '@radix-ui/react-icons';
import { Page } from '../../../ui/Page';
import { PageHeader } from '../../../ui/PageHeader';
import { AccountsList } from '../connections/AccountsList';
import { ConnectGa4Button } from '../connections/ConnectGa4Button';
import { Ga4ErrorCallout } from '../connections/Ga4ErrorCallout';
import { SpaceAnalyticsBadge } from '../connections/SpaceAnalyticsBadge';
import { AnalyticsStatusText } from '../connections/AnalyticsStatusText';
import { useConnectBlockedReason } from '../connections/analytics-permissions';
import { useSpaceAnalyticsStatus } from '../connections/space-analytics-status';
import { ga4State, loadAccounts, loadLinkedProperties } from '../connections/ga4.store';
import '../ga4.css';

/**
 * Connections: the Google Analytics 4 card. Its status is the space's (useSpaceAnalyticsStatus),
 * the same one the Dashboard shows; below it, the person's own connected Google accounts.
 */
export default function ConnectionsPage() {
  const ga4 = useSnapshot(ga4State);
  const status = useSpaceAnalyticsStatus();
  const blocked = useConnectBlockedReason();
  const retry = () => {
    void loadLinkedProperties();
    void loadAccounts();
  };

  return (
    <Page>
      <PageHeader title="Connections" description="Accounts connected to this space." />
      <Card size="3" className="surface-card" aria-label="Google Analytics 4">
        <Flex direction="column" gap="4">
          <Flex justify="between" align="start" gap="3" wrap="wrap">
            <Flex gap="3" align="center">
              <BarChartIcon width={22} height={22} aria-hidden="true" />
              <Flex direction="column">
                <Heading as="h2" size="4">
                  Google Analytics 4
                </Heading>
                <Text size="2" color="gray">
                  Traffic, users and conversions for the dashboard and the agents.
                </Text>
              </Flex>
            </Flex>
            <SpaceAnalyticsBadge status={status} />
          </Flex>

          <AnalyticsStatusText status={status} canConnect={blocked === null} />
          {ga4.error ? <Ga4ErrorCallout failure={ga4.error} onRetry={retry} /> : null}

          {!ga4.accountsLoaded && ga4.loadingAccounts ? (
            <Skeleton height="48px" />
          ) : ga4.accounts.length > 0 ? (
            <Flex direction="column" gap="2">
              <Heading as="h3" size="2" color="gray">
                Your Google accounts
              </Heading>
              <AccountsList accounts={ga4.accounts} />
            </Flex>
          ) : null}

          <Flex gap="3" wrap="wrap">
            <ConnectGa4Button label={ga4.accounts.length > 0 ? 'Connect another account' : undefined} />
            <Button asChild variant="soft">
              <RouterLink to="/connections/ga4/manage">
                <GearIcon /> Manage GA4 Properties
              </RouterLink>
            </Button>
            <Button asChild variant="ghost">
              <RouterLink to="/ga4-setup">
                <QuestionMarkCircledIcon /> How it works
              </RouterLink>
            </Button>
          </Flex>
        </Flex>
      </Card>
    </Page>
  );
}
