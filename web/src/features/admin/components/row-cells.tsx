import { Button, TableCell } from '@aws-amplify/ui-react';
import { StatusBadge, type AdminStatus } from './status-badge';
import { UserIdentity } from './user-identity';

/** The User column of the request lists (payments, refunds, withdrawals): username in bold, e-mail under it. */
export function UserCell({ user }: { user: { username: string; email: string } }) {
  return (
    <TableCell>
      <UserIdentity user={user} emphasize />
    </TableCell>
  );
}

/** The Status column of the admin lists: the status as its badge. */
export function StatusCell({ status }: { status: AdminStatus }) {
  return (
    <TableCell>
      <StatusBadge status={status} />
    </TableCell>
  );
}

/** The button every admin list's Actions column opens its detail modal with. */
export function ViewDetailsButton({ onView }: { onView: () => void }) {
  return (
    <Button size="small" onClick={onView}>
      View Details
    </Button>
  );
}

/** An Actions cell holding only 'View Details'. */
export function ViewDetailsCell({ onView }: { onView: () => void }) {
  return (
    <TableCell>
      <ViewDetailsButton onView={onView} />
    </TableCell>
  );
}
