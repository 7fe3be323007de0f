import { useCallback } from 'react';
import { Button, Card, Flex, Skeleton, Table, Text } from '@radix-ui/themes';
import { CubeIcon } from '@radix-ui/react-icons';
import type { AdminOrganization } from '../../../contract/admin';
import { formatDate, formatNumber } from '../../../contract/format';
import { EmptyState } from '../../../ui/EmptyState';
import { Page } from '../../../ui/Page';
import { PageHeader } from '../../../ui/PageHeader';
import { useIsMobile } from '../../../ui/useMediaQuery';
import { fetchOrganizations } from '../admin.api';
import { LoadProblem } from '../components/LoadProblem';
import { OrganizationDrawer, PlanBadge } from '../components/OrganizationDrawer';
import { Pager } from '../components/Pager';
import { SearchBox } from '../components/SearchBox';
import { useRemote } from '../useRemote';
import { useAddressParams } from '../useAddressParams';
import '../admin.css';

const PAGE_SIZE = 50;

function Name({ org }: { org: AdminOrganization }) {
  return (
    <Flex direction="column" minWidth="0">
      <Text size="2" weight="medium" truncate>
        {org.name}
      </Text>
      <Text size="1" color="gray" truncate>
        {org.email_domain ?? 'No email domain'}
      </Text>
    </Flex>
  );
}

const credits = (org: AdminOrganization) => (org.credits_remaining === null ? '—' : formatNumber(org.credits_remaining));

/** Organizations: every organisation, searchable; one opens in a drawer with credits, spaces and members. */
export default function AdminOrganizationsPage() {
  const [params, update] = useAddressParams();
  const q = params.get('q') ?? '';
  const offset = Math.max(0, Number(params.get('offset')) || 0);
  const openId = params.get('org');
  const isMobile = useIsMobile();

  const query = { ...(q ? { q } : {}), limit: PAGE_SIZE, offset };
  const list = useRemote(JSON.stringify(query), (signal) => fetchOrganizations(query, signal), 'Failed to load organisations');
  const orgs = list.data?.organizations ?? [];
  const open = (id: string) => update({ org: id });
  const search = useCallback((text: string) => update({ q: text || undefined, offset: undefined }), [update]);

  return (
    <Page wide>
      <PageHeader title="Organizations" description="Every organisation on the platform: plan, size and credits. Open one to adjust its credits." />
      <Card size="3" className="surface-card">
        <Flex direction="column" gap="4">
          <Flex gap="3" wrap="wrap" className="admin-toolbar">
            <SearchBox value={q} onSearch={search} label="Search organisations" placeholder="Name, email domain or id" />
          </Flex>
          {list.error ? <LoadProblem message={list.error} onRetry={list.reload} retrying={list.loading} /> : null}
          {!list.data ? (
            list.error ? null : (
              <Flex direction="column" gap="2" role="status" aria-label="Loading organisations">
                {[0, 1, 2, 3, 4].map((row) => (
                  <Skeleton key={row} height="44px" />
                ))}
              </Flex>
            )
          ) : orgs.length === 0 ? (
            <EmptyState icon={<CubeIcon width={22} height={22} />} title="No organisations match" description="Check the spelling, or search by the email domain." />
          ) : isMobile ? (
            <ul className="plain-list admin-card-list" aria-label="Organisations">
              {orgs.map((org) => (
                <li key={org.id} className="admin-card">
                  <Flex justify="between" align="start" gap="3">
                    <Name org={org} />
                    <PlanBadge plan={org.plan} />
                  </Flex>
                  <Text as="p" size="1" color="gray" mt="2">
                    {org.members} {org.members === 1 ? 'member' : 'members'} · {org.spaces} {org.spaces === 1 ? 'space' : 'spaces'} · {credits(org)} credits left
                  </Text>
                  <Flex justify="end" mt="2">
                    <Button size="3" variant="soft" onClick={() => open(org.id)} aria-label={`Open ${org.name}`}>
                      Open
                    </Button>
                  </Flex>
                </li>
              ))}
            </ul>
          ) : (
            <Table.Root size="1" variant="surface" className="admin-table">
<caption className="visually-hidden">Organisations</caption>
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeaderCell>Organisation</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>Plan</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell justify="end">Members</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell justify="end">Spaces</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell justify="end">Credits left</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>Created</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>
                    <span className="visually-hidden">Open</span>
                  </Table.ColumnHeaderCell>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {orgs.map((org) => (
                  <Table.Row key={org.id} align="center">
                    <Table.Cell style={{ maxWidth: 300 }}>
                      <Name org={org} />
                    </Table.Cell>
                    <Table.Cell>
                      <PlanBadge plan={org.plan} />
                    </Table.Cell>
                    <Table.Cell justify="end">{formatNumber(org.members)}</Table.Cell>
                    <Table.Cell justify="end">{formatNumber(org.spaces)}</Table.Cell>
                    <Table.Cell justify="end">{credits(org)}</Table.Cell>
                    <Table.Cell className="nowrap">{formatDate(org.created_at)}</Table.Cell>
                    <Table.Cell justify="end">
                      <Button size="1" variant="soft" onClick={() => open(org.id)} aria-label={`Open ${org.name}`}>
                        Open
                      </Button>
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          )}
          {list.data ? (
            <Pager offset={offset} limit={PAGE_SIZE} total={list.data.total} shown={orgs.length} noun="organisations" onChange={(next) => update({ offset: next ? String(next) : undefined })} />
          ) : null}
        </Flex>
      </Card>
      <OrganizationDrawer orgId={openId} onClose={() => update({ org: undefined })} onChanged={list.reload} />
    </Page>
  );
}
