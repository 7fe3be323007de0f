import { useParams } from 'react-router-dom';
import { MixerHorizontalIcon } from '@radix-ui/react-icons';
import { titleCaseSlug } from '../../../app/route-handle';
import { PlaceholderPage } from '../../../ui/PlaceholderPage';

/** Settings and document access for one agent. */
export default function AgentConfigurationPage() {
  const { slug = '' } = useParams();
  const name = titleCaseSlug(slug);
  return (
    <PlaceholderPage
      title={`Configure ${name}`}
      description="Settings and document access for this agent."
      icon={<MixerHorizontalIcon width={22} height={22} />}
      emptyTitle="No documents shared"
      emptyText={`Documents from the knowledge base that ${name} may use are chosen here.`}
    />
  );
}
