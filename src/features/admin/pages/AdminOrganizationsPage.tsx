import { CubeIcon } from '@radix-ui/react-icons';
import { PlaceholderPage } from '../../../ui/PlaceholderPage';

/** Organizations. */
export default function AdminOrganizationsPage() {
  return (
    <PlaceholderPage
      title="Organizations"
      description="Every organisation on the platform."
      icon={<CubeIcon width={22} height={22} />}
      emptyTitle="No organisations to show"
      emptyText="Organisations and their plans will be listed here."
    />
  );
}
