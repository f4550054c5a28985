import type { Key, ReactNode } from 'react';

/** One column of a {@link DataTable}: its header and what it shows of each row. */
export interface DataColumn<Row> {
  /** Tells the column from the others (its header need not be text). */
  key: Key;
  header: ReactNode;
  cell: (row: Row, index: number) => ReactNode;
  /** The cell that names its row (`<th scope="row">`), which screen readers announce with each cell. */
  rowHeader?: boolean;
}

/** `data-*` attributes a row shows its state with, for styles and tests to select on. */
export type RowData = { [name: `data-${string}`]: string | boolean | undefined };

/** What names the table: the id of a heading that does (`aria-labelledby`), or its own `<caption>`. */
type TableName = { labelledBy: string; caption?: never } | { caption: ReactNode; labelledBy?: never };

/**
 * The console's table of records: one row for each, one column each thing shown of it, in a box
 * that scrolls sideways when the table is wider than the screen. A table always has a name, from
 * a heading or its caption.
 *
 * @example
 * <DataTable
 *   labelledBy={headingId}
 *   rows={agents}
 *   rowKey={(agent) => agent.id}
 *   columns={[
 *     { key: 'nick', header: t('admin.nick'), rowHeader: true, cell: (agent) => <bdi>{agent.nick}</bdi> },
 *     { key: 'capacity', header: t('admin.capacity'), cell: (agent) => agent.capacity },
 *   ]}
 * />
 */
export function DataTable<Row>({
  columns,
  rows,
  rowKey,
  rowHeaderId,
  rowData,
  className,
  labelledBy,
  caption,
}: TableName & {
  columns: readonly DataColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => Key;
  /** An id for each row's header, so a control in the row can name the row it acts on. */
  rowHeaderId?: (row: Row, index: number) => string;
  /** A row's state as `data-*` attributes, such as `data-disabled`. */
  rowData?: (row: Row) => RowData;
  /** Classes for the box besides `console-report__table`. */
  className?: string;
}) {
  return (
    <div className={className ? `console-report__table ${className}` : 'console-report__table'}>
      <table aria-labelledby={labelledBy}>
        {caption === undefined ? null : <caption>{caption}</caption>}
        <thead>
          <tr>
            {columns.map((column) => (
              <th scope="col" key={column.key}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={rowKey(row)} {...rowData?.(row)}>
              {columns.map((column) =>
                column.rowHeader ? (
                  <th scope="row" key={column.key} id={rowHeaderId?.(row, index)}>
                    {column.cell(row, index)}
                  </th>
                ) : (
                  <td key={column.key}>{column.cell(row, index)}</td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
