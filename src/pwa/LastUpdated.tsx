import { Text } from '@radix-ui/themes';
import { useEffect, useState } from 'react';
import { useLastSynced } from '../db';
import { timeAgo } from './relative-time';

/** Re-render this often so "5 minutes ago" does not go stale while the screen stays open. */
const TICK_MS = 30_000;

interface LastUpdatedProps {
  /** The sync name the screen's fetch records with markSynced, e.g. 'documents'. */
  syncName: string;
  spaceId: string | null;
}

/** "Last updated 5 minutes ago" for a screen's saved data; nothing until it was synced once. */
export function LastUpdated({ syncName, spaceId }: LastUpdatedProps) {
  const syncedAt = useLastSynced(syncName, spaceId);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, []);
  if (syncedAt === null || syncedAt === undefined) return null;
  return (
    <Text as="p" size="1" color="gray" className="last-updated">
      Last updated {timeAgo(syncedAt, Math.max(now, syncedAt))}
    </Text>
  );
}
