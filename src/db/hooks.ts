/** React hooks over the saved data. Feature query files build theirs the same way. */
import { useLiveQuery } from 'dexie-react-hooks';
import { readLastSynced } from './sync-meta';

/**
 * When `name` was last synced for a space (epoch ms); null when never, undefined while reading.
 * Updates by itself when markSynced runs, in this tab or another.
 */
export function useLastSynced(name: string, spaceId: string | null): number | null | undefined {
  return useLiveQuery(() => readLastSynced(name, spaceId), [name, spaceId]);
}
