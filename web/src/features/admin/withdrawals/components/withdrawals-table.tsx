import { Flex, TableCell, TableRow } from '@aws-amplify/ui-react';
import type { Withdrawal } from '@goldbot/shared';
import { PagedTable } from '../../components/paged-table';
import { StatusBadge } from '../../components/status-badge';
import { UserCell, ViewDetailsCell } from '../../components/row-cells';
import { formatDate, formatUsd } from '@/lib/format';
import type { WithdrawalList, WithdrawalTab } from '../api/get-withdrawals';
import type { StatusTab } from '../../components/status-tabs';
import { PayoutCheckBadge } from './payout-section';

interface WithdrawalsTableProps {
  /** The tab the table is under: it names the table ('Pending withdrawal requests') and its empty text. */
  tab: StatusTab<WithdrawalTab>;
  list: WithdrawalList;
  onView: (withdrawal: Withdrawal) => void;
}

/** The empty list's text: 'No withdrawal requests found' or 'No {status} withdrawal requests found'. */
const emptyText = (tab: WithdrawalTab) =>
  tab === 'all' ? 'No withdrawal requests found' : `No ${tab} withdrawal requests found`;

export const FETCH_WITHDRAWALS_FAILED = 'Failed to fetch withdrawals';

/**
 * One tab's requests: User, Amount, Balance (the user's available earnings), Status (with the
 * payout's on-chain verdict once approved), Date, Actions.
 */
export function WithdrawalsTable({ tab, list, onView }: WithdrawalsTableProps) {
  return (
    <PagedTable
      list={list}
      loadingText="Loading withdrawals..."
      emptyText={emptyText(tab.value)}
      errorText={FETCH_WITHDRAWALS_FAILED}
      label={`${tab.label} withdrawal requests`}
      columns={['User', 'Amount', 'Balance', 'Status', 'Date', 'Actions']}
      row={(withdrawal) => (
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
      )}
    />
  );
}
