import { Link as RouterLink } from 'react-router-dom';
import { Button } from '@radix-ui/themes';
import { MagnifyingGlassIcon } from '@radix-ui/react-icons';
import { MessagePage } from '../ui/MessagePage';

/** Friendly 404 for any path the app does not know. */
export default function NotFoundPage() {
  return (
    <MessagePage
      icon={<MagnifyingGlassIcon width={22} height={22} />}
      headingAs="h1"
      title="Page not found"
      description="The address may be mistyped, or the page may have moved."
      actions={
        <Button asChild>
          <RouterLink to="/dashboard">Back to Dashboard</RouterLink>
        </Button>
      }
    />
  );
}
