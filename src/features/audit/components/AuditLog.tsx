import { Button, Callout, Flex, Skeleton, Text } from '@radix-ui/themes';
import { ActivityLogIcon, ExclamationTriangleIcon, ReloadIcon } from '@radix-ui/react-icons';
import type { AuditFilters } from '../../../contract/audit';
import { EmptyState } from '../../../ui/EmptyState';
import type { AuditScope } from '../audit.api';
import { useAuditLog } from '../useAuditLog';
import { AuditFiltersForm } from './AuditFiltersForm';
import { AuditLogList } from './AuditLogList';
import { useNow } from '../../../pwa/use-now';
import '../audit.css';

interface AuditLogProps {
  scope: AuditScope;
  filters: AuditFilters;
  onFiltersChange: (filters: AuditFilters) => void;
  pageSize?: number;
  idPrefix: string;
}

/** The audit log with its filters, newest first, "Load more" for older entries. */
export function AuditLog({ scope, filters, onFiltersChange, pageSize = 50, idPrefix }: AuditLogProps) {
  const log = useAuditLog(scope, filters, pageSize);
  const withOrganisation = scope === 'platform';
  const filtered = Object.keys(filters).length > 0;
  const now = useNow();

  return (
    <Flex direction="column" gap="4">
      <AuditFiltersForm filters={filters} onChange={onFiltersChange} withOrganisation={withOrganisation} idPrefix={idPrefix} />
      {log.error ? (
        <Callout.Root color="red" role="alert">
          <Callout.Icon>
            <ExclamationTriangleIcon />
          </Callout.Icon>
          <Flex direction="column" gap="2" align="start">
            <Callout.Text>{log.error}. Check your connection and try again.</Callout.Text>
            <Button size="1" variant="soft" color="red" onClick={log.reload}>
              <ReloadIcon /> Retry
            </Button>
          </Flex>
        </Callout.Root>
      ) : null}
      {log.loading ? (
        <Flex direction="column" gap="2" role="status" aria-label="Loading activity">
          {[0, 1, 2, 3].map((row) => (
            <Skeleton key={row} height="36px" />
          ))}
        </Flex>
      ) : log.events.length === 0 && !log.error ? (
        <EmptyState
          icon={<ActivityLogIcon width={22} height={22} />}
          title={filtered ? 'Nothing matches these filters' : 'No activity yet'}
          description={filtered ? 'Widen the dates or clear the filters to see more.' : 'Sign-ins, role changes, invites and settings changes will be listed here as they happen.'}
        />
      ) : (
        <>
          <AuditLogList events={log.events} now={now} withOrganisation={withOrganisation} />
          <Flex justify="between" align="center" gap="3" wrap="wrap">
            <Text size="1" color="gray" role="status">
              {log.events.length} {log.events.length === 1 ? 'entry' : 'entries'} shown{log.hasMore ? '; older ones follow' : ''}
            </Text>
            {log.hasMore ? (
              <Button variant="soft" onClick={log.loadMore} loading={log.loadingMore}>
                Load older entries
              </Button>
            ) : null}
          </Flex>
        </>
      )}
    </Flex>
  );
}
