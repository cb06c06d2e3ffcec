import { Badge, TableCell, TableRow, type BadgeVariations } from '@aws-amplify/ui-react';
import type { AdminSubscription } from '@goldbot/shared';
import { PagedTable } from '../../components/paged-table';
import type { SubscriptionHistoryList } from '../api/get-subscription-history';
import { endText, formatDay, paymentText } from '../lib/subscription-format';

const STATUS: Record<AdminSubscription['status'], { label: string; variation?: BadgeVariations }> = {
  active: { label: 'Active', variation: 'success' },
  pending: { label: 'Pending', variation: 'warning' },
  expired: { label: 'Expired' },
  rejected: { label: 'Rejected', variation: 'error' },
  refunded: { label: 'Refunded', variation: 'info' },
};

/** The subscriptions: Package, User, Email, Start, End, Status, Payment, with Load more. */
export function HistoryTable({
  list,
  errorText,
  loadFailedText,
}: {
  list: SubscriptionHistoryList;
  errorText: string;
  loadFailedText?: string;
}) {
  return (
    <PagedTable
      list={list}
      loadingText="Loading subscription history..."
      emptyText="No records found"
      errorText={errorText}
      noun="subscriptions"
      loadFailedText={loadFailedText}
      label="Subscription history"
      columns={['Package', 'User', 'Email', 'Start', 'End', 'Status', 'Payment']}
      row={(subscription) => (
        <TableRow key={subscription._id}>
          <TableCell>{subscription.packageName}</TableCell>
          <TableCell>{subscription.userId.username}</TableCell>
          <TableCell>{subscription.userId.email}</TableCell>
          <TableCell>{formatDay(subscription.startDate)}</TableCell>
          <TableCell>{endText(subscription)}</TableCell>
          <TableCell>
            <Badge variation={STATUS[subscription.status].variation}>{STATUS[subscription.status].label}</Badge>
          </TableCell>
          <TableCell>{paymentText(subscription)}</TableCell>
        </TableRow>
      )}
    />
  );
}
