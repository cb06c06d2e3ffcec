import { paths } from '@/config/paths';
import { PageFrame } from '@/components/layout/page-frame';
import { SubscriptionSettingsManagement } from '../components/subscription-settings-management';
import '../../components/admin-screens.css';

export default function AdminSubscriptionSettingsRoute() {
  return (
    <PageFrame
      title={paths.admin.subscriptionSettings.title}
      documentTitle={`Admin: ${paths.admin.subscriptionSettings.title}`}
      lead="Whether the monthly Basic Package is on sale, and the prices of every package."
    >
      <SubscriptionSettingsManagement />
    </PageFrame>
  );
}
