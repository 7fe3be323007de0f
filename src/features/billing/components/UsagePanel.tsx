import { useEffect, useState } from 'react';
import { Card, Flex, Heading, SegmentedControl, Select, Skeleton, Table, Text } from '@radix-ui/themes';
import { BarChartIcon } from '@radix-ui/react-icons';
import { fetchUsageBreakdown } from '../billing.api';
import { formatCredits } from '../billing.status';
import type { UsageBreakdown, UsageGroup } from '../../../contract/billing';
import { REPORT_PERIODS } from '../periods';
import { UsageBreakdownChart } from './UsageBreakdownChart';
import { formatNumber } from '../../../contract/format';


/** Credits spent by feature or by agent over a period (GET /billing/analytics/usage-breakdown). */
export function UsagePanel({ refreshKey }: { refreshKey: number }) {
  const [group, setGroup] = useState<UsageGroup>('feature');
  const [period, setPeriod] = useState<string>('30d');
  const [data, setData] = useState<UsageBreakdown | null>(null);
  // The request that last failed; a new request (other group, period or balance) clears it by itself.
  const [failedRequest, setFailedRequest] = useState<string | null>(null);
  const request = `${group}|${period}|${refreshKey}`;
  const failed = failedRequest === request;

  useEffect(() => {
    const controller = new AbortController();
    fetchUsageBreakdown(group, period, controller.signal)
      .then((result) => setData(result))
      .catch(() => {
        if (!controller.signal.aborted) setFailedRequest(`${group}|${period}|${refreshKey}`);
      });
    return () => controller.abort();
  }, [group, period, refreshKey]);

  const showing = data && data.group_by === group && data.period === period ? data : null;

  return (
    <Card size="3" className="surface-card" aria-label="Usage breakdown">
      <Flex direction="column" gap="4">
        <Flex justify="between" align="start" gap="3" wrap="wrap">
          <div>
            <Heading as="h2" size="4">
              Usage breakdown
            </Heading>
            <Text size="2" color="gray">
              {showing
                ? `${formatCredits(showing.total_credits_used)} credits used in the ${(REPORT_PERIODS.find((option) => option.value === period)?.label ?? 'chosen period').toLowerCase()}`
                : 'Credits used'}
            </Text>
          </div>
          <Flex gap="2" align="center" wrap="wrap">
            <SegmentedControl.Root value={group} onValueChange={(value) => setGroup(value as UsageGroup)} size="1" aria-label="Group usage by">
              <SegmentedControl.Item value="feature">By feature</SegmentedControl.Item>
              <SegmentedControl.Item value="agent">By agent</SegmentedControl.Item>
            </SegmentedControl.Root>
            <Select.Root value={period} onValueChange={setPeriod} size="1">
              <Select.Trigger aria-label="Usage period" variant="soft" />
              <Select.Content>
                {REPORT_PERIODS.map((option) => (
                  <Select.Item key={option.value} value={option.value}>
                    {option.label}
                  </Select.Item>
                ))}
              </Select.Content>
            </Select.Root>
          </Flex>
        </Flex>
        {failed && !showing ? (
          <Text size="2" color="gray">
            Usage figures need a connection. They will appear when the server can be reached.
          </Text>
        ) : !showing ? (
          <Skeleton height="120px" />
        ) : showing.breakdown.length === 0 ? (
          <Flex direction="column" align="center" gap="2" py="5">
            <BarChartIcon width={22} height={22} color="var(--gray-9)" />
            <Text size="2" color="gray" align="center">
              No credits used in this period yet. Chats with AI agents will show up here.
            </Text>
          </Flex>
        ) : (
          <>
            <UsageBreakdownChart items={showing.breakdown} title={`Credits used ${group === 'agent' ? 'by agent' : 'by feature'}`} />
            <Table.Root size="1" variant="ghost" className="usage-table">
              <caption className="visually-hidden">Credits used {group === 'agent' ? 'by agent' : 'by feature'}</caption>
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeaderCell>{group === 'agent' ? 'Agent' : 'Feature'}</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell justify="end">Uses</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell justify="end">Credits</Table.ColumnHeaderCell>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {showing.breakdown.map((item) => (
                  <Table.Row key={`${item.key ?? 'none'}`}>
                    <Table.RowHeaderCell>{item.label}</Table.RowHeaderCell>
                    <Table.Cell justify="end" className="billing-figure">
                      {formatNumber(item.transactions)}
                    </Table.Cell>
                    <Table.Cell justify="end" className="billing-figure">
                      {formatNumber(item.credits)}
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </>
        )}
      </Flex>
    </Card>
  );
}
