import type { ReactNode } from 'react';
import { AdminTable } from './admin-table';
import { PagedListView, type PagedListViewProps } from './paged-list-view';

interface PagedTableProps<TItem> extends Omit<PagedListViewProps<TItem>, 'children'> {
  /** The table's accessible name. */
  label: string;
  /** The header cells, left to right. */
  columns: readonly string[];
  /** One item's row (a TableRow with its key). */
  row: (item: TItem) => ReactNode;
}

/**
 * A paged admin list drawn as a table: the list's states (PagedListView) around an AdminTable with
 * one row per loaded item, lit up under the pointer.
 */
export function PagedTable<TItem>({ label, columns, row, ...view }: PagedTableProps<TItem>) {
  return (
    <PagedListView {...view}>
      {(items) => (
        <AdminTable label={label} columns={columns} highlightOnHover>
          {items.map(row)}
        </AdminTable>
      )}
    </PagedListView>
  );
}
