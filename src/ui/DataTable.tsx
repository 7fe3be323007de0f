import type { ReactNode } from 'react';
import { Table } from '@radix-ui/themes';

export interface Column {
  header: ReactNode;
  justify?: 'end';
}

export interface DataTableProps<T> {
  /** Names the table for screen readers (a caption they alone read). */
  label: string;
  items: readonly T[];
  keyOf: (item: T) => string;
  columns: readonly Column[];
  /** One item's cells, in the order of the columns. */
  cells: (item: T) => ReactNode;
  className: string;
  variant?: 'surface';
  /** 'center' where rows hold buttons beside text. */
  rowAlign?: 'center';
  rowClassName?: string;
}

/** A dense table of items, one row each, under a row of column headers. */
export function DataTable<T>({ label, items, keyOf, columns, cells, className, variant, rowAlign, rowClassName }: DataTableProps<T>) {
  return (
    <Table.Root size="1" variant={variant} className={className}>
      <caption className="visually-hidden">{label}</caption>
      <Table.Header>
        <Table.Row>
          {columns.map((column, index) => (
            <Table.ColumnHeaderCell key={index} justify={column.justify}>
              {column.header}
            </Table.ColumnHeaderCell>
          ))}
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {items.map((item) => (
          <Table.Row key={keyOf(item)} align={rowAlign} className={rowClassName}>
            {cells(item)}
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}
