import type { Key, ReactNode } from 'react';

/** One column: its header and what a row shows in it. */
export interface Column<Row> {
  label: string;
  cell: (row: Row) => ReactNode;
}

/** A table's description: everything but its rows, so a page names its tables once. */
export type TableSpec<Row> = Omit<StackedTableProps<Row>, 'rows'>;

interface StackedTableProps<Row> {
  /** The name of the scrolling region around the table. */
  label: string;
  columns: readonly Column<Row>[];
  /** Null while the rows are loading. */
  rows: readonly Row[] | null;
  /** What shows while the rows load, and when there are none. */
  loading: string;
  empty: string;
  rowKey: (row: Row, index: number) => Key;
  /** False keeps the table a table at every width (no cards, no `data-label`). */
  stacked?: boolean;
}

/**
 * A table that reads as a table on desktop and as a stack of cards on phones (account.css,
 * `.stacked`): each cell carries its column's name in `data-label`, shown beside the value,
 * so nothing is cut mid-word at 390 px. The markup stays one table, so
 * rows, headers and their names are the same at every width.
 */
export function StackedTable<Row>({
  label,
  columns,
  rows,
  rowKey,
  loading,
  empty,
  stacked = true,
}: StackedTableProps<Row>) {
  if (rows === null) return <p role="status">{loading}</p>;
  if (rows.length === 0) return <p>{empty}</p>;
  return (
    <div className="table-wrap" role="region" aria-label={label} tabIndex={0}>
      <table className={stacked ? 'stacked' : undefined}>
        <thead className={stacked ? 'phone-hidden' : undefined}>
          <tr>
            {columns.map((column) => (
              <th scope="col" key={column.label}>
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={rowKey(row, index)}>
              {columns.map((column) => (
                <td key={column.label} data-label={stacked ? column.label : undefined}>
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
