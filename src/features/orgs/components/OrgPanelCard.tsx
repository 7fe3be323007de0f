import type { ReactNode } from 'react';
import { Card, Flex } from '@radix-ui/themes';

/** A panel of Manage Users, named by its heading (`headingId`): the heading, then its list. */
export function OrgPanelCard({ headingId, children }: { headingId: string; children: ReactNode }) {
  return (
    <Card size="3" className="surface-card" aria-labelledby={headingId}>
      <Flex direction="column" gap="4">
        {children}
      </Flex>
    </Card>
  );
}
