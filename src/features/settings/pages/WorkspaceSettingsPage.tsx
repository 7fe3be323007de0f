import { useSnapshot } from 'valtio';
import { Page } from '../../../ui/Page';
import { PageHeader } from '../../../ui/PageHeader';
import { authState } from '../../../session';
import { isOrgManagerRole } from '../../../contract/auth';
import { BrandVoiceCard } from '../components/BrandVoiceCard';
import { OrganizationCard } from '../components/OrganizationCard';
import { SsoCard } from '../components/SsoCard';
import { ManageSpacesCard } from '../../spaces/components/ManageSpacesCard';

/** Workspace Settings: the organisation's name and properties, and its brand voice, which every agent follows. */
export default function WorkspaceSettingsPage() {
  const { user } = useSnapshot(authState);
  return (
    <Page>
      <PageHeader title="Workspace Settings" description="Your organisation, its spaces, how your team signs in, and the brand voice every agent follows." />
      <OrganizationCard canEdit={user?.role === 'org_owner'} />
      {isOrgManagerRole(user?.role) ? <ManageSpacesCard /> : null}
      {isOrgManagerRole(user?.role) ? <SsoCard canEdit={user?.role === 'org_owner'} /> : null}
      <BrandVoiceCard canEdit={isOrgManagerRole(user?.role)} />
    </Page>
  );
}
