import { MixerVerticalIcon } from '@radix-ui/react-icons';
import { PlaceholderPage } from '../../../ui/PlaceholderPage';

/** Workspace Settings. */
export default function WorkspaceSettingsPage() {
  return (
    <PlaceholderPage
      title="Workspace Settings"
      description="Brand voice and settings for this space."
      icon={<MixerVerticalIcon width={22} height={22} />}
      emptyTitle="No brand voice yet"
      emptyText="Your organisation's brand voice and space-level settings are kept here."
    />
  );
}
