import { Flex, TableCell, TableRow } from '@aws-amplify/ui-react';
import type { Withdrawal } from '@goldbot/shared';
import { PagedListView } from '../../components/paged-list-view';
import { StatusBadge } from '../../components/status-badge';
import { UserCell, ViewDetailsCell } from '../../components/row-cells';
import { formatDate, formatUsd } from '@/lib/format';
import type { WithdrawalList } from '../api/get-withdrawals';
import { AdminTable } from '../../components/admin-table';
import { PayoutCheckBadge } from './payout-section';

interface WithdrawalsTableProps {
  /** The table's accessible name. */
  label: string;
  list: WithdrawalList;
  /** 'No withdrawal requests found' or 'No {status} withdrawal requests found'. */
  emptyText: string;
  onView: (withdrawal: Withdrawal) => void;
}

export const FETCH_WITHDRAWALS_FAILED = 'Failed to fetch withdrawals';

/**
 * One tab's requests: User, Amount, Balance (the user's available earnings), Status (with the
 * payout's on-chain verdict once approved), Date, Actions.
 */
export function WithdrawalsTable({ label, list, emptyText, onView }: WithdrawalsTableProps) {
  return (
    <PagedListView
      list={list}
      loadingText="Loading withdrawals..."
      emptyText={emptyText}
      errorText={FETCH_WITHDRAWALS_FAILED}
    >
      {(withdrawals) => (
        <AdminTable label={label} columns={['User', 'Amount', 'Balance', 'Status', 'Date', 'Actions']} highlightOnHover>
          {withdrawals.map((withdrawal) => (
            <TableRow key={withdrawal._id}>
              <UserCell user={withdrawal.userId} />
              <TableCell>{formatUsd(withdrawal.amount)}</TableCell>
              <TableCell>{formatUsd(withdrawal.userId.referralEarnings)}</TableCell>
              <TableCell>
                <Flex as="span" alignItems="center" gap="xs" wrap="wrap">
                  <StatusBadge status={withdrawal.status} />
                  {withdrawal.status === 'approved' && withdrawal.payoutTxid && (
                    <PayoutCheckBadge check={withdrawal.payoutCheck} />
                  )}
                </Flex>
              </TableCell>
              <TableCell>{formatDate(withdrawal.requestDate)}</TableCell>
              <ViewDetailsCell onView={() => onView(withdrawal)} />
            </TableRow>
          ))}
        </AdminTable>
      )}
    </PagedListView>
  );
}
