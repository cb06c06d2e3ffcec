import { paths } from '@/app/paths';
import { PageFrame } from '@/components/layout/page-frame';

export default function AdminDashboardRoute() {
  return (
    <PageFrame
      title={paths.admin.dashboard.title}
      documentTitle={`Admin: ${paths.admin.dashboard.title}`}
      lead="User and revenue analytics will appear here."
    />
  );
}
