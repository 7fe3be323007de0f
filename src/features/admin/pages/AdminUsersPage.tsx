import { useCallback } from 'react';
import { Badge, Button, Card, Flex, Select, Skeleton, Table, Text } from '@radix-ui/themes';
import { PersonIcon } from '@radix-ui/react-icons';
import { ROLES, type Role } from '../../../contract/auth';
import { USER_STATUSES, type AdminUser, type UserStatus } from '../../../contract/admin';
import { formatDate, formatWhen } from '../../../contract/format';
import { EmptyState } from '../../../ui/EmptyState';
import { Page } from '../../../ui/Page';
import { PageHeader } from '../../../ui/PageHeader';
import { useIsMobile } from '../../../ui/useMediaQuery';
import { fetchUsers } from '../admin.api';
import { ROLE_COLORS, ROLE_LABELS } from '../admin.format';
import { LoadProblem } from '../components/LoadProblem';
import { Pager } from '../components/Pager';
import { SearchBox } from '../components/SearchBox';
import { StatusBadge, UserDrawer } from '../components/UserDrawer';
import { useRemote } from '../useRemote';
import { useAddressParams } from '../useAddressParams';
import { useNow } from '../../../pwa/use-now';
import '../admin.css';

const PAGE_SIZE = 50;
const ANY = 'any';
const STATUS_LABELS: Record<UserStatus, string> = { active: 'Active', suspended: 'Suspended' };

function Person({ user }: { user: AdminUser }) {
  return (
    <Flex direction="column" minWidth="0">
      <Text size="2" weight="medium" truncate>
        {user.name}
      </Text>
      <Text size="1" color="gray" truncate>
        {user.email}
      </Text>
    </Flex>
  );
}

function RoleBadge({ role }: { role: Role }) {
  return (
    <Badge color={ROLE_COLORS[role]} variant="soft">
      {ROLE_LABELS[role]}
    </Badge>
  );
}

/** Users: every account on the platform, searchable; one opens in a drawer with its actions. */
export default function AdminUsersPage() {
  const [params, update] = useAddressParams();
  const q = params.get('q') ?? '';
  const role = (ROLES as readonly string[]).includes(params.get('role') ?? '') ? (params.get('role') as Role) : undefined;
  const status = (USER_STATUSES as readonly string[]).includes(params.get('status') ?? '') ? (params.get('status') as UserStatus) : undefined;
  const offset = Math.max(0, Number(params.get('offset')) || 0);
  const openId = params.get('user');
  const isMobile = useIsMobile();
  const now = useNow();

  const query = { ...(q ? { q } : {}), ...(role ? { role } : {}), ...(status ? { status } : {}), limit: PAGE_SIZE, offset };
  const list = useRemote(JSON.stringify(query), (signal) => fetchUsers(query, signal), 'Failed to load users');
  const users = list.data?.users ?? [];
  const open = (id: string) => update({ user: id });
  const search = useCallback((text: string) => update({ q: text || undefined, offset: undefined }), [update]);

  return (
    <Page wide>
      <PageHeader title="Users" description="Every account on the platform: search, open one to see its devices, suspend or sign it out." />
      <Card size="3" className="surface-card">
        <Flex direction="column" gap="4">
          <Flex gap="3" wrap="wrap" align="end" className="admin-toolbar">
            <SearchBox value={q} onSearch={search} label="Search users" placeholder="Name, email or id" />
            <Select.Root value={role ?? ANY} onValueChange={(value) => update({ role: value === ANY ? undefined : value, offset: undefined })}>
              <Select.Trigger aria-label="Role" />
              <Select.Content position="popper">
                <Select.Item value={ANY}>Every role</Select.Item>
                {ROLES.map((candidate) => (
                  <Select.Item key={candidate} value={candidate}>
                    {ROLE_LABELS[candidate]}
                  </Select.Item>
                ))}
              </Select.Content>
            </Select.Root>
            <Select.Root value={status ?? ANY} onValueChange={(value) => update({ status: value === ANY ? undefined : value, offset: undefined })}>
              <Select.Trigger aria-label="Status" />
              <Select.Content position="popper">
                <Select.Item value={ANY}>Any status</Select.Item>
                {USER_STATUSES.map((candidate) => (
                  <Select.Item key={candidate} value={candidate}>
                    {STATUS_LABELS[candidate]}
                  </Select.Item>
                ))}
              </Select.Content>
            </Select.Root>
          </Flex>

          {list.error ? <LoadProblem message={list.error} onRetry={list.reload} retrying={list.loading} /> : null}
          {!list.data ? (
            list.error ? null : (
              <Flex direction="column" gap="2" role="status" aria-label="Loading users">
                {[0, 1, 2, 3, 4].map((row) => (
                  <Skeleton key={row} height="44px" />
                ))}
              </Flex>
            )
          ) : users.length === 0 ? (
            <EmptyState
              icon={<PersonIcon width={22} height={22} />}
              title="No users match"
              description="Check the spelling, search by part of the email, or clear the role and status filters."
            />
          ) : isMobile ? (
            <ul className="plain-list admin-card-list" aria-label="Users">
              {users.map((user) => (
                <li key={user.id} className="admin-card">
                  <Flex justify="between" align="start" gap="3">
                    <Person user={user} />
                    <StatusBadge status={user.status} />
                  </Flex>
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
                    <Button size="3" variant="soft" onClick={() => open(user.id)} aria-label={`Open ${user.name}`}>
                      Open
                    </Button>
                  </Flex>
                </li>
              ))}
            </ul>
          ) : (
            <Table.Root size="1" variant="surface" className="admin-table">
<caption className="visually-hidden">Users</caption>
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeaderCell>Person</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>Organisation</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>Role</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>Status</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>Last active</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>Joined</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>
                    <span className="visually-hidden">Open</span>
                  </Table.ColumnHeaderCell>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {users.map((user) => (
                  <Table.Row key={user.id} align="center" className="admin-row">
                    <Table.Cell style={{ maxWidth: 280 }}>
                      <Person user={user} />
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
                    <Table.Cell justify="end">
                      <Button size="1" variant="soft" onClick={() => open(user.id)} aria-label={`Open ${user.name}`}>
                        Open
                      </Button>
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          )}
          {list.data ? (
            <Pager offset={offset} limit={PAGE_SIZE} total={list.data.total} shown={users.length} noun="users" onChange={(next) => update({ offset: next ? String(next) : undefined })} />
          ) : null}
        </Flex>
      </Card>
      <UserDrawer userId={openId} onClose={() => update({ user: undefined })} onChanged={list.reload} />
    </Page>
  );
}
