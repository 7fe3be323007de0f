import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Flex } from '@radix-ui/themes';
import { Page } from '../../../ui/Page';
import { PageHeader } from '../../../ui/PageHeader';
import { InviteMemberDialog } from '../components/InviteMemberDialog';
import { InvitesPanel } from '../components/InvitesPanel';
import { JoinRequestsPanel } from '../components/JoinRequestsPanel';
import { MembersPanel } from '../components/MembersPanel';
import { useOrgAdminData } from '../useOrgAdminData';
import '../orgs.css';

export const INVITE_PARAM = 'invite';

/** Manage Users: members and their roles, pending invites, join requests (spec 001 §2). */
export default function OrgAdminUsersPage() {
  const actor = useOrgAdminData();
  // /org-admin/users?invite=1 (the first-run checklist's "Invite people") opens the invite form at once.
  const [params] = useSearchParams();
  const [inviteOnArrival] = useState(() => params.get(INVITE_PARAM) === '1');
  return (
    <Page wide>
      <PageHeader
        title="Manage Users"
        description="Members of your organisation, their roles, pending invites and join requests."
        actions={<InviteMemberDialog defaultOpen={inviteOnArrival} />}
      />
      <Flex direction="column" gap="4">
        {actor ? <MembersPanel actor={actor} /> : null}
        <div className="org-admin-grid org-admin-grid--pair">
          <JoinRequestsPanel />
          <InvitesPanel />
        </div>
      </Flex>
    </Page>
  );
}
