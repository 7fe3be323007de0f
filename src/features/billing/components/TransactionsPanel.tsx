import { useEffect, useState } from 'react';
import { Badge, Button, Flex, Skeleton, Table, Text } from '@radix-ui/themes';
import { ChevronLeftIcon, ChevronRightIcon, ReaderIcon } from '@radix-ui/react-icons';
import type { TransactionRow } from '../../../db';
import { LastUpdated } from '../../../pwa/LastUpdated';
import { useIsMobile } from '../../../ui/useMediaQuery';
import { BILLING_MESSAGES } from '../billing.messages';
import { formatDateTime } from '../billing.dates';
import { useSavedFeatures, useSavedTransactions, type TransactionFilter } from '../billing.queries';
import { TRANSACTIONS_SYNC_NAME, syncTransactionsPage, type SyncedPage } from '../transactions.sync';
import { BillingPanel } from './BillingPanel';
import { NothingToShow } from './NothingToShow';
import { TRANSACTION_TYPE_LABELS, featureLabel, signedCredits } from './ledger-format';
import { DEFAULT_LEDGER_FILTER, TransactionFilters, type LedgerFilter } from './TransactionFilters';
import type { TransactionType } from '../../../contract/billing';
import { formatNumber } from '../../../contract/format';

export const LEDGER_PAGE_SIZE = 10;

interface SyncOutcome {
  /** The request (space, page, filter, refresh) this outcome answers. */
  request: string;
  page: SyncedPage | null;
  failed: boolean;
}
const DAY_MS = 24 * 60 * 60 * 1000;

function toQueryFilter(filter: LedgerFilter, now: number): TransactionFilter {
  const days = filter.period === 'all' ? null : Number.parseInt(filter.period, 10);
  // `now` only matters for a period; 'all' needs no clock.
  return {
    feature: filter.feature === 'all' ? undefined : filter.feature,
    type: filter.type === 'all' ? undefined : filter.type,
    status: filter.status === 'all' ? undefined : filter.status,
    since: days ? new Date(now - days * DAY_MS).toISOString() : undefined,
  };
}

function Amount({ row }: { row: TransactionRow }) {
  return (
    <Text weight="medium" className="ledger-amount" color={row.transactionType === 'debit' ? undefined : 'green'}>
      {signedCredits(row.transactionType, row.credits)}
    </Text>
  );
}

function Description({ row }: { row: TransactionRow }) {
  return (
    <Flex direction="column" minWidth="0">
      <Text size="2" weight="medium" truncate>
        {row.activity ?? featureLabel(row.feature)}
      </Text>
      <Text size="1" color="gray" truncate>
        {[featureLabel(row.feature), row.agentName, row.mode ? `${row.mode} mode` : null].filter(Boolean).join(' · ')}
      </Text>
    </Flex>
  );
}

function TypeBadge({ row }: { row: TransactionRow }) {
  return (
    <Flex gap="1" wrap="wrap">
      <Badge variant="soft" color={row.transactionType === 'debit' ? 'gray' : 'green'}>
        {TRANSACTION_TYPE_LABELS[row.transactionType as TransactionType] ?? row.transactionType}
      </Badge>
      {row.status === 'refunded' ? (
        <Badge variant="soft" color="amber">
          Refunded
        </Badge>
      ) : null}
    </Flex>
  );
}

/**
 * The ledger with filters and paging. Rows come from Dexie (so the list works offline); each
 * page shown is fetched with the same filters and saved first.
 */
export function TransactionsPanel({ spaceId, refreshKey }: { spaceId: string | null; refreshKey: number }) {
  const [filter, setFilter] = useState<LedgerFilter>(DEFAULT_LEDGER_FILTER);
  // Computed when the filter changes (the period's start is "now" at that moment), so the live
  // query keeps the same arguments between renders.
  const [queryFilter, setQueryFilter] = useState<TransactionFilter>(() => toQueryFilter(DEFAULT_LEDGER_FILTER, 0));
  const [page, setPage] = useState(0);
  const [outcome, setOutcome] = useState<SyncOutcome | null>(null);
  const isMobile = useIsMobile();
  const saved = useSavedTransactions(spaceId, queryFilter, page * LEDGER_PAGE_SIZE, LEDGER_PAGE_SIZE);
  const features = useSavedFeatures(spaceId);
  const request = JSON.stringify([spaceId, page, queryFilter, filter.period, refreshKey]);
  const current = outcome?.request === request ? outcome : null;
  const syncing = current === null;
  const failed = current?.failed ?? false;
  const synced = current?.page ?? null;

  useEffect(() => {
    if (!spaceId) return;
    const controller = new AbortController();
    const thisRequest = JSON.stringify([spaceId, page, queryFilter, filter.period, refreshKey]);
    syncTransactionsPage(
      spaceId,
      {
        limit: LEDGER_PAGE_SIZE,
        offset: page * LEDGER_PAGE_SIZE,
        feature: queryFilter.feature,
        type: queryFilter.type,
        status: queryFilter.status,
        period: filter.period,
      },
      controller.signal,
    )
      .then((result) => setOutcome({ request: thisRequest, page: result, failed: false }))
      .catch(() => {
        if (!controller.signal.aborted) setOutcome({ request: thisRequest, page: null, failed: true });
      });
    return () => controller.abort();
  }, [spaceId, page, queryFilter, filter.period, refreshKey]);

  const total = synced?.total ?? saved?.count ?? 0;
  const first = total === 0 ? 0 : page * LEDGER_PAGE_SIZE + 1;
  const last = Math.min(total, (page + 1) * LEDGER_PAGE_SIZE);
  const hasMore = synced ? synced.hasMore : last < total;
  const rows = saved?.rows ?? [];

  const changeFilter = (next: LedgerFilter) => {
    setFilter(next);
    setQueryFilter(toQueryFilter(next, Date.now()));
    setPage(0);
  };

  return (
    <BillingPanel
      title="Transactions"
      subtitle={<LastUpdated syncName={TRANSACTIONS_SYNC_NAME} spaceId={spaceId} />}
      tools={<TransactionFilters filter={filter} features={features} onChange={changeFilter} />}
    >
      {failed ? (
        <Text size="2" color="amber" role="status">
          {BILLING_MESSAGES.fetchTransactionsFailed}. {rows.length > 0 ? 'Showing the transactions saved on this device.' : 'Check your connection and try again.'}
        </Text>
      ) : null}

      {saved === undefined || (syncing && rows.length === 0 && !failed) ? (
        <Skeleton height="220px" />
      ) : rows.length === 0 ? (
        <NothingToShow icon={ReaderIcon} py="6">
          {filter === DEFAULT_LEDGER_FILTER ? 'No transactions yet.' : 'No transactions match these filters.'}
        </NothingToShow>
      ) : isMobile ? (
        <ul className="plain-list ledger-list" aria-label="Transactions list">
          {rows.map((row) => (
            <li key={row.id}>
              <Flex justify="between" gap="3" py="3" align="center">
                <Flex direction="column" gap="1" minWidth="0">
                  <Description row={row} />
                  <Text size="1" color="gray">
                    {formatDateTime(row.createdAt)}
                  </Text>
                </Flex>
                <Flex direction="column" align="end" gap="1">
                  <Amount row={row} />
                  <TypeBadge row={row} />
                </Flex>
              </Flex>
            </li>
          ))}
        </ul>
      ) : (
        <Table.Root className="ledger-table" size="2" aria-label="Transactions table">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell>Date</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Activity</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Type</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell justify="end">Credits</Table.ColumnHeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.map((row) => (
              <Table.Row key={row.id}>
                <Table.Cell>
                  <Text size="2" color="gray" style={{ whiteSpace: 'nowrap' }}>
                    {formatDateTime(row.createdAt)}
                  </Text>
                </Table.Cell>
                <Table.Cell style={{ maxWidth: 360 }}>
                  <Description row={row} />
                </Table.Cell>
                <Table.Cell>
                  <TypeBadge row={row} />
                </Table.Cell>
                <Table.Cell justify="end">
                  <Amount row={row} />
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      )}

      <Flex justify="between" align="center" gap="3">
        <Text size="1" color="gray" aria-live="polite">
          {total === 0 ? '' : `Showing ${first}–${last} of ${formatNumber(total)}`}
        </Text>
        <Flex gap="2">
          <Button size="1" variant="soft" color="gray" disabled={page === 0} onClick={() => setPage((current) => Math.max(0, current - 1))}>
            <ChevronLeftIcon /> Previous
          </Button>
          <Button size="1" variant="soft" color="gray" disabled={!hasMore} onClick={() => setPage((current) => current + 1)}>
            Next <ChevronRightIcon />
          </Button>
        </Flex>
      </Flex>
    </BillingPanel>
  );
}
