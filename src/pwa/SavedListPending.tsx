/**
 * A list screen (documents, assets, chats, Agent Mode runs) reads the device's copy, so it shows at
 * once and offline. An empty copy means "none" only once the list has been saved from the server
 * for that space: before that, on a first visit over a slow network or without a connection, the
 * screen said "No documents yet" while the person's documents were on their way, or could not be
 * reached (docs/pwa.md "Network conditions"). Until then the list says it is loading, or that it
 * could not be loaded and what to do.
 *
 * Imported by path, not through the PWA layer's index: it reads the device store (see index.ts).
 */
import { Flex, Spinner, Text } from '@radix-ui/themes';
import { useLastSynced } from '../db';

/** known: the saved list is the space's list (empty means none); loading; unavailable: the last load failed. */
export type SavedListState = 'known' | 'loading' | 'unavailable';

/**
 * Whether the device's copy of a list can be trusted to be complete. `syncName` is the name the
 * list's fetch records with markSynced; `failed` is true while its last load has failed.
 */
export function useSavedListState(syncName: string, spaceId: string | null, failed: boolean): SavedListState {
  const syncedAt = useLastSynced(syncName, spaceId);
  if (typeof syncedAt === 'number') return 'known';
  // undefined: the device is still being read; null: never saved here.
  return failed && syncedAt === null ? 'unavailable' : 'loading';
}

export const savedListTexts = (what: string) => ({
  loading: `Loading your ${what}…`,
  unavailable: `Your ${what} could not be loaded, and none are saved on this device yet. They show here once Mosaic reaches the server: check your connection, then try again.`,
});

/** In place of a list that is not known yet: a spinner with what is loading, or why there is nothing. */
export function SavedListPending({ state, what }: { state: Exclude<SavedListState, 'known'>; what: string }) {
  const texts = savedListTexts(what);
  return (
    <Flex className="saved-list-pending" direction="column" align="center" gap="2" py="6" px="4" role="status">
      {state === 'loading' ? <Spinner size="2" /> : null}
      <Text as="p" size="2" color="gray" align="center">
        {texts[state]}
      </Text>
    </Flex>
  );
}
