import { Flex } from '@radix-ui/themes';
import { useSnapshot } from 'valtio';
import { Page } from '../../../ui/Page';
import { PageHeader } from '../../../ui/PageHeader';
import { authState } from '../../../session';
import { isOrgManagerRole } from '../../../contract/auth';
import { BrandVoiceCard } from '../components/BrandVoiceCard';
import { OrganizationCard } from '../components/OrganizationCard';
import { SsoCard } from '../components/SsoCard';
import { ManageSpacesCard } from '../../spaces/components/ManageSpacesCard';

/** Workspace Settings: the brand voice every agent follows, then the organisation, its spaces and how its people sign in. */
export default function WorkspaceSettingsPage() {
  const { user } = useSnapshot(authState);
  return (
    <Page>
      <PageHeader title="Workspace Settings" description="The brand voice every agent follows, your organisation, its spaces and how your team signs in." />
      {/* Spaced as the Settings screen's cards are. */}
      <Flex direction="column" gap="5">
        {/* The brand voice first: it is what most people come here for, and what every agent reads. */}
        <BrandVoiceCard canEdit={isOrgManagerRole(user?.role)} />
        <OrganizationCard canEdit={user?.role === 'org_owner'} />
        {isOrgManagerRole(user?.role) ? <ManageSpacesCard /> : null}
        {isOrgManagerRole(user?.role) ? <SsoCard canEdit={user?.role === 'org_owner'} /> : null}
      </Flex>
    </Page>
  );
}
