import { Link as RouterLink } from 'react-router-dom';
import { Badge, Callout, DataList, Flex, Heading, Link, Separator, Text } from '@radix-ui/themes';
import type { AdminUserDetail } from '../../../contract/admin';
import { formatDateTime, formatWhen } from '../../../contract/format';
import { SkeletonBlocks } from '../../../ui/Skeletons';
import { fetchUser } from '../admin.api';
import { describeDevice } from '../admin.format';
import { useRemote } from '../useRemote';
import { AuditLogLink } from './AuditLogLink';
import { Fact } from './Fact';
import { RemoteContent } from './RemoteContent';
import { RoleBadge } from './RoleBadge';
import { SidePanel } from './SidePanel';
import { UserActions } from './UserActions';
import { useNow } from '../../../pwa/use-now';

export function StatusBadge({ status }: { status: AdminUserDetail['status'] }) {
  return status === 'active' ? (
    <Badge color="green" variant="soft">
      Active
    </Badge>
  ) : (
    <Badge color="red" variant="soft">
      Suspended
    </Badge>
  );
}

function UserFacts({ user, now }: { user: AdminUserDetail; now: number }) {
  return (
    <DataList.Root size="2" orientation={{ initial: 'vertical', sm: 'horizontal' }}>
      <Fact label="Organisation">
        {user.org_id ? (
          <Link asChild>
            <RouterLink to={`/admin/organizations?org=${encodeURIComponent(user.org_id)}`}>{user.org_name ?? 'Open organisation'}</RouterLink>
          </Link>
        ) : (
          'Platform (no organisation)'
        )}
      </Fact>
      <Fact label="Role">
        <RoleBadge role={user.role} />
      </Fact>
      <Fact label="Status">
        <StatusBadge status={user.status} />
      </Fact>
      <Fact label="Last sign-in">{user.last_sign_in_at ? formatDateTime(user.last_sign_in_at) : 'Never'}</Fact>
      <Fact label="Last active">{user.last_active_at ? formatWhen(user.last_active_at, now) : 'Never'}</Fact>
      <Fact label="Account created">{formatDateTime(user.created_at)}</Fact>
    </DataList.Root>
  );
}

function Devices({ user, now }: { user: AdminUserDetail; now: number }) {
  return (
    <section aria-labelledby="user-devices-heading">
      <Heading as="h2" id="user-devices-heading" size="3" mb="2">
        Signed-in devices ({user.devices.length})
      </Heading>
      {user.devices.length === 0 ? (
        <Text as="p" size="2" color="gray">
          Not signed in anywhere.
        </Text>
      ) : (
        <ul className="plain-list admin-row-list">
          {user.devices.map((device) => (
            <li key={device.id}>
              <Text as="div" size="2" weight="medium">
                {describeDevice(device.user_agent)}
              </Text>
              <Text as="div" size="1" color="gray">
                Signed in {formatDateTime(device.created_at)} · last active {formatWhen(device.last_used_at, now)}
                {device.ip_address ? ` · ${device.ip_address}` : ''}
              </Text>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

interface UserDrawerProps {
  userId: string | null;
  onClose: () => void;
  /** After an action: the list behind shows the new status. */
  onChanged: () => void;
}

/** One account in detail, with the actions a system admin may take. */
export function UserDrawer({ userId, onClose, onChanged }: UserDrawerProps) {
  const remote = useRemote(userId, (signal) => fetchUser(userId!, signal), 'Failed to load the account');
  const user = remote.data?.id === userId ? remote.data : null;
  const now = useNow();
  return (
    <SidePanel open={userId !== null} onClose={onClose} title={user?.name ?? 'Account'} description={user?.email ?? (remote.loading ? 'Loading…' : '')}>
      <RemoteContent remote={remote} shown={user} placeholder={<SkeletonBlocks label="Loading the account" heights={['160px', '80px']} />}>
        {(user) => (
          <Flex direction="column" gap="5">
            {user.suspension ? (
              <Callout.Root color="red" size="1">
                <Callout.Text>
                  Suspended {formatDateTime(user.suspension.at)}
                  {user.suspension.by ? ` by ${user.suspension.by}` : ''}
                  {user.suspension.reason ? `: “${user.suspension.reason}”` : ''}
                </Callout.Text>
              </Callout.Root>
            ) : null}
            <UserFacts user={user} now={now} />
            <Separator size="4" />
            <Devices user={user} now={now} />
            <Separator size="4" />
            <UserActions
              user={user}
              onChanged={(changed) => {
                remote.replace(changed);
                onChanged();
              }}
            />
            <AuditLogLink filter="actor" id={user.id}>See this account’s activity in the audit log</AuditLogLink>
          </Flex>
        )}
      </RemoteContent>
    </SidePanel>
  );
}
