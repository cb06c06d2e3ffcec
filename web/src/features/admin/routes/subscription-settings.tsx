import { paths } from '@/app/paths';
import { PageFrame } from '@/components/layout/page-frame';

export default function AdminSubscriptionSettingsRoute() {
  return (
    <PageFrame
      title={paths.admin.subscriptionSettings.title}
      documentTitle={`Admin: ${paths.admin.subscriptionSettings.title}`}
      lead="The switch that puts the monthly Basic Package on or off sale will be here."
    />
  );
}
