import { TableCell, TableRow } from '@aws-amplify/ui-react';
import type { Refund } from '@goldbot/shared';
import { formatDate, formatUsdt } from '@/lib/format';
import { AdminTable } from '../../components/admin-table';
import { PagedListView } from '../../components/paged-list-view';
import { StatusBadge } from '../../components/status-badge';
import { UserCell, ViewDetailsCell } from '../../components/row-cells';
import type { RefundList } from '../api/get-refunds';

export const FETCH_REFUNDS_FAILED = 'Failed to fetch refunds';

interface RefundsTableProps {
  /** The table's accessible name. */
  label: string;
  list: RefundList;
  emptyText: string;
  onView: (refund: Refund) => void;
}

/** One tab's refund requests: User, Package, Amount (what was paid), Status, Requested, Actions. */
export function RefundsTable({ label, list, emptyText, onView }: RefundsTableProps) {
  return (
    <PagedListView list={list} loadingText="Loading refunds..." emptyText={emptyText} errorText={FETCH_REFUNDS_FAILED}>
      {(refunds) => (
        <AdminTable
          label={label}
          columns={['User', 'Package', 'Amount', 'Status', 'Requested', 'Actions']}
          highlightOnHover
        >
          {refunds.map((refund) => (
            <TableRow key={refund._id}>
              <UserCell user={refund.userId} />
              <TableCell>{refund.packageName}</TableCell>
              <TableCell>{formatUsdt(refund.amountPaid)}</TableCell>
              <TableCell>
                <StatusBadge status={refund.status} />
              </TableCell>
              <TableCell>{formatDate(refund.requestedAt)}</TableCell>
              <ViewDetailsCell onView={() => onView(refund)} />
            </TableRow>
          ))}
        </AdminTable>
      )}
    </PagedListView>
  );
}
