import type { ReactNode } from 'react';
import { Badge, Flex, Heading, Table, Text } from '@radix-ui/themes';
import { PersonIcon } from '@radix-ui/react-icons';
import { useSnapshot } from 'valtio';
import { EmptyState } from '../../../ui/EmptyState';
import { useIsMobile } from '../../../ui/useMediaQuery';
import { formatDay } from '../orgs.format';
import type { Actor } from '../orgs.rules';
import { loadMembers, loadMoreMembers, orgAdminState } from '../orgs.store';
import type { OrgMember } from '../../../contract/orgs';
import { formatCount } from '../../../contract/format';
import { MemberRoleSelect } from './MemberRoleSelect';
import { useActionError } from '../useActionError';
import { ActionFailed } from './ActionFailed';
import { OrgPanelCard } from './OrgPanelCard';
import { PanelList } from './PanelList';
import { RemoveMemberDialog } from './RemoveMemberDialog';
import { RoleBadge } from './RoleBadge';
import { ShowMorePages } from './ShowMorePages';

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

interface MemberProps {
  member: OrgMember;
  isYou: boolean;
  /** The role select and the remove button, where the rules allow them. */
  select: ReactNode;
  remove: ReactNode;
}

/** A member on a phone: a card with the controls under the name. */
function MemberCard({ member, isYou, select, remove }: MemberProps) {
  return (
    <li className="org-card" aria-label={member.name}>
      <Flex justify="between" align="start" gap="3">
        <Person member={member} isYou={isYou} />
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
}

function MemberRow({ member, isYou, select, remove }: MemberProps) {
  return (
    <Table.Row align="center" aria-label={member.name}>
      <Table.Cell style={{ maxWidth: 320 }}>
        <Person member={member} isYou={isYou} />
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
}

const NO_MEMBERS = (
  <EmptyState
    icon={<PersonIcon width={22} height={22} />}
    title="No members yet"
    description="Invite people with the Invite member button; they appear here once they accept."
  />
);

/**
 * Everyone in the organisation, with role changes and removal where the rules allow them. The
 * list is read a page at a time (owners and admins come first); Show more members reads the next.
 */
export function MembersPanel({ actor }: { actor: Actor }) {
  const { members } = useSnapshot(orgAdminState);
  const actionError = useActionError();
  const isMobile = useIsMobile();
  const rows = members.items as readonly OrgMember[];
  const everyone = members.roleCounts.org_owner + members.roleCounts.org_admin + members.roleCounts.org_member;
  const controls = (member: OrgMember) => {
    const props = { member, actor, owners: members.roleCounts.org_owner, onError: actionError.fail };
    return { select: <MemberRoleSelect {...props} />, remove: <RemoveMemberDialog {...props} /> };
  };

  return (
    <OrgPanelCard headingId="org-members-heading">
      <Flex justify="between" align="baseline" gap="3">
        <Heading as="h2" size="4" id="org-members-heading">
          Members
        </Heading>
        {members.loaded ? (
          <Text size="2" color="gray">
            {formatCount(Math.max(everyone, rows.length), 'person', 'people')}
          </Text>
        ) : null}
      </Flex>

      <ActionFailed message={actionError.message} onDismiss={actionError.clear} />
      <PanelList list={members} load={loadMembers} noun="members" loadingRows={4} empty={NO_MEMBERS}>
        {() =>
          isMobile ? (
            <ul className="plain-list org-card-list" aria-label="Members">
              {rows.map((member) => (
                <MemberCard key={member.id} member={member} isYou={member.id === actor.id} {...controls(member)} />
              ))}
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
                {rows.map((member) => (
                  <MemberRow key={member.id} member={member} isYou={member.id === actor.id} {...controls(member)} />
                ))}
              </Table.Body>
            </Table.Root>
          )
        }
      </PanelList>
      {members.loaded ? (
        <ShowMorePages
          list={members}
          shown={`${rows.length} of ${formatCount(everyone, 'person', 'people')} shown`}
          label="Show more members"
          loadMore={loadMoreMembers}
        />
      ) : null}
    </OrgPanelCard>
  );
}
