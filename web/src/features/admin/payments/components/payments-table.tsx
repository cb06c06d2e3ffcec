import {
  Alert,
  Button,
  Flex,
  Loader,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Text,
  View,
} from '@aws-amplify/ui-react';
import type { Payment } from '@goldbot/shared';
import { errorMessage } from '../../lib/error-message';
import { formatDate } from '../../lib/format';
import type { PaymentList } from '../api/payment-list';
import { PaymentAmount } from './payment-amount';
import { PaymentStatusBadge } from './payment-status-badge';

interface PaymentsTableProps {
  /** The table's accessible name. */
  label: string;
  list: PaymentList;
  /** Shown when the list is empty ('No pending USDT payments', 'No payments found'). */
  emptyText: string;
  /** The fallback when a load fails without a message of the server's (admin §8). */
  errorText: string;
  onView: (payment: Payment) => void;
}

/**
 * One tab's rows: Package, User, Amount, Status, Date, Actions (admin §2). A Loader only on the
 * first load; background refreshes change the rows in place. A failed first load replaces the
 * table; a failed refresh keeps the rows under a dismissible alert.
 */
export function PaymentsTable({ label, list, emptyText, errorText, onView }: PaymentsTableProps) {
  if (list.isLoading) {
    return (
      <Flex role="status" alignItems="center" gap="small" padding="large">
        <Loader size="large" />
        <Text>Loading payments...</Text>
      </Flex>
    );
  }

  const failure = list.error ? errorMessage(list.error, errorText) : null;
  if (failure && list.payments.length === 0) {
    return (
      <Alert variation="error" heading={errorText}>
        <Flex direction="column" gap="small" alignItems="flex-start">
          {failure !== errorText && <Text as="span">{failure}</Text>}
          <Button size="small" onClick={() => void list.refresh()}>
            Try Again
          </Button>
        </Flex>
      </Alert>
    );
  }

  return (
    <Flex direction="column" gap="medium">
      {failure && (
        <Alert variation="error" isDismissible>
          {failure}
        </Alert>
      )}
      {list.payments.length === 0 ? (
        <Text padding="large" textAlign="center" color="font.secondary">
          {emptyText}
        </Text>
      ) : (
        <View className="admin-table-scroll">
          <Table aria-label={label} highlightOnHover size="small">
            <TableHead>
              <TableRow>
                <TableCell as="th">Package</TableCell>
                <TableCell as="th">User</TableCell>
                <TableCell as="th">Amount</TableCell>
                <TableCell as="th">Status</TableCell>
                <TableCell as="th">Date</TableCell>
                <TableCell as="th">Actions</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {list.payments.map((payment) => (
                <TableRow key={payment._id}>
                  <TableCell>{payment.packageName}</TableCell>
                  <TableCell>
                    <Text as="span" display="block" fontWeight="semibold">
                      {payment.userId.username}
                    </Text>
                    <Text as="span" display="block" fontSize="small" color="font.secondary">
                      {payment.userId.email}
                    </Text>
                  </TableCell>
                  <TableCell>
                    <PaymentAmount payment={payment} />
                  </TableCell>
                  <TableCell>
                    <PaymentStatusBadge status={payment.status} />
                  </TableCell>
                  <TableCell>{formatDate(payment.createdAt)}</TableCell>
                  <TableCell>
                    <Button size="small" onClick={() => onView(payment)}>
                      View Details
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </View>
      )}
      {list.hasMore && (
        <Button
          alignSelf="center"
          onClick={list.loadMore}
          isLoading={list.isLoadingMore}
          isDisabled={list.isLoadingMore}
          loadingText="Loading..."
        >
          Load more
        </Button>
      )}
    </Flex>
  );
}
