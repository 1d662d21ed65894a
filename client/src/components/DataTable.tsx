import type { ReactNode } from 'react';
import { Table } from '@mantine/core';

type Column = string | { label: string; align: 'right' };

interface DataTableProps<Item> {
  items: readonly Item[];
  testId: string;
  /** Below this width the table scrolls sideways inside its container and keeps its columns. */
  minWidth: number;
  columns: readonly Column[];
  /** One `<Table.Tr key=…>` per item. */
  row: (item: Item) => ReactNode;
  /** Cells on one line each (the columns are short values). */
  nowrap?: boolean;
  /** Rows highlighted under the pointer (rows with actions). */
  hover?: boolean;
}

/** A list's items as a table: the header of its columns and one row per item, scrolling sideways
 * inside its container below `minWidth`. Rendered by a PagedTable, which shows the list's other states. */
export function DataTable<Item>({ items, ...layout }: DataTableProps<Item>) {
  return (
    <Table.ScrollContainer minWidth={layout.minWidth} type="native">
      <Table
        striped
        highlightOnHover={layout.hover}
        verticalSpacing="sm"
        style={layout.nowrap ? { whiteSpace: 'nowrap' } : undefined}
        data-testid={layout.testId}
      >
        <Table.Thead>
          <Table.Tr>
            {layout.columns.map((column) => (typeof column === 'string'
              ? <Table.Th key={column}>{column}</Table.Th>
              : <Table.Th key={column.label} ta={column.align}>{column.label}</Table.Th>))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{items.map((item) => layout.row(item))}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

