import { Link as RouterLink } from 'react-router-dom';
import { Button } from '@radix-ui/themes';
import { RocketIcon, TokensIcon } from '@radix-ui/react-icons';
import { PlaceholderPage } from '../../../ui/PlaceholderPage';

/** Credits. */
export default function CreditsPage() {
  return (
    <PlaceholderPage
      title="Credits"
      description="Your plan, balance and usage."
      icon={<TokensIcon width={22} height={22} />}
      emptyTitle="No credit activity yet"
      emptyText="Credits used by chats and other features are recorded here, with a breakdown by feature."
      actions={
        <Button asChild variant="soft">
          <RouterLink to="/pricing">
            <RocketIcon /> See plans
          </RouterLink>
        </Button>
      }
    />
  );
}
