import { useEffect, useState } from 'react';
import { Card, Flex, Heading, Skeleton, Text } from '@radix-ui/themes';
import { ArrowDownIcon, ArrowUpIcon, ChatBubbleIcon, ResetIcon } from '@radix-ui/react-icons';
import { fetchRecentActivity } from '../billing.api';
import { formatDateTime } from '../billing.dates';
import type { ActivityItem } from '../../../contract/billing';
import { signedCredits } from './ledger-format';

const ACTIVITY_LIMIT = 6;

function ActivityIcon({ item }: { item: ActivityItem }) {
  const inflow = item.transaction_type !== 'debit';
  const Icon = item.transaction_type === 'refund' ? ResetIcon : inflow ? ArrowUpIcon : item.feature === 'chat' ? ChatBubbleIcon : ArrowDownIcon;
  return (
    <Flex
      className="activity-list__icon"
      align="center"
      justify="center"
      style={{ background: inflow ? 'var(--green-a3)' : 'var(--accent-a3)', color: inflow ? 'var(--green-11)' : 'var(--accent-11)' }}
      aria-hidden="true"
    >
      <Icon />
    </Flex>
  );
}

/** The latest credit movements and who made them (GET /billing/analytics/recent-activity). */
export function RecentActivity({ refreshKey }: { refreshKey: number }) {
  const [items, setItems] = useState<ActivityItem[] | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    fetchRecentActivity(ACTIVITY_LIMIT, controller.signal)
      .then((feed) => {
        setItems(feed.activities);
        setFailed(false);
      })
      .catch(() => {
        if (!controller.signal.aborted) setFailed(true);
      });
    return () => controller.abort();
  }, [refreshKey]);

  return (
    <Card size="3" className="surface-card" aria-label="Recent activity">
      <Flex direction="column" gap="3">
        <Heading as="h2" size="4">
          Recent activity
        </Heading>
        {items === null ? (
          failed ? (
            <Text size="2" color="gray">
              Recent activity needs a connection. Your saved transactions are below.
            </Text>
          ) : (
            <Skeleton height="160px" />
          )
        ) : items.length === 0 ? (
          <Text size="2" color="gray">
            Nothing yet.
          </Text>
        ) : (
          <ul className="plain-list activity-list">
            {items.map((item) => (
              <li key={item.id}>
                <Flex gap="3" align="center" py="2">
                  <ActivityIcon item={item} />
                  <Flex direction="column" flexGrow="1" minWidth="0">
                    <Text size="2" weight="medium" truncate>
                      {item.activity}
                    </Text>
                    <Text size="1" color="gray" truncate>
                      {[item.agent_name, item.user_name, formatDateTime(item.created_at)].filter(Boolean).join(' · ')}
                    </Text>
                  </Flex>
                  <Text size="2" weight="medium" className="ledger-amount" color={item.transaction_type === 'debit' ? undefined : 'green'}>
                    {signedCredits(item.transaction_type, item.credits)}
                  </Text>
                </Flex>
              </li>
            ))}
          </ul>
        )}
      </Flex>
    </Card>
  );
}
