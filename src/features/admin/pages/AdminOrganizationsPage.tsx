import { Flex, Table, Text } from '@radix-ui/themes';
import { CubeIcon } from '@radix-ui/react-icons';
import type { AdminOrganization } from '../../../contract/admin';
import { formatCount, formatDate, formatNumber } from '../../../contract/format';
import type { Column } from '../../../ui/DataTable';
import { EmptyState } from '../../../ui/EmptyState';
import { Page } from '../../../ui/Page';
import { PageHeader } from '../../../ui/PageHeader';
import { fetchOrganizations } from '../admin.api';
import { AdminList } from '../components/AdminList';
import { AdminListCard } from '../components/AdminListCard';
import { CardHead } from '../components/CardHead';
import { NameWithDetail } from '../components/NameWithDetail';
import { OpenButton } from '../components/OpenButton';
import { OrganizationDrawer, PlanBadge } from '../components/OrganizationDrawer';
import { SearchBox } from '../components/SearchBox';
import { useRemote } from '../useRemote';
import { ADMIN_PAGE_SIZE, useListAddress } from '../useAddressParams';
import '../admin.css';

const COLUMNS: Column[] = [
  { header: 'Organisation' }, { header: 'Plan' }, { header: 'Members', justify: 'end' }, { header: 'Spaces', justify: 'end' },
  { header: 'Credits left', justify: 'end' }, { header: 'Created' },
];

const NONE_MATCH = <EmptyState icon={<CubeIcon width={22} height={22} />} title="No organisations match" description="Check the spelling, or search by the email domain." />;

interface RowProps {
  org: AdminOrganization;
  onOpen: (id: string) => void;
}

const domain = (org: AdminOrganization) => org.email_domain ?? 'No email domain';

const credits = (org: AdminOrganization) => (org.credits_remaining === null ? '—' : formatNumber(org.credits_remaining));
const creditsLeft = (org: AdminOrganization) => (org.credits_remaining === null ? '— credits left' : `${formatCount(org.credits_remaining, 'credit')} left`);

function OrganizationCard({ org, onOpen }: RowProps) {
  return (
    <>
      <CardHead name={org.name} detail={domain(org)} badge={<PlanBadge plan={org.plan} />} />
      <Text as="p" size="1" color="gray" mt="2">
        {formatCount(org.members, 'member')} · {formatCount(org.spaces, 'space')} · {creditsLeft(org)}
      </Text>
      <Flex justify="end" mt="2">
        <OpenButton name={org.name} size="3" onOpen={() => onOpen(org.id)} />
      </Flex>
    </>
  );
}

function OrganizationCells({ org }: { org: AdminOrganization }) {
  return (
    <>
      <Table.Cell style={{ maxWidth: 300 }}>
        <NameWithDetail name={org.name} detail={domain(org)} />
      </Table.Cell>
      <Table.Cell>
        <PlanBadge plan={org.plan} />
      </Table.Cell>
      <Table.Cell justify="end">{formatNumber(org.members)}</Table.Cell>
      <Table.Cell justify="end">{formatNumber(org.spaces)}</Table.Cell>
      <Table.Cell justify="end">{credits(org)}</Table.Cell>
      <Table.Cell className="nowrap">{formatDate(org.created_at)}</Table.Cell>
    </>
  );
}

/** Organizations: every organisation, searchable; one opens in a drawer with credits, spaces and members. */
export default function AdminOrganizationsPage() {
  const address = useListAddress();
  const { q, offset, update } = address;
  const query = { ...(q ? { q } : {}), limit: ADMIN_PAGE_SIZE, offset };
  const list = useRemote(JSON.stringify(query), (signal) => fetchOrganizations(query, signal), 'Failed to load organisations');
  const open = (id: string) => update({ org: id });
  const search = <SearchBox value={q} onSearch={address.search} label="Search organisations" placeholder="Name, email domain or id" />;

  return (
    <Page wide>
      <PageHeader title="Organisations" description="Every organisation on the platform: plan, size and credits. Open one to adjust its credits." />
      <AdminListCard toolbar={search} address={address} page={list} rows={(page) => page.organizations} noun={['organisation', 'organisations']} empty={NONE_MATCH}>
        {(orgs) => (
          <AdminList label="Organisations" items={orgs} columns={COLUMNS} onOpen={open} card={(org) => <OrganizationCard org={org} onOpen={open} />} cells={(org) => <OrganizationCells org={org} />} />
        )}
      </AdminListCard>
      <OrganizationDrawer orgId={address.params.get('org')} onClose={() => update({ org: undefined })} onChanged={list.reload} />
    </Page>
  );
}
