import { Avatar, Badge, Card, DataList, Flex, Heading, Text } from '@radix-ui/themes';
import type { User } from '../../../contract/auth';
import type { Space } from '../../../contract/spaces';
import { ROLE_LABELS } from '../roleLabels';

interface ProfileCardProps {
  user: Pick<User, 'id' | 'name' | 'email' | 'role' | 'org_id'>;
  space: Pick<Space, 'name' | 'slug'> | null;
  /** System admins work outside spaces, so the row is left out for them. */
  showSpace: boolean;
}

/** The signed-in user's profile as the server knows it. */
export function ProfileCard({ user, space, showSpace }: ProfileCardProps) {
  return (
    <Card size="3" className="surface-card" aria-labelledby="profile-heading">
      <Flex gap="4" align="center" mb="5">
        <Avatar size="5" radius="full" variant="soft" fallback={(user.name || user.email).slice(0, 1).toUpperCase()} />
        <Flex direction="column" gap="1">
          <Heading as="h2" size="4" id="profile-heading">
            {user.name || user.email}
          </Heading>
          <Text size="2" color="gray">
            {user.email}
          </Text>
        </Flex>
      </Flex>
      <DataList.Root orientation={{ initial: 'vertical', sm: 'horizontal' }}>
        <DataList.Item>
          <DataList.Label minWidth="140px">Name</DataList.Label>
          <DataList.Value>{user.name || '—'}</DataList.Value>
        </DataList.Item>
        <DataList.Item>
          <DataList.Label minWidth="140px">Email</DataList.Label>
          <DataList.Value>{user.email}</DataList.Value>
        </DataList.Item>
        <DataList.Item>
          <DataList.Label minWidth="140px">Role</DataList.Label>
          <DataList.Value>
            <Badge variant="soft" radius="full">
              {ROLE_LABELS[user.role]}
            </Badge>
          </DataList.Value>
        </DataList.Item>
        <DataList.Item>
          <DataList.Label minWidth="140px">Organisation ID</DataList.Label>
          <DataList.Value>
            <Text className="mono-text">{user.org_id ?? 'None'}</Text>
          </DataList.Value>
        </DataList.Item>
        {showSpace ? (
          <DataList.Item>
            <DataList.Label minWidth="140px">Current space</DataList.Label>
            <DataList.Value>{space ? `${space.name} (${space.slug})` : 'No space selected'}</DataList.Value>
          </DataList.Item>
        ) : null}
      </DataList.Root>
    </Card>
  );
}
