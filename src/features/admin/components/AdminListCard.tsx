import type { ReactNode } from 'react';
import { Card, Flex } from '@radix-ui/themes';
import { ListSkeleton } from '../../../ui/Skeletons';
import { ADMIN_PAGE_SIZE, type ListAddress } from '../useAddressParams';
import type { Remote } from '../useRemote';
import { Pager } from './Pager';
import { RemoteContent } from './RemoteContent';

interface AdminListCardProps<T extends { total: number }, Item> {
  /** The search and filters above the list. */
  toolbar: ReactNode;
  /** Where the list's search and first row are kept. */
  address: ListAddress;
  /** One page of the list, as the server answered it, and its rows. */
  page: Remote<T>;
  rows: (page: T) => readonly Item[];
  /** What the list holds, singular and plural (["organisation", "organisations"]): names the wait and the pager's count. */
  noun: readonly [one: string, many: string];
  /** Shown when the page holds nothing. */
  empty: ReactNode;
  children: (rows: readonly Item[]) => ReactNode;
}

/** A paged admin list in its card: search and filters, the rows (or why there are none), Previous and Next. */
export function AdminListCard<T extends { total: number }, Item>({ toolbar, address, page, rows, noun, empty, children }: AdminListCardProps<T, Item>) {
  return (
    <Card size="3" className="surface-card">
      <Flex direction="column" gap="4">
        <Flex gap="3" wrap="wrap" align="end" className="admin-toolbar">
          {toolbar}
        </Flex>
        <RemoteContent remote={page} shown={page.data} placeholder={<ListSkeleton label={`Loading ${noun[1]}`} rows={5} gap="2" />}>
          {(answer) => (rows(answer).length === 0 ? empty : children(rows(answer)))}
        </RemoteContent>
        {page.data ? (
          <Pager offset={address.offset} limit={ADMIN_PAGE_SIZE} total={page.data.total} shown={rows(page.data).length} noun={noun} onChange={address.turnPage} />
        ) : null}
      </Flex>
    </Card>
  );
}
