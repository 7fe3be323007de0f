import { Link as RouterLink } from 'react-router-dom';
import { Button } from '@radix-ui/themes';
import { Link2Icon } from '@radix-ui/react-icons';
import { PlaceholderPage } from '../../../ui/PlaceholderPage';

/** GA4 Setup. */
export default function GA4SetupPage() {
  return (
    <PlaceholderPage
      title="GA4 Setup"
      description="Connect Google Analytics to this space."
      icon={<Link2Icon width={22} height={22} />}
      emptyTitle="Nothing set up yet"
      emptyText="Connect a Google account, then pick the properties this space should report on."
      actions={
        <Button asChild variant="soft">
          <RouterLink to="/connections">
            <Link2Icon /> Go to Connections
          </RouterLink>
        </Button>
      }
    />
  );
}
