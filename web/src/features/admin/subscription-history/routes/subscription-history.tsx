import { paths } from '@/app/paths';
import { PageFrame } from '@/components/layout/page-frame';
import { SubscriptionHistory } from '../components/subscription-history';
import '../../components/admin-screens.css';

export default function AdminSubscriptionHistoryRoute() {
  return (
    <PageFrame
      title={paths.admin.subscriptionHistory.title}
      documentTitle={`Admin: ${paths.admin.subscriptionHistory.title}`}
      lead="Every subscription of a month or year, with the payment behind it. Search by user, package or status."
    >
      <SubscriptionHistory />
    </PageFrame>
  );
}
