import { Badge, Flex, TableCell, TableRow } from '@aws-amplify/ui-react';
import type { Payment } from '@goldbot/shared';
import { PagedTable } from '../../components/paged-table';
import { StatusCell, UserCell, ViewDetailsCell } from '../../components/row-cells';
import { formatDate } from '@/lib/format';
import type { PaymentList } from '../api/payment-list';
import { ChainCheckBadge } from './chain-check-badge';
import { PaymentAmount } from './payment-amount';

interface PaymentsTableProps {
  /** The table's accessible name. */
  label: string;
  list: PaymentList;
  /** Shown when the list is empty ('No pending USDT payments', 'No payments found'). */
  emptyText: string;
  /** The fallback when a load fails without a message of the server's. */
  errorText: string;
  onView: (payment: Payment) => void;
}

/**
 * One tab's rows: Package, User, Amount, Status, Date, Actions, and Chain: what the TRON
 * network says about the TXID, its reasons on hover (and 'Ambiguous' when the transfer's binding
 * to the order is, with why on hover).
 */
export function PaymentsTable({ label, list, emptyText, errorText, onView }: PaymentsTableProps) {
  return (
    <PagedTable
      list={list}
      loadingText="Loading payments..."
      emptyText={emptyText}
      errorText={errorText}
      label={label}
      columns={['Package', 'User', 'Amount', 'Status', 'Chain', 'Date', 'Actions']}
      row={(payment) => (
        <TableRow key={payment._id}>
          <TableCell>{payment.packageName}</TableCell>
          <UserCell user={payment.userId} />
          <TableCell>
            <PaymentAmount payment={payment} />
          </TableCell>
          <StatusCell status={payment.status} />
          <TableCell>
            <Flex as="span" gap="xxs" wrap="wrap">
              <ChainCheckBadge check={payment.chainCheck} />
              {payment.binding?.ambiguous && (
                <Badge variation="warning" title={payment.binding.ambiguous}>
                  Ambiguous
                </Badge>
              )}
            </Flex>
          </TableCell>
          <TableCell>{formatDate(payment.createdAt)}</TableCell>
          <ViewDetailsCell onView={() => onView(payment)} />
        </TableRow>
      )}
    />
  );
}
