import { useState } from 'react';
import { TOAST_MS, type AdminUser } from '@goldbot/shared';
import { useSession } from '@/features/auth/auth-public';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ExportCsvButton } from '../../components/export-csv-button';
import { NoticedColumn } from '../../components/notice-alert';
import { SearchToolbar } from '../../components/server-search-field';
import { useNotice } from '../../hooks/use-notice';
import { useServerSearch } from '../../hooks/use-server-search';
import { useUsers } from '../api/get-users';
import { ACTION_TITLE, actionErrorText, confirmWording, useUserStatus } from '../hooks/use-user-status';
import { UserDetailModal } from './user-detail-modal';
import { UsersTable } from './users-table';

/**
 * Admin users: a server search on username, e-mail or phone, the table with
 * 'View Details' and Activate/Deactivate (confirmed first), the detail modal, and the CSV export
 * of the current search. The admin's own account cannot be deactivated.
 */
export function UserManagement() {
  const search = useServerSearch();
  const list = useUsers(search.search);
  const { user: self } = useSession();
  const [selected, setSelected] = useState<AdminUser | null>(null);
  const notice = useNotice();
  const status = useUserStatus({
    onChanged: (_change, response) => {
      notice.show('success', response.message, TOAST_MS.inPageNotification);
      void list.refresh();
    },
    onFailed: (change, error) => {
      notice.show('error', actionErrorText(change.action, error));
      // The user may have changed or gone meanwhile: show the list as it is now.
      void list.refresh();
    },
  });
  const confirming = status.confirming;

  return (
    <NoticedColumn notice={notice}>
      <SearchToolbar label="Search users" placeholder="Search by username, email or phone" search={search}>
        <ExportCsvButton dataset="users" query={{ search: search.search }} />
      </SearchToolbar>
      <UsersTable list={list} selfId={self?._id} busy={status.busy} onView={setSelected} onToggle={status.ask} />
      {confirming && (
        <ConfirmDialog
          title={ACTION_TITLE[confirming.action]}
          wording={confirmWording(confirming.user, confirming.action)}
          destructive={confirming.action === 'deactivate'}
          busy={status.busy}
          onConfirm={() => void status.confirm()}
          onCancel={status.cancel}
        />
      )}
      {selected && (
        <UserDetailModal
          key={selected._id}
          user={selected}
          isSelf={selected._id === self?._id}
          onClose={() => setSelected(null)}
          onChanged={(_change, response) => {
            setSelected(response.user);
            void list.refresh();
          }}
        />
      )}
    </NoticedColumn>
  );
}
