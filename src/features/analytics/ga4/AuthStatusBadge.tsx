import { Badge } from '@radix-ui/themes';
import type { Ga4AuthStatusValue } from '../../../contract/ga4';

const LABELS: Record<Ga4AuthStatusValue, { text: string; color: 'green' | 'red' | 'gray' | 'amber' }> = {
  authenticated: { text: 'Connected', color: 'green' },
  auth_expired: { text: 'Authentication expired', color: 'red' },
  no_accounts: { text: 'Not connected', color: 'gray' },
  partial_auth: { text: 'Some accounts need attention', color: 'amber' },
  error: { text: 'Error', color: 'red' },
};

/** GA4 auth status (spec 001 §3) as a badge. */
export function AuthStatusBadge({ status }: { status: Ga4AuthStatusValue }) {
  const label = LABELS[status] ?? LABELS.error;
  return (
    <Badge color={label.color} variant="soft" radius="full" aria-label={`Status: ${label.text}`}>
      {label.text}
    </Badge>
  );
}
