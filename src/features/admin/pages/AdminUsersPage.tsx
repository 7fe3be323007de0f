import { Button, Flex, Table, Text } from '@radix-ui/themes';
import { Cross2Icon, PersonIcon } from '@radix-ui/react-icons';
import { ROLES, type Role } from '../../../contract/auth';
import { USER_STATUSES, type AdminUser, type UserStatus } from '../../../contract/admin';
import { formatDate, formatWhen } from '../../../contract/format';
import { ChoiceSelect, choicesOf, type Choice } from '../../../ui/ChoiceSelect';
import type { Column } from '../../../ui/DataTable';
import { EmptyState } from '../../../ui/EmptyState';
import { Page } from '../../../ui/Page';
import { PageHeader } from '../../../ui/PageHeader';
import { fetchUsers } from '../admin.api';
import { ROLE_LABELS } from '../admin.format';
import { AdminList } from '../components/AdminList';
import { AdminListCard } from '../components/AdminListCard';
import { CardHead } from '../components/CardHead';
import { NameWithDetail } from '../components/NameWithDetail';
import { OpenButton } from '../components/OpenButton';
import { RoleBadge } from '../components/RoleBadge';
import { SearchBox } from '../components/SearchBox';
import { StatusBadge, UserDrawer } from '../components/UserDrawer';
import { useRemote } from '../useRemote';
import { ADMIN_PAGE_SIZE, useListAddress } from '../useAddressParams';
import { useNow } from '../../../pwa/use-now';
import '../admin.css';

const ANY = 'any';
const STATUS_LABELS: Record<UserStatus, string> = { active: 'Active', suspended: 'Suspended' };
const ROLE_CHOICES: Choice<Role | typeof ANY>[] = [{ value: ANY, label: 'Every role' }, ...choicesOf(ROLES, ROLE_LABELS)];
const STATUS_CHOICES: Choice<UserStatus | typeof ANY>[] = [{ value: ANY, label: 'Any status' }, ...choicesOf(USER_STATUSES, STATUS_LABELS)];

const COLUMNS: Column[] = [
  { header: 'Person' }, { header: 'Organisation' }, { header: 'Role' }, { header: 'Status' },
  { header: 'Last active' }, { header: 'Joined' },
];

const NONE_MATCH = (
  <EmptyState
    icon={<PersonIcon width={22} height={22} />}
    title="No users match"
    description="Check the spelling, search by part of the email, or clear the role and status filters."
  />
);

interface RowProps {
  user: AdminUser;
  now: number;
  onOpen: (id: string) => void;
}

/** The address's value when it is one of `values`; anything else (a hand-edited address) filters nothing. */
function oneOf<V extends string>(values: readonly V[], text: string | null): V | undefined {
  return (values as readonly string[]).includes(text ?? '') ? (text as V) : undefined;
}

function UserCard({ user, now, onOpen }: RowProps) {
  return (
    <>
      <CardHead name={user.name} detail={user.email} badge={<StatusBadge status={user.status} />} />
      <Flex gap="2" align="center" mt="2" wrap="wrap">
        <RoleBadge role={user.role} />
        <Text size="1" color="gray">
          {user.org_name ?? 'Platform'}
        </Text>
      </Flex>
      <Flex justify="between" align="center" mt="3">
        <Text size="1" color="gray">
          {user.last_active_at ? `Active ${formatWhen(user.last_active_at, now)}` : 'Never signed in'}
        </Text>
        <OpenButton name={user.name} size="3" onOpen={() => onOpen(user.id)} />
      </Flex>
    </>
  );
}

function UserCells({ user, now }: Omit<RowProps, 'onOpen'>) {
  return (
    <>
      <Table.Cell style={{ maxWidth: 280 }}>
        <NameWithDetail name={user.name} detail={user.email} />
      </Table.Cell>
      <Table.Cell>{user.org_name ?? <Text color="gray">Platform</Text>}</Table.Cell>
      <Table.Cell>
        <RoleBadge role={user.role} />
      </Table.Cell>
      <Table.Cell>
        <StatusBadge status={user.status} />
      </Table.Cell>
      <Table.Cell className="nowrap">{user.last_active_at ? formatWhen(user.last_active_at, now) : <Text color="gray">Never</Text>}</Table.Cell>
      <Table.Cell className="nowrap">{formatDate(user.created_at)}</Table.Cell>
    </>
  );
}

/** Users: every account on the platform, searchable; one opens in a drawer with its actions. */
export default function AdminUsersPage() {
  const address = useListAddress();
  const { params, q, offset, update } = address;
  const role = oneOf(ROLES, params.get('role'));
  const status = oneOf(USER_STATUSES, params.get('status'));
  // Set by an organisation's detail ("See all its members"): that organisation's people only.
  const organization = params.get('organization');
  const now = useNow();

  const query = { ...(q ? { q } : {}), ...(organization ? { organization } : {}), ...(role ? { role } : {}), ...(status ? { status } : {}), limit: ADMIN_PAGE_SIZE, offset };
  const list = useRemote(JSON.stringify(query), (signal) => fetchUsers(query, signal), 'Failed to load users');
  const open = (id: string) => update({ user: id });
  // Choosing a filter starts again from the first page; "any" takes the filter out of the address.
  const filterBy = (name: 'role' | 'status') => (value: string) => update({ [name]: value === ANY ? undefined : value, offset: undefined });
  const searchAndFilters = (
    <>
      <SearchBox value={q} onSearch={address.search} label="Search users" placeholder="Name, email or id" />
      <ChoiceSelect label="Role" value={role ?? ANY} onValueChange={filterBy('role')} choices={ROLE_CHOICES} position="popper" />
      <ChoiceSelect label="Status" value={status ?? ANY} onValueChange={filterBy('status')} choices={STATUS_CHOICES} position="popper" />
      {organization ? (
        <Button variant="soft" color="gray" aria-label="One organisation's people: show everyone's" onClick={() => update({ organization: undefined, offset: undefined })}>
          One organisation <Cross2Icon />
        </Button>
      ) : null}
    </>
  );

  return (
    <Page wide>
      <PageHeader title="Users" description="Every account on the platform: search, open one to see its devices, suspend or sign it out." />
      <AdminListCard toolbar={searchAndFilters} address={address} page={list} rows={(page) => page.users} noun={['user', 'users']} empty={NONE_MATCH}>
        {(users) => (
          <AdminList label="Users" items={users} columns={COLUMNS} onOpen={open} card={(user) => <UserCard user={user} now={now} onOpen={open} />} cells={(user) => <UserCells user={user} now={now} />} />
        )}
      </AdminListCard>
      <UserDrawer userId={params.get('user')} onClose={() => update({ user: undefined })} onChanged={list.reload} />
    </Page>
  );
}
