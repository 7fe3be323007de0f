import { Badge } from '@radix-ui/themes';
import { STATUS_BADGES, type SpaceAnalyticsStatus } from './space-analytics-status';

/** The current space's analytics status as a badge: the same words on Connections and the Dashboard. */
export function SpaceAnalyticsBadge({ status }: { status: SpaceAnalyticsStatus }) {
  const badge = STATUS_BADGES[status.kind];
  return (
    <Badge color={badge.color} variant="soft" radius="full" aria-label={`Analytics status: ${badge.text}`}>
      {badge.text}
    </Badge>
  );
}
