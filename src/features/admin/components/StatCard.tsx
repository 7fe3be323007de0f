import type { ReactNode } from 'react';
import { Card, Flex, Text } from '@radix-ui/themes';
import { formatNumber } from '../../../contract/format';

interface StatCardProps {
  label: string;
  value: number;
  /** Smaller facts under the figure ("12 suspended"). */
  hint?: ReactNode;
  tone?: 'default' | 'warning';
}

/** One headline figure of the dashboard. */
export function StatCard({ label, value, hint, tone = 'default' }: StatCardProps) {
  return (
    <Card size="2" className="surface-card">
      <Flex direction="column" gap="1">
        <Text size="2" color="gray">
          {label}
        </Text>
        <Text size="7" weight="bold" className="admin-figure" color={tone === 'warning' ? 'red' : undefined}>
          {formatNumber(value)}
        </Text>
        {hint ? (
          <Text size="1" color="gray">
            {hint}
          </Text>
        ) : null}
      </Flex>
    </Card>
  );
}
