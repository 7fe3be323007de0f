import { Link as RouterLink } from 'react-router-dom';
import { Button } from '@radix-ui/themes';
import { GearIcon, Link2Icon } from '@radix-ui/react-icons';
import { PlaceholderPage } from '../../../ui/PlaceholderPage';

/** Connections. */
export default function ConnectionsPage() {
  return (
    <PlaceholderPage
      title="Connections"
      description="Accounts connected to this space."
      icon={<Link2Icon width={22} height={22} />}
      emptyTitle="No accounts connected"
      emptyText="Connect a Google Analytics account to bring your traffic and conversion data into Mosaic."
      actions={
        <Button asChild variant="soft">
          <RouterLink to="/connections/ga4/manage">
            <GearIcon /> Manage GA4 Properties
          </RouterLink>
        </Button>
      }
    />
  );
}
