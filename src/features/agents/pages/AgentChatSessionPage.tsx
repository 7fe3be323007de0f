import { useParams } from 'react-router-dom';
import { ChatBubbleIcon } from '@radix-ui/react-icons';
import { titleCaseSlug } from '../../../app/route-handle';
import { PlaceholderPage } from '../../../ui/PlaceholderPage';

/** One chat session with an agent. */
export default function AgentChatSessionPage() {
  const { slug = '' } = useParams();
  const name = titleCaseSlug(slug);
  return (
    <PlaceholderPage
      title={name}
      description="Chat session"
      icon={<ChatBubbleIcon width={22} height={22} />}
      emptyTitle="No messages in this session"
      emptyText={`Messages exchanged with ${name} in this session are shown here.`}
    />
  );
}
