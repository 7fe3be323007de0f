import { useSnapshot } from 'valtio';
import { Page } from '../../../ui/Page';
import { PageHeader } from '../../../ui/PageHeader';
import { authState } from '../../../session';
import { isOrgManagerRole } from '../../../contract/auth';
import { BrandVoiceCard } from '../components/BrandVoiceCard';

/** Workspace Settings: the organisation's brand voice, which every agent follows. */
export default function WorkspaceSettingsPage() {
  const { user } = useSnapshot(authState);
  return (
    <Page>
      <PageHeader title="Workspace Settings" description="Brand voice and settings for this space." />
      <BrandVoiceCard canEdit={isOrgManagerRole(user?.role)} />
    </Page>
  );
}
