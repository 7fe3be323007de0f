import { Link as RouterLink } from 'react-router-dom';
import { Button } from '@radix-ui/themes';
import { ChatBubbleIcon, MixerHorizontalIcon } from '@radix-ui/react-icons';
import { PlaceholderPage } from '../../../ui/PlaceholderPage';

/** Agent Configuration. */
export default function AgentManagementPage() {
  return (
    <PlaceholderPage
      title="Agent Configuration"
      description="Settings and document access for each agent."
      icon={<MixerHorizontalIcon width={22} height={22} />}
      emptyTitle="No agents to configure"
      emptyText="Agents available in this space will be listed here for configuration."
      actions={
        <Button asChild variant="soft">
          <RouterLink to="/agents">
            <ChatBubbleIcon /> View AI Agents
          </RouterLink>
        </Button>
      }
    />
  );
}
