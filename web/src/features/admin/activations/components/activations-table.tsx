import { TableCell, TableRow } from '@aws-amplify/ui-react';
import type { AdminSubscription } from '@goldbot/shared';
import { formatDay } from '../../subscription-history/lib/subscription-format';
import { AdminTable } from '../../components/admin-table';

/** The subscribers of the activation e-mails: User, Email, Package, Start Date. */
export function ActivationsTable({ subscriptions }: { subscriptions: readonly AdminSubscription[] }) {
  return (
    <AdminTable
      label="Subscriptions starting today"
      columns={['User', 'Email', 'Package', 'Start Date']}
      highlightOnHover
    >
      {subscriptions.map((subscription) => (
        <TableRow key={subscription._id}>
          <TableCell>{subscription.userId.username}</TableCell>
          <TableCell>{subscription.userId.email}</TableCell>
          <TableCell>{subscription.packageName}</TableCell>
          <TableCell>{formatDay(subscription.startDate)}</TableCell>
        </TableRow>
      ))}
    </AdminTable>
  );
}
