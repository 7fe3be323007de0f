import { useEffect } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { Button, Card, Flex, Heading, Skeleton, Text } from '@radix-ui/themes';
import { BarChartIcon, GearIcon, QuestionMarkCircledIcon } from '@radix-ui/react-icons';
import { Page } from '../../../ui/Page';
import { PageHeader } from '../../../ui/PageHeader';
import { AccountsList } from '../ga4/AccountsList';
import { AuthStatusBadge } from '../ga4/AuthStatusBadge';
import { ConnectGa4Button } from '../ga4/ConnectGa4Button';
import { Ga4ErrorCallout } from '../ga4/Ga4ErrorCallout';
import { ga4State, loadAccounts } from '../ga4/ga4.store';
import { spacesState } from '../../../session';
import '../analytics.css';

/** Connections: the Google Analytics 4 card with auth status, accounts, connect and manage. */
export default function ConnectionsPage() {
  const { currentSpaceId } = useSnapshot(spacesState);
  const ga4 = useSnapshot(ga4State);

  useEffect(() => {
    void loadAccounts();
  }, [currentSpaceId]);

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
            {ga4.authStatus ? <AuthStatusBadge status={ga4.authStatus.status} /> : null}
          </Flex>

          {ga4.authStatus?.message && ga4.authStatus.status !== 'authenticated' && ga4.authStatus.status !== 'no_accounts' ? (
            <Text as="p" size="2" color="gray">
              {ga4.authStatus.message}
            </Text>
          ) : null}
          {ga4.error ? <Ga4ErrorCallout failure={ga4.error} onRetry={() => void loadAccounts()} /> : null}

          {!ga4.accountsLoaded && ga4.loadingAccounts ? (
            <Skeleton height="48px" />
          ) : ga4.accounts.length > 0 ? (
            <AccountsList accounts={ga4.accounts} />
          ) : ga4.accountsLoaded ? (
            <Text as="p" size="2" color="gray">
              No Google account connected yet. Connecting opens Google, where you choose an account and allow read-only access.
            </Text>
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
