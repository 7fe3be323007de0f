import { CardsOrTable, type CardsOrTableLook, type CardsOrTableProps } from '../../../ui/CardsOrTable';

/** The admin lists' table and phone cards (admin.css). */
export const ADMIN_LIST_LOOK: CardsOrTableLook = { table: 'admin-table', cards: 'plain-list admin-card-list', card: 'admin-card' };

type AdminListProps<T> = Omit<CardsOrTableProps<T>, 'look' | 'keyOf' | 'rowAlign' | 'rowClassName'>;

/** A page of accounts or organisations: a table whose rows end in an Open button, cards on a phone. */
export function AdminList<T extends { id: string }>(props: AdminListProps<T>) {
  return <CardsOrTable {...props} keyOf={(item) => item.id} look={ADMIN_LIST_LOOK} rowAlign="center" />;
}
