import { useEffect, useState } from 'react';
import { Flex, SegmentedControl, Skeleton, Table, Text } from '@radix-ui/themes';
import { BarChartIcon } from '@radix-ui/react-icons';
import { fetchUsageBreakdown } from '../billing.api';
import { formatCredits } from '../billing.status';
import type { UsageBreakdown, UsageGroup } from '../../../contract/billing';
import { REPORT_PERIODS } from '../periods';
import { BillingPanel } from './BillingPanel';
import { NothingToShow } from './NothingToShow';
import { UsageBreakdownChart } from './UsageBreakdownChart';
import { formatNumber } from '../../../contract/format';
import { ChoiceSelect } from '../../../ui/ChoiceSelect';


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
    <BillingPanel
      title="Usage breakdown"
      subtitle={
        <Text size="2" color="gray">
          {showing
            ? `${formatCredits(showing.total_credits_used)} credits used in the ${(REPORT_PERIODS.find((option) => option.value === period)?.label ?? 'chosen period').toLowerCase()}`
            : 'Credits used'}
        </Text>
      }
      tools={
        <Flex gap="2" align="center" wrap="wrap">
          <SegmentedControl.Root value={group} onValueChange={(value) => setGroup(value as UsageGroup)} size="1" aria-label="Group usage by">
            <SegmentedControl.Item value="feature">By feature</SegmentedControl.Item>
            <SegmentedControl.Item value="agent">By agent</SegmentedControl.Item>
          </SegmentedControl.Root>
          <ChoiceSelect label="Usage period" trigger={{ variant: 'soft' }} size="1" value={period} onValueChange={setPeriod} choices={REPORT_PERIODS} />
        </Flex>
      }
    >
      {failed && !showing ? (
        <Text size="2" color="gray">
          Usage figures need a connection. They will appear when the server can be reached.
        </Text>
      ) : !showing ? (
        <Skeleton height="120px" />
      ) : showing.breakdown.length === 0 ? (
        <NothingToShow icon={BarChartIcon} py="5">
          No credits used in this period yet. Chats with AI agents will show up here.
        </NothingToShow>
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
    </BillingPanel>
  );
}
