import type { ReactNode } from 'react';
import { useIsMobile } from './useMediaQuery';
import { DataTable, type DataTableProps } from './DataTable';
import './cards.css';

/** The class names of the two forms; each area styles its own. */
export interface CardsOrTableLook {
  table: string;
  cards: string;
  card: string;
}

export interface CardsOrTableProps<T> extends Omit<DataTableProps<T>, 'className' | 'variant'> {
  /** One item as a card, on a phone. */
  card: (item: T) => ReactNode;
  look: CardsOrTableLook;
}

/** A list shown as a dense table on wide screens and as one card per item on a phone. */
export function CardsOrTable<T>({ card, look, ...table }: CardsOrTableProps<T>) {
  const isMobile = useIsMobile();
  if (!isMobile) return <DataTable {...table} className={look.table} variant="surface" />;
  return (
    <ul className={look.cards} aria-label={table.label}>
      {table.items.map((item) => (
        <li key={table.keyOf(item)} className={look.card}>
          {card(item)}
        </li>
      ))}
    </ul>
  );
}
