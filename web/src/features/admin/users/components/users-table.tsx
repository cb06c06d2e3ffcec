import { Flex, TableCell, TableRow } from '@aws-amplify/ui-react';
import { ADMIN_MESSAGES, type AdminUser } from '@goldbot/shared';
import { PagedTable } from '../../components/paged-table';
import type { UserList } from '../api/get-users';
import { UserStatusButton } from './user-status-button';
import { StatusCell, ViewDetailsButton } from '../../components/row-cells';

export const NO_USERS = 'No matching users found';
export const NO_PHONE = 'Not provided';

/** The phone number, or 'Not provided' when there is none. */
export const phoneText = (user: AdminUser) => (user.phone?.trim() ? user.phone : NO_PHONE);

interface UsersTableProps {
  list: UserList;
  /** The signed-in admin's user id: their own row cannot be deactivated. */
  selfId: string | undefined;
  /** A status change is on its way: the status buttons wait. */
  busy: boolean;
  onView: (user: AdminUser) => void;
  onToggle: (user: AdminUser) => void;
}

/** Username, Email, Phone, Status, Actions, with 'Load more'. */
export function UsersTable({ list, selfId, busy, onView, onToggle }: UsersTableProps) {
  return (
    <PagedTable
      list={list}
      loadingText="Loading users..."
      emptyText={NO_USERS}
      errorText={ADMIN_MESSAGES.fetchUsersFailed}
      noun="users"
      label="Users"
      columns={['Username', 'Email', 'Phone', 'Status', 'Actions']}
      row={(user) => (
        <TableRow key={user._id}>
          <TableCell fontWeight="semibold">{user.username}</TableCell>
          <TableCell style={{ overflowWrap: 'break-word' }}>{user.email}</TableCell>
          <TableCell>{phoneText(user)}</TableCell>
          <StatusCell status={user.isActive ? 'active' : 'inactive'} />
          <TableCell>
            <Flex gap="xs" wrap="wrap" alignItems="flex-start">
              <ViewDetailsButton onView={() => onView(user)} />
              <UserStatusButton user={user} isSelf={user._id === selfId} isDisabled={busy} onClick={onToggle} />
            </Flex>
          </TableCell>
        </TableRow>
      )}
    />
  );
}
