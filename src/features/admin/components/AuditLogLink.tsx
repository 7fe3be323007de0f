import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Link } from '@radix-ui/themes';

/** From a drawer to the Security screen's audit log, filtered to what the drawer shows. */
export function AuditLogLink({ filter, id, children }: { filter: 'organization' | 'actor'; id: string; children: ReactNode }) {
  return (
    <Link asChild size="2">
      <RouterLink to={`/admin/security?${filter}=${encodeURIComponent(id)}`}>{children}</RouterLink>
    </Link>
  );
}
