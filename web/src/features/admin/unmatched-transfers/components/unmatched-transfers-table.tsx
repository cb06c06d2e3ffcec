import { Button, TableCell, TableRow, Text } from '@aws-amplify/ui-react';
import type { UnmatchedTransfer } from '@goldbot/shared';
import { formatDateTime, formatUsdt } from '@/lib/format';
import { PagedTable } from '../../components/paged-table';
import type { UnmatchedTransferList } from '../api/get-unmatched-transfers';
import { REASON_TEXT, TransferStatusBadge, TxidLink } from './transfer-text';

export const UNMATCHED_TEXT = {
  loading: 'Loading transfers...',
  empty: 'No unmatched transfers: every transfer to the payment wallets found its order.',
  failed: 'Failed to fetch unmatched transfers',
} as const;

interface UnmatchedTransfersTableProps {
  list: UnmatchedTransferList;
  onView: (transfer: UnmatchedTransfer) => void;
}

/** Amount, Payer, Time, TXID (linked to Tronscan), Why, Close orders (who), Status, Actions. */
export function UnmatchedTransfersTable({ list, onView }: UnmatchedTransfersTableProps) {
  return (
    <PagedTable
      list={list}
      loadingText={UNMATCHED_TEXT.loading}
      emptyText={UNMATCHED_TEXT.empty}
      errorText={UNMATCHED_TEXT.failed}
      noun="transfers"
      label="Unmatched transfers"
      columns={['Amount', 'Payer', 'Time', 'TXID', 'Why', 'Close orders', 'Status', 'Actions']}
      row={(transfer) => (
        <TableRow key={transfer.txid}>
          <TableCell>
            <Text as="span" fontWeight="semibold">
              {formatUsdt(transfer.amount)}
            </Text>
          </TableCell>
          <TableCell>
            <Text as="code" fontFamily="monospace" fontSize="small">
              {transfer.from}
            </Text>
          </TableCell>
          <TableCell>{formatDateTime(transfer.confirmedAt)}</TableCell>
          <TableCell>
            <TxidLink txid={transfer.txid} />
          </TableCell>
          <TableCell>
            <Text as="span" fontSize="small">
              {REASON_TEXT[transfer.reason]}
            </Text>
          </TableCell>
          <TableCell>
            {transfer.closeOrders.length === 0 ? (
              <Text as="span" color="font.tertiary" fontSize="small">
                None
              </Text>
            ) : (
              <Text as="span" fontSize="small">
                {transfer.closeOrders.map((order) => `${order.user.username} (${formatUsdt(order.amount)})`).join(', ')}
              </Text>
            )}
          </TableCell>
          <TableCell>
            <TransferStatusBadge status={transfer.status} />
          </TableCell>
          <TableCell>
            <Button size="small" onClick={() => onView(transfer)}>
              {transfer.status === 'open' ? 'Decide' : 'View Details'}
            </Button>
          </TableCell>
        </TableRow>
      )}
    />
  );
}
