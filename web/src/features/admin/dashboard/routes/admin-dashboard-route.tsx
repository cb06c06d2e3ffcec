import { paths } from '@/config/paths';
import { Flex } from '@aws-amplify/ui-react';
import { PageFrame } from '@/components/layout/page-frame';
import { AdminDashboard } from '../components/admin-dashboard';
import { FailedMails } from '../components/failed-mails';
import { SetupChecklist } from '../components/setup-checklist';
import '../../components/admin-screens.css';

export default function AdminDashboardRoute() {
  return (
    <PageFrame
      title={paths.admin.dashboard.title}
      documentTitle={`Admin: ${paths.admin.dashboard.title}`}
      lead="Users and revenue at a glance, from the figures kept up to date with every payment and sign-up."
    >
      <Flex direction="column" gap="large">
        <SetupChecklist />
        <AdminDashboard />
        <FailedMails />
      </Flex>
    </PageFrame>
  );
}
