import { LockClosedIcon } from '@radix-ui/react-icons';
import { PlaceholderPage } from '../../../ui/PlaceholderPage';

/** Security. */
export default function AdminSecurityPage() {
  return (
    <PlaceholderPage
      title="Security"
      description="Sign-in activity and security settings."
      icon={<LockClosedIcon width={22} height={22} />}
      emptyTitle="No security events"
      emptyText="Sign-in activity and security events will be listed here."
    />
  );
}
