import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Button, Card, Flex, Heading, Skeleton, Text } from '@radix-ui/themes';
import { SECURITY_ACTIONS, type AuditFilters } from '../../../contract/audit';
import { formatNumber } from '../../../contract/format';
import { Page } from '../../../ui/Page';
import { PageHeader } from '../../../ui/PageHeader';
import { AuditLog } from '../../audit/components/AuditLog';
import { fetchSecuritySummary } from '../admin.api';
import { LoadFailed } from '../../../ui/LoadFailed';
import { DomainClaimsReview } from '../components/DomainClaimsReview';
import { useRemote } from '../useRemote';
import '../admin.css';

const FILTER_KEYS = ['action', 'actor', 'organization', 'from', 'to'] as const satisfies readonly (keyof AuditFilters)[];

const SIGNALS = [
  { key: 'failed_sign_ins', label: 'Failed sign-ins', action: SECURITY_ACTIONS.failedSignIns },
  { key: 'refresh_reuse', label: 'Refresh-token reuse', action: SECURITY_ACTIONS.refreshReuse },
  { key: 'rate_limited', label: 'Rate-limit hits', action: SECURITY_ACTIONS.rateLimited },
] as const;

/** Security: the platform's security signals, domain claims to decide, and the whole audit log with filters (kept in the address). */
export default function AdminSecurityPage() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo<AuditFilters>(
    () => Object.fromEntries(FILTER_KEYS.map((key) => [key, params.get(key) ?? '']).filter(([, value]) => value !== '')),
    [params],
  );
  const setFilters = useCallback(
    (next: AuditFilters) =>
      setParams(() => {
        const search = new URLSearchParams();
        for (const key of FILTER_KEYS) if (next[key]) search.set(key, next[key]);
        return search;
      }),
    [setParams],
  );
  const summary = useRemote('security', (signal) => fetchSecuritySummary(signal), 'Failed to load the security summary');

  return (
    <Page wide>
      <PageHeader
        title="Security"
        description="Failed sign-ins, stolen-token detections and rate limits, email domain claims to decide, and the audit log of every organisation."
      />
      <Flex direction="column" gap="5">
        {summary.error ? <LoadFailed message={summary.error} onRetry={summary.reload} retrying={summary.loading} /> : null}
        <div className="admin-stat-grid">
          {SIGNALS.map((signal) => {
            const counts = summary.data?.[signal.key];
            return (
              <Card key={signal.key} size="2" className="surface-card">
                <Flex direction="column" gap="1" align="start">
                  <Text size="2" color="gray">
                    {signal.label}, 24 hours
                  </Text>
                  <Skeleton loading={!counts}>
                    <Text size="7" weight="bold" className="admin-figure" color={counts && counts.last_24h > 0 && signal.key !== 'failed_sign_ins' ? 'red' : undefined}>
                      {formatNumber(counts?.last_24h ?? 0)}
                    </Text>
                  </Skeleton>
                  <Text size="1" color="gray">
                    {formatNumber(counts?.last_7d ?? 0)} in 7 days
                  </Text>
                  <Button size="1" variant="ghost" mt="1" onClick={() => setFilters({ action: signal.action })} aria-label={`Show in the log: ${signal.label.toLowerCase()}`}>
                    Show in the log
                  </Button>
                </Flex>
              </Card>
            );
          })}
          <Card size="2" className="surface-card">
            <Text as="div" size="2" color="gray" mb="1">
              Addresses failing to sign in, 24 hours
            </Text>
            {summary.data && summary.data.top_failing_addresses.length === 0 ? (
              <Text size="2">None</Text>
            ) : (
              <ul className="plain-list">
                {(summary.data?.top_failing_addresses ?? []).map((row) => (
                  <li key={row.ip_address}>
                    <Text size="2" className="admin-figure">
                      {row.ip_address}: {formatNumber(row.count)}
                    </Text>
                  </li>
                ))}
              </ul>
            )}
          </Card>
        </div>
        <DomainClaimsReview />
        <Card size="3" className="surface-card">
          <Heading as="h2" size="4" mb="3">
            Audit log
          </Heading>
          <AuditLog scope="platform" filters={filters} onFiltersChange={setFilters} idPrefix="admin-audit" />
        </Card>
      </Flex>
    </Page>
  );
}
