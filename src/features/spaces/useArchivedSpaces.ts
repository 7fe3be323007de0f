import { useCallback, useEffect, useRef, useState } from 'react';
import type { ArchivedSpace } from '../../contract/spaces';
import { fetchArchivedSpaces } from './space-admin.api';

export const ARCHIVED_LOAD_FAILED = 'Archived spaces could not be loaded. Check your connection and try again.';
export const ARCHIVED_MORE_FAILED = 'More archived spaces could not be loaded. Check your connection and try Show more again.';

export interface ArchivedSpaces {
  spaces: ArchivedSpace[];
  hasMore: boolean;
  loadingMore: boolean;
  error: string | null;
  /** From the first page again (after a space is archived or restored). */
  reload: () => Promise<void>;
  /** The page after the last one shown. */
  loadMore: () => void;
  /** A change made here (renamed, deleted) shown at once, without reading the pages again. */
  update: (change: (spaces: ArchivedSpace[]) => ArchivedSpace[]) => void;
}

/**
 * The organisation's archived spaces, by name, a page at a time (GET /spaces/archived answers at most
 * a page, docs/scale.md): the first page on mount, the next on "Show more". An answer overtaken by a
 * reload is dropped, so a slow page never lands after a fresher first page.
 */
export function useArchivedSpaces(): ArchivedSpaces {
  const [spaces, setSpaces] = useState<ArchivedSpace[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Each read takes a number; only the newest read's answer is shown.
  const latest = useRef(0);

  const reload = useCallback((): Promise<void> => {
    const read = ++latest.current;
    return fetchArchivedSpaces(null).then(
      (page) => {
        if (read !== latest.current) return;
        setSpaces(page.data);
        setCursor(page.next_cursor);
        setError(null);
        // A "Show more" overtaken by this read is over.
        setLoadingMore(false);
      },
      () => {
        if (read !== latest.current) return;
        setError(ARCHIVED_LOAD_FAILED);
        setLoadingMore(false);
      },
    );
  }, []);

  const loadMore = useCallback(() => {
    if (!cursor) return;
    const read = ++latest.current;
    setLoadingMore(true);
    fetchArchivedSpaces(cursor).then(
      (page) => {
        if (read !== latest.current) return;
        setSpaces((shown) => [...shown, ...page.data]);
        setCursor(page.next_cursor);
        setError(null);
        setLoadingMore(false);
      },
      () => {
        if (read !== latest.current) return;
        setError(ARCHIVED_MORE_FAILED);
        setLoadingMore(false);
      },
    );
  }, [cursor]);

  useEffect(() => {
    const reads = latest;
    void reload();
    // A read still on its way when the card closes is dropped.
    return () => void ++reads.current;
  }, [reload]);

  return { spaces, hasMore: cursor !== null, loadingMore, error, reload, loadMore, update: setSpaces };
}
