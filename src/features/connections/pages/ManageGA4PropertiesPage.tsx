import { Link as RouterLink } from 'react-router-dom';
import { Button } from '@radix-ui/themes';
import { ArrowLeftIcon, MixerHorizontalIcon } from '@radix-ui/react-icons';
import { PlaceholderPage } from '../../../ui/PlaceholderPage';

/** Manage GA4 Properties. */
export default function ManageGA4PropertiesPage() {
  return (
    <PlaceholderPage
      title="Manage GA4 Properties"
      description="Choose which Google Analytics properties this space uses."
      icon={<MixerHorizontalIcon width={22} height={22} />}
      emptyTitle="No properties linked"
      emptyText="Once a Google account is connected, its properties appear here to link to this space."
      actions={
        <Button asChild variant="soft">
          <RouterLink to="/connections">
            <ArrowLeftIcon /> Back to Connections
          </RouterLink>
        </Button>
      }
    />
  );
}
