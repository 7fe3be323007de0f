import { LightningBoltIcon } from '@radix-ui/react-icons';
import { PlaceholderPage } from '../../../ui/PlaceholderPage';

/** Agent Mode. */
export default function AgentModePage() {
  return (
    <PlaceholderPage
      title="Agent Mode"
      description="Hand a larger task to an agent and follow its progress."
      icon={<LightningBoltIcon width={22} height={22} />}
      emptyTitle="No runs yet"
      emptyText="Tasks you hand to an agent in Agent Mode are shown here while they run."
    />
  );
}
