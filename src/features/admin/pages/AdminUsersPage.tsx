import { PersonIcon } from '@radix-ui/react-icons';
import { PlaceholderPage } from '../../../ui/PlaceholderPage';

/** Users. */
export default function AdminUsersPage() {
  return (
    <PlaceholderPage
      title="Users"
      description="Every user on the platform."
      icon={<PersonIcon width={22} height={22} />}
      emptyTitle="No users to show"
      emptyText="Users across all organisations will be listed here."
    />
  );
}
