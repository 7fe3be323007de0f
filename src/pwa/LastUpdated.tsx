import { Text } from '@radix-ui/themes';
import { useLastSynced } from '../db';
import { timeAgo } from './relative-time';
import { useNow } from './use-now';

interface LastUpdatedProps {
  /** The sync name the screen's fetch records with markSynced, e.g. 'documents'. */
  syncName: string;
  spaceId: string | null;
}

/** "Last updated 5 minutes ago" for a screen's saved data; nothing until it was synced once. */
export function LastUpdated({ syncName, spaceId }: LastUpdatedProps) {
  const syncedAt = useLastSynced(syncName, spaceId);
  const now = useNow();
  if (syncedAt === null || syncedAt === undefined) return null;
  return (
    <Text as="p" size="1" color="gray" className="last-updated">
      Last updated {timeAgo(syncedAt, Math.max(now, syncedAt))}
    </Text>
  );
}
