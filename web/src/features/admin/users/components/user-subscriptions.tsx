import { Alert, Flex, TableCell, TableRow, Text } from '@aws-amplify/ui-react';
import type { AdminSubscription } from '@goldbot/shared';
import { ListEmpty, ListLoading } from '../../components/list-states';
import { StatusBadge } from '../../components/status-badge';
import { errorMessage } from '../../lib/error-message';
import { formatCalendarDay } from '@/lib/format';
import { useUserSubscriptions } from '../api/get-user-subscriptions';
import { AdminTable } from '../../components/admin-table';
import { paymentText } from '../../subscription-history/lib/subscription-format';

export const NO_SUBSCRIPTIONS = 'No subscription history available';
export const FETCH_SUBSCRIPTIONS_FAILED = 'Failed to fetch user subscriptions';

/** A subscription's end: 'Lifetime' for a lifetime Ultimate, '-' while it has not started. */
function endText(subscription: AdminSubscription): string {
  if (subscription.endDate) return formatCalendarDay(subscription.endDate, '-');
  return subscription.startDate ? 'Lifetime' : '-';
}

/** A row ended by support before its time says so after its status. */
export const endedBySupportText = (endedAt: string) => `Ended by support ${formatCalendarDay(endedAt.slice(0, 10))}`;

/** 'Subscription History' of the user detail view: package, status, start, end and how it came about. */
export function UserSubscriptions({ userId }: { userId: string }) {
  const { data, error, isLoading } = useUserSubscriptions(userId);
  if (isLoading) return <ListLoading text="Loading subscriptions..." />;
  if (error) return <Alert variation="error">{errorMessage(error, FETCH_SUBSCRIPTIONS_FAILED)}</Alert>;
  if (!data || data.length === 0) return <ListEmpty text={NO_SUBSCRIPTIONS} />;
  return (
    <AdminTable label="Subscription history" columns={['Package', 'Status', 'Start', 'End', 'Payment']}>
      {data.map((subscription) => (
        <TableRow key={subscription._id}>
          <TableCell>{subscription.packageName}</TableCell>
          <TableCell>
            <Flex as="span" direction="column" gap="xxxs">
              <StatusBadge status={subscription.status} />
              {subscription.endedAt && (
                <Text as="span" fontSize="small" color="font.secondary">
                  {endedBySupportText(subscription.endedAt)}
                </Text>
              )}
            </Flex>
          </TableCell>
          <TableCell>{formatCalendarDay(subscription.startDate, '-')}</TableCell>
          <TableCell>{endText(subscription)}</TableCell>
          <TableCell>{paymentText(subscription)}</TableCell>
        </TableRow>
      ))}
    </AdminTable>
  );
}
