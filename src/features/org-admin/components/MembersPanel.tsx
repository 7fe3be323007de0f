import { useState } from 'react';
import { Badge, Card, Flex, Heading, Table, Text } from '@radix-ui/themes';
import { PersonIcon } from '@radix-ui/react-icons';
import { useSnapshot } from 'valtio';
import { EmptyState } from '../../../ui/EmptyState';
import { useIsMobile } from '../../../ui/useMediaQuery';
import { formatDay } from '../org-admin.format';
import type { Actor } from '../org-admin.rules';
import { loadMembers, orgAdminState } from '../org-admin.store';
import type { OrgMember } from '../../../contract/orgs';
import { MemberRoleSelect } from './MemberRoleSelect';
import { ActionFailed, ListSkeleton, LoadFailed } from './PanelStatus';
import { RemoveMemberDialog } from './RemoveMemberDialog';
import { RoleBadge } from './RoleBadge';

function Person({ member, isYou }: { member: OrgMember; isYou: boolean }) {
  return (
    <Flex direction="column" minWidth="0">
      <Flex align="center" gap="2" minWidth="0">
        <Text size="2" weight="medium" truncate>
          {member.name}
        </Text>
        {isYou ? (
          <Badge size="1" variant="outline" color="gray">
            You
          </Badge>
        ) : null}
      </Flex>
      <Text size="1" color="gray" truncate>
        {member.email}
      </Text>
    </Flex>
  );
}

/** Everyone in the organisation, with role changes and removal where the rules allow them. */
export function MembersPanel({ actor }: { actor: Actor }) {
  const { members } = useSnapshot(orgAdminState);
  const [actionError, setActionError] = useState<string | null>(null);
  const isMobile = useIsMobile();
  const rows = members.items as readonly OrgMember[];
  const controls = (member: OrgMember) => {
    const props = { member, actor, members: rows, onError: setActionError };
    return { select: <MemberRoleSelect {...props} />, remove: <RemoveMemberDialog {...props} /> };
  };

  return (
    <Card size="3" className="surface-card" aria-labelledby="org-members-heading">
      <Flex direction="column" gap="4">
        <Flex justify="between" align="baseline" gap="3">
          <Heading as="h2" size="4" id="org-members-heading">
            Members
          </Heading>
          {members.loaded ? (
            <Text size="2" color="gray">
              {rows.length} {rows.length === 1 ? 'person' : 'people'}
            </Text>
          ) : null}
        </Flex>

        {actionError ? <ActionFailed message={actionError} onDismiss={() => setActionError(null)} /> : null}
        {members.error ? (
          <LoadFailed message={members.error} retrying={members.loading} onRetry={() => void loadMembers()} />
        ) : null}

        {!members.loaded ? (
          members.error ? null : <ListSkeleton label="Loading members" rows={4} />
        ) : rows.length === 0 ? (
          <EmptyState
            icon={<PersonIcon width={22} height={22} />}
            title="No members yet"
            description="Invite people with the Invite member button; they appear here once they accept."
          />
        ) : isMobile ? (
          <ul className="plain-list org-card-list" aria-label="Members">
            {rows.map((member) => {
              const { select, remove } = controls(member);
              return (
                <li key={member.id} className="org-card" aria-label={member.name}>
                  <Flex justify="between" align="start" gap="3">
                    <Person member={member} isYou={member.id === actor.id} />
                    <RoleBadge role={member.role} />
                  </Flex>
                  <Text as="p" size="1" color="gray" mt="1">
                    Joined {formatDay(member.joined_at)}
                  </Text>
                  <Flex justify="between" align="center" gap="3" mt="3">
                    {select}
                    {remove}
                  </Flex>
                </li>
              );
            })}
          </ul>
        ) : (
          <Table.Root size="2">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeaderCell>Name</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Role</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Joined</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell justify="end">Change role</Table.ColumnHeaderCell>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {rows.map((member) => {
                const { select, remove } = controls(member);
                return (
                  <Table.Row key={member.id} align="center" aria-label={member.name}>
                    <Table.Cell style={{ maxWidth: 320 }}>
                      <Person member={member} isYou={member.id === actor.id} />
                    </Table.Cell>
                    <Table.Cell>
                      <RoleBadge role={member.role} />
                    </Table.Cell>
                    <Table.Cell>
                      <Text size="2" color="gray" style={{ whiteSpace: 'nowrap' }}>
                        {formatDay(member.joined_at)}
                      </Text>
                    </Table.Cell>
                    <Table.Cell justify="end">
                      <Flex justify="end" align="center" gap="3">
                        {select}
                        {remove}
                      </Flex>
                    </Table.Cell>
                  </Table.Row>
                );
              })}
            </Table.Body>
          </Table.Root>
        )}
      </Flex>
    </Card>
  );
}
