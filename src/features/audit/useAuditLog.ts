import { useCallback, useEffect, useRef, useState } from 'react';
import type { AuditEvent, AuditFilters } from '../../contract/audit';
import { describeFailure } from '../../api';
import { fetchAuditPage, type AuditScope } from './audit.api';

export interface AuditLogState {
  events: AuditEvent[];
  /** First page loading (or reloading after a filter change). */
  loading: boolean;
  loadingMore: boolean;
  error: string | null;
  hasMore: boolean;
  loadMore: () => void;
  reload: () => void;
}

interface Pages {
  /** The filters (and reload count) these pages answer. */
  request: string;
  events: AuditEvent[];
  cursor: string | null;
  error: string | null;
}

/**
 * The log, newest first, a page at a time: a filter change starts again from the newest entry;
 * "Load more" asks for the page after the last cursor. A request overtaken by a newer one is
 * aborted, so a slow answer never replaces a fresher one.
 */
export function useAuditLog(scope: AuditScope, filters: AuditFilters, pageSize: number): AuditLogState {
  const [generation, setGeneration] = useState(0);
  const [pages, setPages] = useState<Pages>({ request: '', events: [], cursor: null, error: null });
  const [loadingMore, setLoadingMore] = useState(false);
  const more = useRef<AbortController | null>(null);
  const key = JSON.stringify(filters);
  const request = `${generation}:${scope}:${key}`;
  const doing = 'Failed to load the activity log';

  useEffect(() => {
    const controller = new AbortController();
    more.current?.abort();
    fetchAuditPage(scope, JSON.parse(key) as AuditFilters, null, pageSize, controller.signal).then(
      (page) => {
        if (!controller.signal.aborted) setPages({ request, events: page.events, cursor: page.next_cursor, error: null });
      },
      (caught: unknown) => {
        if (!controller.signal.aborted) setPages({ request, events: [], cursor: null, error: describeFailure(caught, doing) });
      },
    );
    return () => controller.abort();
  }, [scope, key, pageSize, request]);

  const loadMore = useCallback(() => {
    if (!pages.cursor || pages.request !== request) return;
    const controller = new AbortController();
    more.current = controller;
    setLoadingMore(true);
    fetchAuditPage(scope, JSON.parse(key) as AuditFilters, pages.cursor, pageSize, controller.signal)
      .then(
        (page) => {
          if (controller.signal.aborted) return;
          setPages((shown) => (shown.request === request ? { ...shown, events: [...shown.events, ...page.events], cursor: page.next_cursor, error: null } : shown));
        },
        (caught: unknown) => {
          if (!controller.signal.aborted) setPages((shown) => ({ ...shown, error: describeFailure(caught, doing) }));
        },
      )
      .finally(() => {
        if (!controller.signal.aborted) setLoadingMore(false);
      });
  }, [pages, request, scope, key, pageSize]);

  const current = pages.request === request;
  return {
    events: current ? pages.events : [],
    loading: !current,
    loadingMore,
    error: current ? pages.error : null,
    hasMore: current && pages.cursor !== null,
    loadMore,
    reload: () => setGeneration((value) => value + 1),
  };
}
