import { paths } from '@/config/paths';
import { PageFrame } from '@/components/layout/page-frame';
import { UserManagement } from '../components/user-management';
import '../../components/admin-screens.css';

export default function AdminUsersRoute() {
  return (
    <PageFrame
      title={paths.admin.users.title}
      documentTitle={`Admin: ${paths.admin.users.title}`}
      lead="Find a customer by username, e-mail or phone, see their account and subscriptions, and lock or unlock their account. A deactivated user is signed out at once and cannot sign in."
    >
      <UserManagement />
    </PageFrame>
  );
}
