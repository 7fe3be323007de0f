import { useState } from 'react';
import { Card, Heading, Text } from '@radix-ui/themes';
import type { AuditFilters } from '../../../contract/audit';
import { AuditLog } from '../../audit/components/AuditLog';

/**
 * The organisation's activity log on the dashboard (owners only; the server refuses anyone else):
 * who signed in, changed roles, invited, decided join requests, changed spaces and settings, paid.
 */
export function ActivityPanel() {
  const [filters, setFilters] = useState<AuditFilters>({});
  return (
    <Card size="3" className="surface-card">
      <section aria-labelledby="org-activity-heading">
        <Heading as="h2" size="4" mb="1" id="org-activity-heading">
          Activity
        </Heading>
        <Text as="p" size="2" color="gray" mb="4">
          Who did what in your organisation, newest first. The log cannot be edited or deleted.
        </Text>
        <AuditLog scope="organization" filters={filters} onFiltersChange={setFilters} pageSize={20} idPrefix="org-activity" />
      </section>
    </Card>
  );
}
