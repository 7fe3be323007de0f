import { useSearchParams } from 'react-router-dom';
import { SPACE_INIT_FAILED_ERROR } from '../../../navigation/route-access';
import { Page } from '../../../ui/Page';
import { PageHeader } from '../../../ui/PageHeader';
import { AnalyticsDashboard } from '../dashboard/AnalyticsDashboard';
import { SpaceInitFailed } from '../dashboard/SpaceInitFailed';

/** Analytics dashboard (spec 001 §2). */
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
  return <AnalyticsDashboard />;
}
