import { PersonIcon } from '@radix-ui/react-icons';
import { PlaceholderPage } from '../../../ui/PlaceholderPage';

/** Manage Users. */
export default function OrgAdminUsersPage() {
  return (
    <PlaceholderPage
      title="Manage Users"
      description="Members, invitations and join requests."
      icon={<PersonIcon width={22} height={22} />}
      emptyTitle="No members to show"
      emptyText="Members of your organisation, pending invitations and join requests will be listed here."
    />
  );
}
