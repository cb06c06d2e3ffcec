import { TableCell, TableRow } from '@aws-amplify/ui-react';
import type { Refund, RefundStatus } from '@goldbot/shared';
import { formatDate, formatUsdt } from '@/lib/format';
import { PagedTable } from '../../components/paged-table';
import type { StatusTab } from '../../components/status-tabs';
import { StatusCell, UserCell, ViewDetailsCell } from '../../components/row-cells';
import type { RefundList } from '../api/get-refunds';

export const FETCH_REFUNDS_FAILED = 'Failed to fetch refunds';

interface RefundsTableProps {
  /** The tab the table is under: it names the table ('Pending refund requests') and its empty text. */
  tab: StatusTab<RefundStatus>;
  list: RefundList;
  onView: (refund: Refund) => void;
}

/** One tab's refund requests: User, Package, Amount (what was paid), Status, Requested, Actions. */
export function RefundsTable({ tab, list, onView }: RefundsTableProps) {
  return (
    <PagedTable
      list={list}
      loadingText="Loading refunds..."
      emptyText={`No ${tab.value} refund requests`}
      errorText={FETCH_REFUNDS_FAILED}
      label={`${tab.label} refund requests`}
      columns={['User', 'Package', 'Amount', 'Status', 'Requested', 'Actions']}
      row={(refund) => (
        <TableRow key={refund._id}>
          <UserCell user={refund.userId} />
          <TableCell>{refund.packageName}</TableCell>
          <TableCell>{formatUsdt(refund.amountPaid)}</TableCell>
          <StatusCell status={refund.status} />
          <TableCell>{formatDate(refund.requestedAt)}</TableCell>
          <ViewDetailsCell onView={() => onView(refund)} />
        </TableRow>
      )}
    />
  );
}
