import { ReaderIcon } from '@radix-ui/react-icons';
import { PlaceholderPage } from '../../../ui/PlaceholderPage';

/** Knowledge Base. */
export default function KnowledgeBasePage() {
  return (
    <PlaceholderPage
      title="Knowledge Base"
      description="Documents your agents can draw on in this space."
      icon={<ReaderIcon width={22} height={22} />}
      emptyTitle="No documents yet"
      emptyText="Documents you upload to this space are listed here, with their processing status and category."
    />
  );
}
