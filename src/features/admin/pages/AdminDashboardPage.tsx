import { BarChartIcon } from '@radix-ui/react-icons';
import { PlaceholderPage } from '../../../ui/PlaceholderPage';

/** Admin Dashboard. */
export default function AdminDashboardPage() {
  return (
    <PlaceholderPage
      title="Admin Dashboard"
      description="Platform-wide overview."
      icon={<BarChartIcon width={22} height={22} />}
      emptyTitle="No figures yet"
      emptyText="Platform activity across organisations will be summarised here."
    />
  );
}
