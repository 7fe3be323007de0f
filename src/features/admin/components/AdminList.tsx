import { Table } from '@radix-ui/themes';
import { CardsOrTable, type CardsOrTableLook, type CardsOrTableProps } from '../../../ui/CardsOrTable';
import { OpenButton } from './OpenButton';

/** The admin lists' table and phone cards (admin.css). */
export const ADMIN_LIST_LOOK: CardsOrTableLook = { table: 'admin-table', cards: 'plain-list card-list', card: 'card-list-item' };

const OPEN_COLUMN = { header: <span className="visually-hidden">Open</span> };

interface AdminListProps<T> extends Omit<CardsOrTableProps<T>, 'look' | 'keyOf' | 'rowAlign' | 'rowClassName'> {
  /** Opens a row in its drawer (the cards place their own Open button). */
  onOpen: (id: string) => void;
}

/** A page of accounts or organisations: a table whose rows end in an Open button, cards on a phone. */
export function AdminList<T extends { id: string; name: string }>({ columns, cells, onOpen, ...list }: AdminListProps<T>) {
  return (
    <CardsOrTable
      {...list}
      keyOf={(item) => item.id}
      look={ADMIN_LIST_LOOK}
      rowAlign="center"
      columns={[...columns, OPEN_COLUMN]}
      cells={(item) => (
        <>
          {cells(item)}
          <Table.Cell justify="end">
            <OpenButton name={item.name} size="1" onOpen={() => onOpen(item.id)} />
          </Table.Cell>
        </>
      )}
    />
  );
}
