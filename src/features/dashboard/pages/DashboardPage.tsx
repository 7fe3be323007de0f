import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { Button } from '@radix-ui/themes';
import { BarChartIcon, Link2Icon } from '@radix-ui/react-icons';
import { SPACE_INIT_FAILED_ERROR } from '../../../app/route-access';
import { PlaceholderPage } from '../../../ui/PlaceholderPage';
import { Page } from '../../../ui/Page';
import { PageHeader } from '../../../ui/PageHeader';
import { SpaceInitFailed } from './SpaceInitFailed';

/** Analytics dashboard. */
export default function DashboardPage() {
  const [params] = useSearchParams();
  if (params.get('error') === SPACE_INIT_FAILED_ERROR) {
    return (
      <Page>
        <PageHeader title="Dashboard" description="Key metrics for your space." />
        <SpaceInitFailed />
      </Page>
    );
  }
  return (
    <PlaceholderPage
      title="Dashboard"
      description="Key metrics for your space."
      icon={<BarChartIcon width={22} height={22} />}
      emptyTitle="No analytics connected yet"
      emptyText="Connect a Google Analytics property to see sessions, users, conversions and top channels here."
      actions={
        <Button asChild>
          <RouterLink to="/connections">
            <Link2Icon /> Go to Connections
          </RouterLink>
        </Button>
      }
    />
  );
}
