import type { ReactNode } from 'react';
import { LoadedContent } from '../../../ui/LoadedContent';
import { ListSkeleton } from '../../../ui/Skeletons';
import type { ListState } from '../orgs.store';

interface PanelListProps<T> {
  list: Readonly<Omit<ListState<T>, 'items'>> & { items: readonly T[] };
  /** Loads the list again (Retry). */
  load: () => Promise<unknown>;
  /** What the list holds, plural: names the wait ("Loading invites"). */
  noun: string;
  /** Placeholder rows while it loads: about as many as the list usually holds. */
  loadingRows: number;
  /** Shown once the list is known to be empty. */
  empty: ReactNode;
  children: (items: readonly T[]) => ReactNode;
}

/** A panel's list from the store: why it failed with Retry, placeholders, the empty state, the rows. */
export function PanelList<T>({ list, load, noun, loadingRows, empty, children }: PanelListProps<T>) {
  return (
    <LoadedContent
      data={list.loaded ? list.items : null}
      error={list.error}
      retrying={list.loading}
      onRetry={() => void load()}
      placeholder={<ListSkeleton label={`Loading ${noun}`} rows={loadingRows} />}
    >
      {(items) => (items.length === 0 ? empty : children(items))}
    </LoadedContent>
  );
}
