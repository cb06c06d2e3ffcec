/** A column's header: its text, or text only screen readers get (over a column of links or buttons). */
export type ColumnHeader = string | { visuallyHidden: string };

/** A plain table's head: one row of column headers, left to right. */
export function ColumnHeaders({ columns }: { columns: readonly ColumnHeader[] }) {
  return (
    <thead>
      <tr>
        {columns.map((column) =>
          typeof column === 'string' ? (
            <th scope="col" key={column}>
              {column}
            </th>
          ) : (
            <th scope="col" key={column.visuallyHidden}>
              <span className="visually-hidden">{column.visuallyHidden}</span>
            </th>
          ),
        )}
      </tr>
    </thead>
  );
}
