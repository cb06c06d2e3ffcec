import { paths } from '@/app/paths';
import { PageFrame } from '@/components/layout/page-frame';

export default function AdminUsersRoute() {
  return (
    <PageFrame
      title={paths.admin.users.title}
      documentTitle={`Admin: ${paths.admin.users.title}`}
      lead="A searchable list of users, with their details and activation controls, will appear here."
    />
  );
}
