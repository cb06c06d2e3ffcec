import type { ReactNode } from 'react';
import { Table, TableBody, TableCell, TableHead, TableRow, View } from '@aws-amplify/ui-react';

interface AdminTableProps {
  /** The table's accessible name. */
  label: string;
  /** The header cells, left to right. */
  columns: readonly string[];
  /** Rows light up under the pointer: the lists; not the tables of fields to edit. */
  highlightOnHover?: boolean;
  /** The body's rows. */
  children: ReactNode;
}

/** The back office's small table: scrolls sideways on narrow screens, one header row of `columns`. */
export function AdminTable({ label, columns, highlightOnHover = false, children }: AdminTableProps) {
  return (
    <View className="admin-table-scroll">
      <Table aria-label={label} highlightOnHover={highlightOnHover} size="small">
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <TableCell as="th" key={column}>
                {column}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>{children}</TableBody>
      </Table>
    </View>
  );
}
