import type { Key, ReactNode } from 'react';

/** One column: its header and what a row shows in it. */
export interface Column<Row> {
  label: string;
  cell: (row: Row) => ReactNode;
}

interface StackedTableProps<Row> {
  /** The name of the scrolling region around the table. */
  label: string;
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => Key;
}

/**
 * A table that reads as a table on desktop and as a stack of cards on phones (account.css,
 * `.stacked`): each cell carries its column's name in `data-label`, shown beside the value,
 * so nothing is cut mid-word at 390 px. The markup stays one table, so
 * rows, headers and their names are the same at every width.
 */
export function StackedTable<Row>({ label, columns, rows, rowKey }: StackedTableProps<Row>) {
  return (
    <div className="table-wrap" role="region" aria-label={label} tabIndex={0}>
      <table className="stacked">
        <thead className="phone-hidden">
          <tr>
            {columns.map((column) => (
              <th scope="col" key={column.label}>
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((column) => (
                <td key={column.label} data-label={column.label}>
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
