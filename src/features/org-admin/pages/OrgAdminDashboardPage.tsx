import { Link as RouterLink } from 'react-router-dom';
import { Button } from '@radix-ui/themes';
import { HomeIcon, PersonIcon } from '@radix-ui/react-icons';
import { PlaceholderPage } from '../../../ui/PlaceholderPage';

/** Organization Admin. */
export default function OrgAdminDashboardPage() {
  return (
    <PlaceholderPage
      title="Organization Admin"
      description="Your organisation at a glance."
      icon={<HomeIcon width={22} height={22} />}
      emptyTitle="Nothing to review"
      emptyText="Members, invitations and join requests for your organisation are managed from here."
      actions={
        <Button asChild variant="soft">
          <RouterLink to="/org-admin/users">
            <PersonIcon /> Manage Users
          </RouterLink>
        </Button>
      }
    />
  );
}
