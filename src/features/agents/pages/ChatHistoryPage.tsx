/**
 * "All chats": the space's whole chat history across agents on a screen of its own (where "All
 * chats" leads, and the history on phones, where the chat screen has no side rail).
 */
import { Page } from '../../../ui/Page';
import { PageHeader } from '../../../ui/PageHeader';
import { HistoryRail } from '../history/HistoryRail';
import { useAgentsData } from '../useAgentsData';
import '../agents.css';

export default function ChatHistoryPage() {
  const { spaceId } = useAgentsData();
  return (
    <Page>
      <div className="history-page">
        <PageHeader title="All chats" description="Every chat in this space, with every agent. Search titles and messages, rename, pin or delete." />
        <HistoryRail spaceId={spaceId} />
      </div>
    </Page>
  );
}
