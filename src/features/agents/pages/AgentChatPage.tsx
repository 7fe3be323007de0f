import { useParams } from 'react-router-dom';
import { ChatBubbleIcon } from '@radix-ui/react-icons';
import { titleCaseSlug } from '../../../app/route-handle';
import { PlaceholderPage } from '../../../ui/PlaceholderPage';

/** One agent's landing page: its chat sessions. */
export default function AgentChatPage() {
  const { slug = '' } = useParams();
  const name = titleCaseSlug(slug);
  return (
    <PlaceholderPage
      title={name}
      description={`Chat with ${name}.`}
      icon={<ChatBubbleIcon width={22} height={22} />}
      emptyTitle="No conversations yet"
      emptyText={`Your chat sessions with ${name} in this space are listed here.`}
    />
  );
}
