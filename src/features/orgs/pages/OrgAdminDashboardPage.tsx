import { Link as RouterLink } from 'react-router-dom';
import { Button, Card, Flex, Heading, Skeleton, Text } from '@radix-ui/themes';
import { ArrowRightIcon, PersonIcon } from '@radix-ui/react-icons';
import { useSnapshot } from 'valtio';
import { Page } from '../../../ui/Page';
import { PageHeader } from '../../../ui/PageHeader';
import { LoadFailed } from '../../../ui/LoadFailed';
import { authState } from '../../../session';
import { ActivityPanel } from '../components/ActivityPanel';
import { ORG_ROLE_PLURALS } from '../orgs.format';
import { loadOrgAdmin, orgAdminState, type ListState } from '../orgs.store';
import { INVITE_TTL_DAYS, ORG_ROLES } from '../../../contract/orgs';
import { formatCount } from '../../../contract/format';
import { useOrgAdminData } from '../useOrgAdminData';
import { MemberOrgOverview } from '../components/MemberOrgOverview';
import '../orgs.css';

const USERS_PATH = '/org-admin/users';

interface StatProps {
  label: string;
  value: number;
  list: Pick<ListState<unknown>, 'loaded'>;
  hint: string;
}

/** One figure, linking to where it is acted on. */
function Stat({ label, value, list, hint }: StatProps) {
  return (
    <Card size="2" className="surface-card org-stat-card card-link-area">
      <Flex direction="column" gap="1">
        <Text size="2" color="gray">
          <RouterLink to={USERS_PATH} className="card-link" aria-label={`${label}: ${list.loaded ? value : 'loading'}`}>
            {label}
          </RouterLink>
        </Text>
        <Skeleton loading={!list.loaded}>
          <Text size="7" weight="bold" className="org-stat">
            {value}
          </Text>
        </Skeleton>
        <Text size="1" color="gray">
          {hint}
        </Text>
      </Flex>
    </Card>
  );
}

/** Organisation Admin: members see their organisation and whom to ask; owners and admins the figures below. */
export default function OrgAdminDashboardPage() {
  const { user } = useSnapshot(authState);
  if (user?.role === 'org_member') return <MemberOrgOverview user={user} />;
  return <ManagerDashboard />;
}

/** How many people hold each role, and what is waiting for a decision. */
function ManagerDashboard() {
  useOrgAdminData();
  const { members, invites, joinRequests } = useSnapshot(orgAdminState);
  const myRole = useSnapshot(authState).user?.role;
  // Counted by the server for the whole organisation: the members list itself is read a page at a time.
  const byRole = (role: (typeof ORG_ROLES)[number]) => members.roleCounts[role];
  const failures = [members.error, invites.error, joinRequests.error].filter((error): error is string => error !== null);
  const retrying = members.loading || invites.loading || joinRequests.loading;
  const waiting = joinRequests.pendingCount;

  return (
    <Page wide>
      <PageHeader
        title="Organisation Admin"
        description="Your organisation at a glance."
        actions={
          <Button asChild variant="soft">
            <RouterLink to={USERS_PATH}>
              <PersonIcon /> Manage Users
            </RouterLink>
          </Button>
        }
      />
      <Flex direction="column" gap="5">
        {failures.length > 0 ? (
          <LoadFailed message={failures.join('. ')} retrying={retrying} onRetry={() => void loadOrgAdmin()} />
        ) : null}

        <section aria-labelledby="org-people-heading">
          <Heading as="h2" size="4" mb="3" id="org-people-heading">
            People
          </Heading>
          <div className="org-stat-grid">
            <Stat label="Everyone" value={ORG_ROLES.reduce((sum, role) => sum + byRole(role), 0)} list={members} hint="Members, admins and owners" />
            {ORG_ROLES.map((role) => (
              <Stat key={role} label={ORG_ROLE_PLURALS[role]} value={byRole(role)} list={members} hint="Change roles in Manage Users" />
            ))}
          </div>
        </section>

        <section aria-labelledby="org-waiting-heading">
          <Heading as="h2" size="4" mb="3" id="org-waiting-heading">
            Waiting for you
          </Heading>
          <div className="org-stat-grid">
            <Stat
              label="Pending join requests"
              value={waiting}
              list={joinRequests}
              hint={waiting > 0 ? 'Approve or deny them in Manage Users' : 'Nothing to decide'}
            />
            <Stat label="Pending invites" value={invites.items.length} list={invites} hint={`Not accepted yet; they expire after ${INVITE_TTL_DAYS} days`} />
          </div>
          {joinRequests.loaded && waiting > 0 ? (
            <Button asChild variant="ghost" mt="3">
              <RouterLink to={USERS_PATH}>
                Review {formatCount(waiting, 'join request')} <ArrowRightIcon />
              </RouterLink>
            </Button>
          ) : null}
        </section>

        {myRole === 'org_owner' ? (
          <ActivityPanel />
        ) : (
          <Text as="p" size="2" color="gray">
            Only organisation owners can see the organisation's activity log.
          </Text>
        )}
      </Flex>
    </Page>
  );
}
