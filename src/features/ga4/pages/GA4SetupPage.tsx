import { Link as RouterLink } from 'react-router-dom';
import { Button, Card, Flex, Heading, Text } from '@radix-ui/themes';
import { GearIcon, LockClosedIcon } from '@radix-ui/react-icons';
import { Page } from '../../../ui/Page';
import { PageHeader } from '../../../ui/PageHeader';
import { ConnectGa4Button } from '../connections/ConnectGa4Button';
import '../ga4.css';

/** GA4 setup: what connecting does, the read-only scope, and the steps. */
export default function GA4SetupPage() {
  return (
    <Page>
      <PageHeader title="GA4 Setup" description="Connect Google Analytics to this space in three steps." />
      <Flex direction="column" gap="4">
        <Card size="3" className="surface-card">
          <Heading as="h2" size="4" mb="2">
            What connecting does
          </Heading>
          <Text as="p" size="2" color="gray">
            Mosaic reads your Google Analytics 4 reports — sessions, users, conversions and channels — to fill the
            dashboard and to give the agents real figures to work with.
          </Text>
          <Flex gap="2" align="center" mt="3">
            <LockClosedIcon aria-hidden="true" />
            <Text size="2">
              Read-only: Mosaic asks only for permission to view your analytics data. It can never change your
              properties, settings or users.
            </Text>
          </Flex>
        </Card>
        <Card size="3" className="surface-card">
          <Heading as="h2" size="4" mb="3">
            Steps
          </Heading>
          <ol className="setup-steps">
            <li>
              <Text size="2">
                <strong>Connect a Google account.</strong> Google asks you to choose an account and allow read-only access.
              </Text>
            </li>
            <li>
              <Text size="2">
                <strong>Link a property.</strong> On Manage GA4 Properties, pick the properties this space should report on.
              </Text>
            </li>
            <li>
              <Text size="2">
                <strong>Open the dashboard.</strong> The first linked property is shown; switch between them any time.
              </Text>
            </li>
          </ol>
          <Flex gap="3" mt="4" wrap="wrap">
            <ConnectGa4Button />
            <Button asChild variant="soft">
              <RouterLink to="/connections/ga4/manage">
                <GearIcon /> Manage GA4 Properties
              </RouterLink>
            </Button>
          </Flex>
        </Card>
      </Flex>
    </Page>
  );
}
