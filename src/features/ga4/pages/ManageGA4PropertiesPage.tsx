import { useEffect } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { Button, Card, Flex, Heading, Skeleton } from '@radix-ui/themes';
import { ArrowLeftIcon, MixerHorizontalIcon } from '@radix-ui/react-icons';
import { EmptyState } from '../../../ui/EmptyState';
import { Page } from '../../../ui/Page';
import { PageHeader } from '../../../ui/PageHeader';
import { ConnectGa4Button } from '../connections/ConnectGa4Button';
import { Ga4ErrorCallout } from '../connections/Ga4ErrorCallout';
import { LinkedPropertiesList } from '../connections/LinkedPropertiesList';
import { PropertiesByAccount } from '../connections/PropertiesByAccount';
import { useConnectionResult } from '../connections/useConnectionResult';
import { ga4State, loadLinkedProperties, loadProperties } from '../connections/ga4.store';
import { spacesState } from '../../../session';
import '../ga4.css';

function reload(): void {
  void loadProperties();
  void loadLinkedProperties();
}

/** Manage GA4 Properties: link or unlink the space's properties; lands here after connecting. */
export default function ManageGA4PropertiesPage() {
  const { currentSpaceId } = useSnapshot(spacesState);
  const ga4 = useSnapshot(ga4State);
  useConnectionResult(reload);

  useEffect(reload, [currentSpaceId]);

  const loading = !ga4.propertiesLoaded && ga4.loadingProperties;
  return (
    <Page>
      <PageHeader
        title="Manage GA4 Properties"
        description="Choose which Google Analytics properties this space reports on."
        actions={
          <Button asChild variant="soft" color="gray">
            <RouterLink to="/connections">
              <ArrowLeftIcon /> Connections
            </RouterLink>
          </Button>
        }
      />
      {ga4.error ? (
        <Flex direction="column" mb="4">
          <Ga4ErrorCallout failure={ga4.error} onRetry={reload} />
        </Flex>
      ) : null}

      <Card size="3" className="surface-card" mb="5" aria-label="Linked to this space">
        <Heading as="h2" size="4" mb="2">
          Linked to this space
        </Heading>
        {ga4.linkedLoaded ? <LinkedPropertiesList /> : <Skeleton height="48px" />}
      </Card>

      <Heading as="h2" size="4" mb="3">
        Available properties
      </Heading>
      {loading ? (
        <Skeleton height="120px" />
      ) : ga4.propertiesLoaded && ga4.accounts.length === 0 ? (
        <Card size="3" className="surface-card">
          <EmptyState
            icon={<MixerHorizontalIcon width={22} height={22} />}
            title="No Google account connected"
            description="Connect a Google account; its Google Analytics properties appear here to link to this space."
            actions={<ConnectGa4Button />}
          />
        </Card>
      ) : (
        <PropertiesByAccount />
      )}
    </Page>
  );
}
