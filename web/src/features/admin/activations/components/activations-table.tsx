import { Table, TableBody, TableCell, TableHead, TableRow, View } from '@aws-amplify/ui-react';
import type { AdminSubscription } from '@goldbot/shared';
import { formatDay } from '../../subscription-history/lib/subscription-format';

/** The subscribers of the activation e-mails: User, Email, Package, Start Date. */
export function ActivationsTable({ subscriptions }: { subscriptions: readonly AdminSubscription[] }) {
  return (
    <View className="admin-table-scroll">
      <Table aria-label="Subscriptions starting today" highlightOnHover size="small">
        <TableHead>
          <TableRow>
            <TableCell as="th">User</TableCell>
            <TableCell as="th">Email</TableCell>
            <TableCell as="th">Package</TableCell>
            <TableCell as="th">Start Date</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {subscriptions.map((subscription) => (
            <TableRow key={subscription._id}>
              <TableCell>{subscription.userId.username}</TableCell>
              <TableCell>{subscription.userId.email}</TableCell>
              <TableCell>{subscription.packageName}</TableCell>
              <TableCell>{formatDay(subscription.startDate)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </View>
  );
}
