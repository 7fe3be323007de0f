import type { ReactNode } from 'react';
import { LoadedContent } from '../../../ui/LoadedContent';
import { ListSkeleton } from '../../../ui/Skeletons';
import type { ListState } from '../org-admin.store';

interface PanelListProps<T> {
  list: Readonly<Omit<ListState<T>, 'items'>> & { items: readonly T[] };
  onRetry: () => void;
  /** Names the wait ("Loading invites"). */
  loadingLabel: string;
  /** Placeholder rows while it loads: about as many as the list usually holds. */
  loadingRows: number;
  /** Shown once the list is known to be empty. */
  empty: ReactNode;
  children: (items: readonly T[]) => ReactNode;
}

/** A panel's list from the store: why it failed with Retry, placeholders, the empty state, the rows. */
export function PanelList<T>({ list, onRetry, loadingLabel, loadingRows, empty, children }: PanelListProps<T>) {
  return (
    <LoadedContent data={list.loaded ? list.items : null} error={list.error} retrying={list.loading} onRetry={onRetry} placeholder={<ListSkeleton label={loadingLabel} rows={loadingRows} />}>
      {(items) => (items.length === 0 ? empty : children(items))}
    </LoadedContent>
  );
}
