import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';

export type ParamChanges = Record<string, string | undefined>;

/**
 * The admin lists keep their search, filters, page and open drawer in the address. `update`
 * changes some of them and keeps the rest as the address holds them now: not as last rendered.
 * The router renders a navigation in a transition, so a search whose typing pause ends while an
 * "Open" click is still rendering would otherwise write the address of before the click back,
 * and the drawer just opened closed again (or a click would drop the search just sent).
 */
export function useAddressParams(): [URLSearchParams, (changes: ParamChanges) => void] {
  const [params, setParams] = useSearchParams();
  const update = useCallback(
    (changes: ParamChanges) =>
      setParams(() => {
        const next = new URLSearchParams(window.location.search);
        for (const [key, value] of Object.entries(changes)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        return next;
      }),
    [setParams],
  );
  return [params, update];
}

/** Rows a page of an admin list holds. */
export const ADMIN_PAGE_SIZE = 50;

/** An admin list's search text and first row in the address, and the changes the list makes to them. */
export function useListAddress() {
  const [params, update] = useAddressParams();
  const q = params.get('q') ?? '';
  const offset = Math.max(0, Number(params.get('offset')) || 0);
  // A new search starts again from the first page.
  const search = useCallback((text: string) => update({ q: text || undefined, offset: undefined }), [update]);
  const turnPage = (next: number) => update({ offset: next ? String(next) : undefined });
  return { params, update, q, offset, search, turnPage };
}

export type ListAddress = ReturnType<typeof useListAddress>;
