import { Button, Flex, Text } from '@radix-ui/themes';
import { ActivityLogIcon } from '@radix-ui/react-icons';
import type { AuditFilters } from '../../../contract/audit';
import { EmptyState } from '../../../ui/EmptyState';
import { LoadFailed } from '../../../ui/LoadFailed';
import { ListSkeleton } from '../../../ui/Skeletons';
import type { AuditScope } from '../audit.api';
import { useAuditLog } from '../useAuditLog';
import { AuditFiltersForm } from './AuditFiltersForm';
import { AuditLogList } from './AuditLogList';
import { useNow } from '../../../pwa/use-now';
import '../audit.css';
import { formatCount } from '../../../contract/format';

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
      {log.error ? <LoadFailed message={log.error} onRetry={log.reload} /> : null}
      {log.loading ? (
        <ListSkeleton label="Loading activity" rows={4} height="36px" gap="2" />
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
              {formatCount(log.events.length, 'entry', 'entries')} shown{log.hasMore ? '; older ones follow' : ''}
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
