import { Text } from '@radix-ui/themes';
import { useCurrentSpace } from '../../spaces/useCurrentSpace';
import type { SpaceAnalyticsStatus } from './space-analytics-status';

interface AnalyticsStatusTextProps {
  status: SpaceAnalyticsStatus;
  /** Owners and admins connect and link; members read who does. */
  canConnect: boolean;
}

/** One sentence under the status badge: what the status means for this space, and what to do. */
export function AnalyticsStatusText({ status, canConnect }: AnalyticsStatusTextProps) {
  const space = useCurrentSpace()?.name ?? 'this space';
  const text = describeAnalyticsStatus(status, space, canConnect);
  if (!text) return null;
  return (
    <Text as="p" size="2" color="gray" data-testid="analytics-status-text">
      {text}
    </Text>
  );
}

const ASK_A_MANAGER = 'An organisation owner or admin connects Google Analytics and links a property; ask one of them.';

export function describeAnalyticsStatus(status: SpaceAnalyticsStatus, space: string, canConnect: boolean): string | null {
  switch (status.kind) {
    case 'loading':
    case 'unavailable':
      return null;
    case 'connected': {
      const names = status.properties.map((property) => property.ga4_property_display_name).join(', ');
      const attention = status.accountNeedsAttention ? ' One of your Google accounts needs reconnecting.' : '';
      return `${space} reports on ${names}.${attention}`;
    }
    case 'account-not-linked':
      return canConnect
        ? `Your Google account is connected, but no property is linked to ${space} yet. Link one on Manage GA4 Properties to fill the dashboard.`
        : `No property is linked to ${space} yet. ${ASK_A_MANAGER}`;
    case 'reconnect':
      return canConnect
        ? `Your Google account needs reconnecting before a property can be linked to ${space}.`
        : `No property is linked to ${space} yet. ${ASK_A_MANAGER}`;
    case 'not-connected':
      return canConnect
        ? `Nothing is connected to ${space} yet. Connecting opens Google, where you choose an account and allow read-only access; then link a property.`
        : `Nothing is connected to ${space} yet. ${ASK_A_MANAGER}`;
  }
}
