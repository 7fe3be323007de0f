import { Link as RouterLink } from 'react-router-dom';
import { Badge, DataList, Flex, Heading, Link, Progress, Separator, Table, Text } from '@radix-ui/themes';
import type { AdminOrganizationDetail } from '../../../contract/admin';
import { formatCount, formatDate, formatDateTime, formatNumber, formatWhen } from '../../../contract/format';
import { DataTable, type Column } from '../../../ui/DataTable';
import { SkeletonBlocks } from '../../../ui/Skeletons';
import { fetchOrganization } from '../admin.api';
import { useAdminPermissions } from '../useAdminPermissions';
import { useRemote } from '../useRemote';
import { AuditLogLink } from './AuditLogLink';
import { CreditAdjustDialog } from './CreditAdjustDialog';
import { Fact } from './Fact';
import { ReadOnlyNotice } from './ReadOnlyNotice';
import { RemoteContent } from './RemoteContent';
import { RoleBadge } from './RoleBadge';
import { SidePanel } from './SidePanel';
import { StatusBadge } from './UserDrawer';
import { useNow } from '../../../pwa/use-now';

export function PlanBadge({ plan }: { plan: AdminOrganizationDetail['plan'] }) {
  if (!plan) return <Text color="gray">No plan</Text>;
  return (
    <Badge color={plan.is_active ? (plan.type === 'free' ? 'gray' : 'green') : 'red'} variant="soft">
      {plan.name}
      {plan.is_active ? '' : ' (ended)'}
    </Badge>
  );
}

function SectionHeading({ id, children }: { id: string; children: string }) {
  return (
    <Heading as="h2" id={id} size="3" mb="2">
      {children}
    </Heading>
  );
}

function Credits({ org, onAdjusted }: { org: AdminOrganizationDetail; onAdjusted: () => void }) {
  const { readOnlyReason } = useAdminPermissions();
  const credits = org.credits;
  return (
    <section aria-labelledby="org-credits-heading">
      <Flex justify="between" align="center" gap="3" mb="2" wrap="wrap">
        <Heading as="h2" id="org-credits-heading" size="3">
          Credits
        </Heading>
        <CreditAdjustDialog org={org} blocked={readOnlyReason} onAdjusted={onAdjusted} />
      </Flex>
      {readOnlyReason ? <ReadOnlyNotice reason={readOnlyReason} /> : null}
      {credits ? (
        <Flex direction="column" gap="2" mt="2">
          <Text size="2">
            <Text weight="bold">{formatNumber(credits.remaining)}</Text> left of {formatNumber(credits.total)} this cycle · {formatNumber(credits.used)} used · renews{' '}
            {formatDate(credits.reset_date)}
          </Text>
          <Progress value={credits.total > 0 ? Math.min(100, (credits.used / credits.total) * 100) : 0} aria-label="Credits used this cycle" />
        </Flex>
      ) : (
        <Text size="2" color="gray">
          No credit account.
        </Text>
      )}
    </section>
  );
}

const LEDGER_COLUMNS: Column[] = [{ header: 'When' }, { header: 'What' }, { header: 'Change', justify: 'end' }, { header: 'Balance', justify: 'end' }];

function Ledger({ org }: { org: AdminOrganizationDetail }) {
  return (
    <section aria-labelledby="org-ledger-heading">
      <SectionHeading id="org-ledger-heading">Latest ledger entries</SectionHeading>
      {org.ledger.length === 0 ? (
        <Text size="2" color="gray">
          No entries yet.
        </Text>
      ) : (
        <DataTable
          label="Latest ledger entries"
          items={org.ledger}
          keyOf={(entry) => entry.id}
          columns={LEDGER_COLUMNS}
          className="admin-table"
          cells={(entry) => (
            <>
              <Table.Cell className="nowrap">{formatDateTime(entry.created_at)}</Table.Cell>
              <Table.Cell className="break-anywhere">
                <Text as="div" size="1" weight="medium">
                  {entry.activity ?? entry.feature}
                </Text>
                {entry.activity_details ? (
                  <Text as="div" size="1" color="gray">
                    {entry.activity_details}
                  </Text>
                ) : null}
              </Table.Cell>
              <Table.Cell justify="end" className="nowrap">
                <Text color={entry.credits < 0 ? 'red' : 'green'}>
                  {entry.credits < 0 ? '−' : '+'}
                  {formatNumber(Math.abs(entry.credits))}
                </Text>
              </Table.Cell>
              <Table.Cell justify="end">{formatNumber(entry.balance_after)}</Table.Cell>
            </>
          )}
        />
      )}
    </section>
  );
}

function SpacesAndMembers({ org, now }: { org: AdminOrganizationDetail; now: number }) {
  return (
    <>
      <section aria-labelledby="org-spaces-heading">
        <SectionHeading id="org-spaces-heading">{`Spaces (${org.spaces})`}</SectionHeading>
        <ul className="plain-list admin-row-list">
          {org.space_list.map((space) => (
            <li key={space.id}>
              <Flex justify="between" gap="3" align="center">
                <Text size="2" weight="medium" className="break-anywhere">
                  {space.name}{' '}
                  {space.is_default ? (
                    <Badge variant="outline" color="gray">
                      Default
                    </Badge>
                  ) : null}{' '}
                  {space.archived ? (
                    <Badge variant="soft" color="amber">
                      Archived
                    </Badge>
                  ) : null}
                </Text>
                <Text size="1" color="gray" className="nowrap">
                  {formatCount(space.documents, 'document')}
                </Text>
              </Flex>
            </li>
          ))}
        </ul>
        {org.spaces > org.space_list.length ? (
          <Text as="p" size="1" color="gray" mt="2">
            The first {org.space_list.length} of {formatCount(org.spaces, 'space')}: the default, then by name.
          </Text>
        ) : null}
      </section>
      <section aria-labelledby="org-members-heading">
        <SectionHeading id="org-members-heading">{`Members (${org.members})`}</SectionHeading>
        <ul className="plain-list admin-row-list">
          {org.member_list.map((member) => (
            <li key={member.id}>
              <Flex justify="between" gap="3" align="center" wrap="wrap">
                <Flex direction="column" minWidth="0">
                  <Link asChild size="2" weight="medium">
                    <RouterLink to={`/admin/users?user=${encodeURIComponent(member.id)}`}>{member.name}</RouterLink>
                  </Link>
                  <Text size="1" color="gray" className="break-anywhere">
                    {member.email} · {member.last_active_at ? `active ${formatWhen(member.last_active_at, now)}` : 'never signed in'}
                  </Text>
                </Flex>
                <Flex gap="2">
                  <RoleBadge role={member.role} />
                  {member.status === 'suspended' ? <StatusBadge status="suspended" /> : null}
                </Flex>
              </Flex>
            </li>
          ))}
        </ul>
        {org.members > org.member_list.length ? (
          <Text as="p" size="1" color="gray" mt="2">
            The first {org.member_list.length} of {formatCount(org.members, 'member')}, owners and admins first.{' '}
            <Link asChild size="1">
              <RouterLink to={`/admin/users?organization=${encodeURIComponent(org.id)}`}>See all {formatCount(org.members, 'member')} in Users</RouterLink>
            </Link>
          </Text>
        ) : null}
      </section>
    </>
  );
}

/** One organisation in detail: plan, credits (with the adjustment), ledger, spaces, members. */
export function OrganizationDrawer({ orgId, onClose, onChanged }: { orgId: string | null; onClose: () => void; onChanged: () => void }) {
  const remote = useRemote(orgId, (signal) => fetchOrganization(orgId!, signal), 'Failed to load the organisation');
  const org = remote.data?.id === orgId ? remote.data : null;
  const now = useNow();
  return (
    <SidePanel
      open={orgId !== null}
      onClose={onClose}
      title={org?.name ?? 'Organisation'}
      description={org ? (org.email_domain ? `Registered with an address at ${org.email_domain}` : 'No email domain') : remote.loading ? 'Loading…' : ''}
    >
      <RemoteContent remote={remote} shown={org} placeholder={<SkeletonBlocks label="Loading the organisation" heights={['120px', '200px']} />}>
        {(org) => (
          <Flex direction="column" gap="5">
            <DataList.Root size="2">
              <Fact label="Plan">
                <Flex gap="2" align="center" wrap="wrap">
                  <PlanBadge plan={org.plan} />
                  {org.plan?.expires_at ? <Text size="1">ends {formatDate(org.plan.expires_at)}</Text> : null}
                </Flex>
              </Fact>
              <Fact label="Created">{formatDateTime(org.created_at)}</Fact>
            </DataList.Root>
            <Credits
              org={org}
              onAdjusted={() => {
                remote.reload();
                onChanged();
              }}
            />
            <Separator size="4" />
            <Ledger org={org} />
            <Separator size="4" />
            <SpacesAndMembers org={org} now={now} />
            <AuditLogLink filter="organization" id={org.id}>See this organisation’s activity in the audit log</AuditLogLink>
          </Flex>
        )}
      </RemoteContent>
    </SidePanel>
  );
}
