import { ChatBubbleIcon } from '@radix-ui/react-icons';
import { PlaceholderPage } from '../../../ui/PlaceholderPage';

/** AI Agents. */
export default function AgentsPage() {
  return (
    <PlaceholderPage
      title="AI Agents"
      description="Specialist assistants for your marketing work."
      icon={<ChatBubbleIcon width={22} height={22} />}
      emptyTitle="No agents available"
      emptyText="Agents available in this space will be listed here, each with its chat history."
    />
  );
}
