import { paths } from '@/app/paths';
import { PageFrame } from '@/components/layout/page-frame';

export default function AdminSubscriptionHistoryRoute() {
  return (
    <PageFrame
      title={paths.admin.subscriptionHistory.title}
      documentTitle={`Admin: ${paths.admin.subscriptionHistory.title}`}
      lead="Every subscription, searchable and filterable by month and year, will appear here."
    />
  );
}
