import type { ReactNode } from 'react';
import { Card, Flex, Heading } from '@radix-ui/themes';

interface BillingPanelProps {
  /** The heading, which also names the card for screen readers. */
  title: string;
  /** Under the heading: how much, or how fresh. */
  subtitle: ReactNode;
  /** Right of the heading (under it when narrow): what the panel is filtered or grouped by. */
  tools: ReactNode;
  children: ReactNode;
}

/** A card of the Credits screen that lists or charts credits: heading, its filters, then the figures. */
export function BillingPanel({ title, subtitle, tools, children }: BillingPanelProps) {
  return (
    <Card size="3" className="surface-card" aria-label={title}>
      <Flex direction="column" gap="4">
        <Flex justify="between" align="start" gap="3" wrap="wrap">
          <div>
            <Heading as="h2" size="4">
              {title}
            </Heading>
            {subtitle}
          </div>
          {tools}
        </Flex>
        {children}
      </Flex>
    </Card>
  );
}
