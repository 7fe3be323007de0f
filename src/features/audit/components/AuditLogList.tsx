import { Badge, Flex, Table, Text } from '@radix-ui/themes';
import type { AuditEvent } from '../../../contract/audit';
import { formatDateTime, formatWhen } from '../../../contract/format';
import { CardsOrTable, type CardsOrTableLook } from '../../../ui/CardsOrTable';
import type { Column } from '../../../ui/DataTable';
import { actorLabel, auditActionLabel, detailPhrases, targetLabel } from '../audit.describe';

/** Colour by area, so a security signal stands out in a long list. */
function actionColor(action: string) {
  if (action === 'auth.sign_in_failed' || action === 'auth.refresh_reuse' || action === 'auth.rate_limited') return 'red' as const;
  if (action.startsWith('admin.') || action === 'credits.adjusted') return 'amber' as const;
  if (action.startsWith('auth.')) return 'gray' as const;
  return 'blue' as const;
}

function When({ at, now }: { at: string; now: number }) {
  return (
    <time dateTime={at} title={formatDateTime(at)}>
      {formatWhen(at, now)}
    </time>
  );
}

function Details({ event }: { event: AuditEvent }) {
  const phrases = detailPhrases(event);
  if (phrases.length === 0) return <Text color="gray">—</Text>;
  return (
    <ul className="plain-list audit-details">
      {phrases.map((phrase) => (
        <li key={phrase}>{phrase}</li>
      ))}
    </ul>
  );
}

interface AuditLogListProps {
  events: readonly AuditEvent[];
  now: number;
  /** Platform admins see which organisation each entry concerns. */
  withOrganisation: boolean;
}

const LOOK: CardsOrTableLook = { table: 'admin-table audit-table', cards: 'plain-list card-list', card: 'card-list-item' };

function EventCard({ event, now, withOrganisation }: { event: AuditEvent; now: number; withOrganisation: boolean }) {
  return (
    <>
      <Flex justify="between" align="start" gap="2">
        <Badge color={actionColor(event.action)} variant="soft">
          {auditActionLabel(event.action)}
        </Badge>
        <Text size="1" color="gray">
          <When at={event.occurred_at} now={now} />
        </Text>
      </Flex>
      <Text as="p" size="2" mt="2" className="break-anywhere">
        {actorLabel(event)}
        {targetLabel(event) ? ` → ${targetLabel(event)}` : ''}
      </Text>
      {withOrganisation && event.org_name ? (
        <Text as="p" size="1" color="gray">
          {event.org_name}
        </Text>
      ) : null}
      <Text as="div" size="1" color="gray" mt="1">
        <Details event={event} />
        {event.ip_address ? `From ${event.ip_address}` : null}
      </Text>
    </>
  );
}

function EventCells({ event, now, withOrganisation }: { event: AuditEvent; now: number; withOrganisation: boolean }) {
  return (
    <>
      <Table.Cell className="nowrap">
        <When at={event.occurred_at} now={now} />
      </Table.Cell>
      <Table.Cell>
        <Badge color={actionColor(event.action)} variant="soft" className="audit-action">
          {auditActionLabel(event.action)}
        </Badge>
      </Table.Cell>
      <Table.Cell className="break-anywhere">{actorLabel(event)}</Table.Cell>
      <Table.Cell className="break-anywhere">{targetLabel(event) ?? <Text color="gray">—</Text>}</Table.Cell>
      {withOrganisation ? <Table.Cell>{event.org_name ?? <Text color="gray">—</Text>}</Table.Cell> : null}
      <Table.Cell>
        <Details event={event} />
      </Table.Cell>
      <Table.Cell className="nowrap">{event.ip_address ?? '—'}</Table.Cell>
    </>
  );
}

/** Entries, newest first: a dense table on wide screens, one card per entry on phones. */
export function AuditLogList({ events, now, withOrganisation }: AuditLogListProps) {
  const columns: Column[] = [
    { header: 'When' }, { header: 'Action' }, { header: 'Who' }, { header: 'To what' },
    ...(withOrganisation ? [{ header: 'Organisation' }] : []), { header: 'Details' }, { header: 'From' },
  ];
  const props = { now, withOrganisation };
  return (
    <CardsOrTable
      label="Activity"
      items={events}
      keyOf={(event) => event.id}
      look={LOOK}
      columns={columns}
      card={(event) => <EventCard event={event} {...props} />}
      cells={(event) => <EventCells event={event} {...props} />}
    />
  );
}
