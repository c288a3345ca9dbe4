import type { ReactNode } from 'react';
import styles from './ui.module.css';

export interface Column<Row> {
  key: string;
  title: string;
  render: (row: Row) => ReactNode;
  align?: 'left' | 'right';
  /** A share of the table's width ("28%"); columns without one split the rest. */
  width?: string;
}

interface DataTableProps<Row> {
  columns: Column<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string;
  /** Drawn under the header when there are no rows, so the table's shape stays visible. */
  empty: ReactNode;
}

/** A compact table for business lists (drafts, orders, ledgers) that fits a 320 px phone. */
export function DataTable<Row>({ columns, rows, rowKey, empty }: DataTableProps<Row>) {
  return (
    <table className={styles.table}>
      <thead>
        <tr>
          {columns.map((c) => (
            <th
              key={c.key}
              scope="col"
              className={c.align === 'right' ? styles.right : undefined}
              style={c.width ? { width: c.width } : undefined}
            >
              {c.title}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.length === 0 ? (
          <tr>
            <td colSpan={columns.length}>{empty}</td>
          </tr>
        ) : (
          rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((c) => (
                <td key={c.key} className={c.align === 'right' ? styles.right : undefined}>
                  {c.render(row)}
                </td>
              ))}
            </tr>
          ))
        )}
      </tbody>
    </table>
  );
}
